"""CPython stand-in for MicroPython's built-in `micropython` module.

Under real MicroPython the built-in always wins over this file, so it only ever runs on CPython.
"""


def const(value):
    return value


def native(function):
    return function


def viper(function):
    return function


def mem_info(*_args):
    pass
