"""Fake `neopixel_write`: the bytes go to the fake machine's bitstream record of the pin's line,
where the MicroPython path's NeoPixel bytes go too."""

import machine


def neopixel_write(digitalinout, buf):
    machine.bitstream(machine.Pin(digitalinout._board_pin.id), 0, (400, 850, 800, 450), buf)
