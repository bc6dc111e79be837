"""E-ink driver for the SSD1680 family: SSD1680 2.9" (296x128) and SSD1683 4.2" (400x300).

The UI draws a landscape image, colour 1 = black ink, in a framebuf of `FORMAT`, `width` x
`height`, `BUFFER_SIZE` bytes, laid out so that buffer order is RAM order and a window is sent
through a 256-byte table: 296x128 (glass: 128 sources x 296 gates, mounted landscape) is
MONO_VLSB with the RAM counter moving along the gates, so a page row is one run of addresses
(bytes bit-reversed and inverted); 400x300 (natively landscape) is MONO_HLSB (inverted only).
A full refresh drives every pixel; a partial runs the differential mode-2 waveform, which
moves only pixels where RAM 0x24 (new image) differs from RAM 0x26 (old image). The driver
keeps what the glass shows (`shown`, in the app's frame format: the app plans its refreshes
against it and keeps no copy of its own) and fills 0x26 from it, so the app may draw into its
buffer while the panel is still refreshing. A refresh's window goes to 0x26 once the refresh
has ended (`_refreshed`), so a press sends only its new image. Bytes become RAM bytes on the
way out, a window at a time through a viper loop over the 256-byte table (a blit with it as its
palette where viper is missing), never in a Python loop.
The refresh budget (refresh_budget.py) turns a partial into a full after `partials_per_full`
partials and holds a refresh back until `min_interval_ms` after the start of the last one. The
bus, BUSY deadlines and the refresh cycle are shared with the UC8151 driver (panel_bus.py).
"""

import framebuf
from micropython import const

from dicetable.drivers.panel_bus import PanelBus, byte_table

try:
    from dicetable.loops import copy_rows, translate_rows
except (ImportError, ValueError, SyntaxError):
    # No viper here (see ui/text.py): a blit through the table translates.
    copy_rows = translate_rows = None  # type: ignore[assignment]

# Commands (SSD1680/SSD1683 datasheets, command table).
_DRIVER_OUTPUT = const(0x01)
_DEEP_SLEEP = const(0x10)
_DATA_ENTRY = const(0x11)
_SW_RESET = const(0x12)
_TEMPERATURE_SENSOR = const(0x18)
_MASTER_ACTIVATION = const(0x20)
_UPDATE_CONTROL_1 = const(0x21)
_UPDATE_CONTROL_2 = const(0x22)
_WRITE_RAM_NEW = const(0x24)  # "B/W RAM": the image to show
_WRITE_RAM_OLD = const(0x26)  # "red RAM": on B/W glass, the image shown now
_BORDER = const(0x3C)
_RAM_X_WINDOW = const(0x44)
_RAM_Y_WINDOW = const(0x45)
_RAM_X_COUNTER = const(0x4E)
_RAM_Y_COUNTER = const(0x4F)

# Data entry mode (0x11): counting directions, and which counter moves after each byte.
_X_UP = const(0b001)
_Y_UP = const(0b010)
_ALONG_Y = const(0b100)  # else the X (source byte) counter moves first

# Display update control 2 (0x22): the stages master activation runs, in this order.
_CLOCK_ON = const(0b1000_0000)
_ANALOG_ON = const(0b0100_0000)
_LOAD_TEMPERATURE = const(0b0010_0000)
_LOAD_LUT = const(0b0001_0000)
_MODE_2 = const(0b0000_1000)  # differential waveform: needs the old image in RAM 0x26
_DISPLAY = const(0b0000_0100)
_ANALOG_OFF = const(0b0000_0010)
_CLOCK_OFF = const(0b0000_0001)
# Power down after every refresh: the glass keeps its image unpowered, and nothing is left on
# if the app never comes back.
_REFRESH_FULL = const(
    _CLOCK_ON | _ANALOG_ON | _LOAD_TEMPERATURE | _LOAD_LUT | _DISPLAY | _ANALOG_OFF | _CLOCK_OFF
)
_REFRESH_PARTIAL = const(_REFRESH_FULL | _MODE_2)

_MONO_VLSB = const(0)  # framebuf's format numbers (the same on every port)
_MONO_HLSB = const(3)
# Bytes of a window sent in one transfer: at least one row of either panel (four 296-byte
# pages or 24 50-byte rows).
_PACK_BYTES = const(1200)

# Sent once after SW reset.
_INIT_296x128 = (
    (_DRIVER_OUTPUT, b"\x27\x01\x00"),  # 296 gates (MUX 295, low byte first); no mirroring
    # Both counters up, Y (gates) first: one VLSB page row is one run of RAM addresses.
    (_DATA_ENTRY, bytes((_X_UP | _Y_UP | _ALONG_Y,))),
    (_TEMPERATURE_SENSOR, b"\x80"),  # internal sensor: the OTP waveform depends on temperature
)
_INIT_400x300 = (
    (_DRIVER_OUTPUT, b"\x2b\x01\x00"),  # 300 gates (MUX 299); no mirroring
    (_DATA_ENTRY, bytes((_X_UP | _Y_UP,))),  # X first: one HLSB row is one run of addresses
    (_TEMPERATURE_SENSOR, b"\x80"),
)
# Sent before each refresh. Update control 1: red RAM read as 0 for a full refresh (every pixel
# driven from the new image alone), normal for a partial (it is the old image); second byte:
# source outputs S8..S167 for the 2.9" SSD1680 glass, all of them on the single SSD1683.
_FULL_296x128 = (
    (_BORDER, b"\x05"),  # border follows LUT1 (white): refreshed with the image
    (_UPDATE_CONTROL_1, b"\x40\x80"),
    (_UPDATE_CONTROL_2, bytes((_REFRESH_FULL,))),
)
_PARTIAL_296x128 = (
    (_BORDER, b"\x80"),  # border held at VCOM: unchanged, and driving it would flash the frame
    (_UPDATE_CONTROL_1, b"\x00\x80"),
    (_UPDATE_CONTROL_2, bytes((_REFRESH_PARTIAL,))),
)
_FULL_400x300 = (
    (_BORDER, b"\x01"),  # border follows LUT1: the glass maker's value for this panel
    (_UPDATE_CONTROL_1, b"\x40\x00"),
    (_UPDATE_CONTROL_2, bytes((_REFRESH_FULL,))),
)
_PARTIAL_400x300 = (
    (_BORDER, b"\x80"),
    (_UPDATE_CONTROL_1, b"\x00\x00"),
    (_UPDATE_CONTROL_2, bytes((_REFRESH_PARTIAL,))),
)
# Landscape (width, height) -> (framebuf format, init, full set-up, partial set-up).
_PANELS = {
    (296, 128): (_MONO_VLSB, _INIT_296x128, _FULL_296x128, _PARTIAL_296x128),
    (400, 300): (_MONO_HLSB, _INIT_400x300, _FULL_400x300, _PARTIAL_400x300),
}


class SSD1680(PanelBus):
    """Timing defaults (ms): the 2.9" glass takes about 1400 for a full refresh and 300 for a
    partial at room temperature; cold glass runs longer waveforms, hence the margins. BUSY is
    active high. Refresh budget defaults, unless the board sets them: the OTP mode-2 waveform
    is the glass maker's own and ghosts little, so 20 partials; no minimum interval beyond
    BUSY itself (a partial already takes 300 ms). The rest is in panel_bus.py."""

    NAME = "SSD1680"
    BUSY_LEVEL = 1
    FULL_TIMEOUT_MS = 6000
    PARTIAL_TIMEOUT_MS = 2500
    PARTIALS_PER_FULL = 20
    MIN_INTERVAL_MS = 0
    SLEEP = (_DEEP_SLEEP, b"\x01")  # mode 1: a few uA, RAM kept

    def __init__(
        self,
        spi,
        cs,
        dc,
        rst,
        busy,
        clock,
        width=296,
        height=128,
        partials_per_full=None,
        min_interval_ms=None,
    ):
        panel = _PANELS.get((width, height))
        if panel is None:
            raise ValueError("SSD1680: no panel of %dx%d" % (width, height))
        super().__init__(
            spi, cs, dc, rst, busy, clock, width, height, partials_per_full, min_interval_ms
        )
        self.FORMAT, self._init_sequence, self._full_sequence, self._partial_sequence = panel
        self._vertical = vertical = self.FORMAT == _MONO_VLSB
        self._stride = width if vertical else width // 8  # buffer bytes from one row to the next
        self.shown = bytearray(self.BUFFER_SIZE)  # what the glass shows, in frame format
        self._pack = bytearray(_PACK_BYTES)  # rows of a window, in RAM bytes, to be sent
        self._arguments = bytearray(4)
        arguments = memoryview(self._arguments)
        self._one_argument, self._two_arguments = arguments[:1], arguments[:2]
        self._table = byte_table(vertical, True)  # UI byte -> RAM byte
        # The table as a blit palette: a GS8 view of the frame blitted through it is the
        # table applied to every byte of a window.
        self._table_fb = framebuf.FrameBuffer(self._table, 256, 1, framebuf.GS8)
        self._ram_stale = True  # controller RAM not known to hold `shown`
        self._lagging = None  # window where RAM 0x26 is still behind the glass

    async def init(self):
        """Hardware reset (also the way out of deep sleep), SW reset and set-up. The glass keeps
        its image; the next refresh rewrites the controller's RAM."""
        await self._hardware_reset()
        self._command(_SW_RESET)
        await self._wait_idle(self._after(self.RESET_TIMEOUT_MS), "reset")
        for command, data in self._init_sequence:
            self._command(command, data)
        self._asleep = False
        self._ram_stale = True

    def _send_refresh(self, buf, window, full):
        whole = (0, 0, self.width, self.height)
        if full or self._ram_stale:
            window = whole
        if full:
            # A full refresh reads no old image (update control 1 bypasses RAM 0x26), so 0x26
            # is brought up to the glass once the refresh has ended (`_refreshed`), off the
            # press's path: half of a full refresh's bytes (3.4 ms of the press on the
            # emulated RP2040 at 296x128).
            self._write_plane(_WRITE_RAM_NEW, window, buf)
        else:  # bring 0x26 up to the glass (all of it after a reset), then the new image
            lagging = window if self._ram_stale else self._lagging
            if lagging is not None:
                self._write_plane(_WRITE_RAM_OLD, lagging, None)
            self._write_plane(_WRITE_RAM_NEW, window, buf)
        for command, data in self._full_sequence if full else self._partial_sequence:
            self._command(command, data)
        self._command(_MASTER_ACTIVATION)
        self._lagging = window
        self._ram_stale = False
        return window

    def _refreshed(self):
        # A refresh leaves RAM 0x26 (the old image) behind the glass in its window (a full one
        # never wrote it): bring it up now, after the refresh, rather than in the next press,
        # which then sends only its new image (about a third of a press's driver time on the
        # emulated RP2040).
        lagging = self._lagging
        if lagging is not None and not self._ram_stale:
            self._lagging = None
            self._write_plane(_WRITE_RAM_OLD, lagging, None)

    def _write_plane(self, command, window, buf):
        # One RAM plane for a landscape window. `buf` None: send `shown` as it is; else copy
        # `buf`'s window into `shown` first. Rows are buffer pages (VLSB) or pixel rows (HLSB).
        x, y, w, h = window
        if self._vertical:  # RAM X = pages, RAM Y = landscape columns
            first_row, rows, start, count = y >> 3, h >> 3, x, w
            self._address(first_row, first_row + rows - 1, x, x + w - 1)
        else:  # RAM X = byte columns, RAM Y = landscape rows
            first_row, rows, start, count = y, h, x >> 3, w >> 3
            self._address(start, start + count - 1, y, y + h - 1)
        self._command(command)
        stride = self._stride
        shown = memoryview(self.shown)
        begin = first_row * stride + start
        if buf is not None:
            if count == stride:  # whole rows: one run of bytes, copied at memcpy speed
                end = begin + rows * stride
                shown[begin:end] = memoryview(buf)[begin:end]
            elif copy_rows is not None:
                # A byte loop in viper: a slice per row would also move the rest of the frame.
                copy_rows(self.shown, buf, begin, count, rows, stride)
            else:
                _bytes_view(shown, begin, count, rows, stride).blit(
                    _bytes_view(memoryview(buf), begin, count, rows, stride), 0, 0, -1
                )
        # The window's rows a few at a time: packed side by side and turned into RAM bytes
        # through the table (one viper loop, else one blit), then sent (the RAM window's
        # counters carry on).
        pack = self._pack
        per_chunk = len(pack) // count
        done = 0
        while done < rows:
            chunk = min(per_chunk, rows - done)
            if translate_rows is not None:
                translate_rows(
                    pack, self.shown, self._table, begin + done * stride, count, chunk, stride
                )
            else:
                packed = framebuf.FrameBuffer(pack, count, chunk, framebuf.GS8)
                source = _bytes_view(shown, begin + done * stride, count, chunk, stride)
                packed.blit(source, 0, 0, -1, self._table_fb)
            self._send(1, memoryview(pack)[: count * chunk])
            done += chunk

    def _address(self, x_first, x_last, y_first, y_last):
        # RAM window and counters at its start. X is in bytes; Y (gates) is 9 bits, sent low
        # byte first. Arguments go out of one preallocated buffer.
        arguments = self._arguments
        arguments[0], arguments[1] = x_first, x_last
        self._command(_RAM_X_WINDOW, self._two_arguments)
        arguments[0], arguments[1] = y_first & 0xFF, y_first >> 8
        arguments[2], arguments[3] = y_last & 0xFF, y_last >> 8
        self._command(_RAM_Y_WINDOW, arguments)
        self._command(_RAM_Y_COUNTER, self._two_arguments)
        arguments[0] = x_first
        self._command(_RAM_X_COUNTER, self._one_argument)


def _bytes_view(view, start, count, rows, stride):
    """A window of a frame's bytes as a framebuf image, one pixel per byte (GS8): `rows` rows
    of `count` bytes, `stride` bytes apart, from `start`."""
    return framebuf.FrameBuffer(view[start:], count, rows, framebuf.GS8, stride)
