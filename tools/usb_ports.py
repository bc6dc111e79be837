"""Is there a board to talk to? One answer for `make deploy` and `make collect`, before any
mpremote session: without it, a missing board read as "INTERRUPTED ... plug it in again" with
an empty results.csv, or as a port "in use by another program".

Ports come from pyserial (mpremote's own dependency), which lists USB serial devices with
their USB ids; a MicroPython board shows up as one (the RP2040's USB id is 2e8a).
"""

import os

NO_BOARD = (
    "no DiceTable found on USB: plug it in with a data cable (some cables carry power only), "
    "or name its port with PORT=/dev/ttyACM0"
)


def usb_serial_ports():
    """Device paths of the USB serial ports plugged in now."""
    from serial.tools import list_ports

    return [port.device for port in list_ports.comports() if port.vid is not None]


def missing(port):
    """Why nothing can be reached at `port` ("auto": the first USB serial port), or None."""
    if port == "auto":
        return None if usb_serial_ports() else NO_BOARD
    if not os.path.exists(port):
        return "no DiceTable at %s: nothing is plugged in there" % port
    return None
