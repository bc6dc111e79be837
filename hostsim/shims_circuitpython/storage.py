"""Fake `storage`: the drive is the code's (boot.py remounted it) unless a test says not."""


class _Mount:
    readonly = False


_root = _Mount()


def getmount(path):
    return _root


def remount(path, readonly=False, *, disable_concurrent_write_protection=False):
    _root.readonly = readonly
