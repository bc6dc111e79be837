"""E-ink driver for the UC8151 (also sold as IL0373) with its 2.9" 296x128 black/white glass, as
on the Pimoroni Badger 2040 and Pico Inky Pack.

The glass has 128 sources x 296 gates, mounted landscape: the UI's x runs along the gates and y
along the sources. Controller RAM holds one gate line after another, 16 bytes of 128 sources
each, the first source in the top bit. The UI draws a landscape MONO_VLSB framebuf, colour 1 =
black ink: one UI byte is 8 sources of one gate, so it becomes one RAM byte, bit-reversed (the
data polarity chosen in CDI makes 1 black, so nothing is inverted). `_shown` keeps what the glass
shows, in RAM order, so the app may draw into its buffer while the panel refreshes.

Full refresh: the glass maker's OTP waveform (every pixel flashed, about 4.7 s), which needs the
new image only. Partial refresh: a window, y aligned to 8 sources as the controller's partial
window requires, run with our register waveform that drives only the pixels whose old (DTM1)
and new (DTM2) data differ; before each partial the driver sends `_shown` as the old data.

BUSY is active LOW on this controller (BUSY_N). Each refresh runs between power on (PON, in
`ready()`) and power off (POF, in `finish()`): nothing is left powered if the app never comes
back. The refresh budget (refresh_budget.py) turns a partial into a full after
`partials_per_full` partials and holds a refresh back until `min_interval_ms` after the last.
The bus, BUSY deadlines and the refresh cycle are shared with the SSD1680 driver (panel_bus.py).
"""

from micropython import const

from dicetable.drivers.panel_bus import PanelBus, byte_table

# Commands (UC8151 datasheet, command table).
_PANEL_SETTING = const(0x00)  # PSR
_POWER_SETTING = const(0x01)  # PWR
_POWER_OFF = const(0x02)  # POF
_POWER_ON = const(0x04)  # PON
_BOOSTER_SOFT_START = const(0x06)  # BTST
_DEEP_SLEEP = const(0x07)  # DSLP
_DATA_OLD = const(0x10)  # DTM1: in black/white mode, the image the glass shows now
_DATA_STOP = const(0x11)  # DSP
_REFRESH = const(0x12)  # DRF
_DATA_NEW = const(0x13)  # DTM2: the image to show
_PLL = const(0x30)
_BORDER_AND_DATA = const(0x50)  # CDI: VCOM and data interval setting
_RESOLUTION = const(0x61)  # TRES
_PARTIAL_WINDOW = const(0x90)  # PTL
_PARTIAL_IN = const(0x91)  # PTIN
_PARTIAL_OUT = const(0x92)  # PTOUT

# Panel setting (PSR) bits.
_RES_128X296 = const(0b1000_0000)
_LUT_FROM_REGISTERS = const(0b0010_0000)  # else the OTP waveform
_BLACK_WHITE = const(0b0001_0000)  # KW mode: no red plane
_SCAN_UP = const(0b0000_1000)  # gate G0 first: RAM line g is landscape column x = g
_SHIFT_RIGHT = const(0b0000_0100)  # source S0 first: the top RAM bit is landscape row 0
_BOOSTER_ON = const(0b0000_0010)
_NO_SOFT_RESET = const(0b0000_0001)  # a 0 here would reset every register
_PSR_FULL = const(
    _RES_128X296 | _BLACK_WHITE | _SCAN_UP | _SHIFT_RIGHT | _BOOSTER_ON | _NO_SOFT_RESET
)
_PSR_PARTIAL = const(_PSR_FULL | _LUT_FROM_REGISTERS)

# CDI: border (VBD, bits 7-6), data polarity (DDX, bits 5-4), VCOM-data interval (bits 3-0).
_BORDER_WHITE = const(0b01 << 6)  # with DDX 0: the border is driven white by a full refresh
_BORDER_FLOATING = const(0b00 << 6)  # partials leave the border alone: no frame flash
_DATA_1_IS_BLACK = const(0b00 << 4)  # DDX 0: a 1 bit is black, as in the UI's framebuf
_INTERVAL_10_HSYNC = const(0b0111)  # VCOM to data: 10 hsync, as the glass maker's demo sets
_CDI_FULL = bytes((_BORDER_WHITE | _DATA_1_IS_BLACK | _INTERVAL_10_HSYNC,))
_CDI_PARTIAL = bytes((_BORDER_FLOATING | _DATA_1_IS_BLACK | _INTERVAL_10_HSYNC,))
_SETUP_FULL = ((_PANEL_SETTING, bytes((_PSR_FULL,))), (_BORDER_AND_DATA, _CDI_FULL))
_SETUP_PARTIAL = ((_PANEL_SETTING, bytes((_PSR_PARTIAL,))), (_BORDER_AND_DATA, _CDI_PARTIAL))
_SLEEP_CHECK = b"\xa5"  # DSLP takes effect only with this check code

# Register waveform for partials: one row per table (2-bit level per phase, four phase lengths
# in frames, repeat count). Level 01 drives VDH (pixel to black), 10 drives VDL (to white), 00
# holds at ground (no change). White-to-white and black-to-black pixels are never driven, so
# nothing flashes; 30 frames at the 100 Hz frame rate set in PLL = 300 ms.
_PARTIAL_FRAMES = const(30)
_HOLD = const(0b00_00_00_00)
_TO_BLACK = const(0b01_00_00_00)
_TO_WHITE = const(0b10_00_00_00)


def _one_row_table(level, size):
    table = bytearray(size)  # 7 rows of 6 bytes; the VCOM table has 2 more (unused here)
    table[0], table[1], table[5] = level, _PARTIAL_FRAMES, 1
    return bytes(table)


_PARTIAL_LUTS = (
    (0x20, _one_row_table(_HOLD, 44)),  # VCOM: held at VCOM_DC for the whole waveform
    (0x21, _one_row_table(_HOLD, 42)),  # white -> white
    (0x22, _one_row_table(_TO_WHITE, 42)),  # black -> white
    (0x23, _one_row_table(_TO_BLACK, 42)),  # white -> black
    (0x24, _one_row_table(_HOLD, 42)),  # black -> black
)

# Sent once after each hardware reset (which is also the way out of deep sleep).
_INIT = (
    (_PANEL_SETTING, bytes((_PSR_FULL,))),
    # Internal supplies; VGH/VGL +-16 V; VDH/VDL +-11 V (2.4 V + 0.2 V x 43); red level unused.
    (_POWER_SETTING, b"\x03\x00\x2b\x2b\x2b"),
    # Booster phases A, B, C: 10 ms soft start, strength 3, 6.58 us minimum off time.
    (_BOOSTER_SOFT_START, b"\x17\x17\x17"),
    (_PLL, b"\x3a"),  # 100 Hz frames: the partial waveform's frame counts are in these
    (_RESOLUTION, b"\x80\x01\x28"),  # 128 sources, 296 gates (high byte first)
) + _PARTIAL_LUTS

_MONO_VLSB = const(0)  # framebuf's format number (the same on every port)
_WIDTH = const(296)  # landscape: gates
_HEIGHT = const(128)  # landscape: sources
_LINE_BYTES = const(16)  # RAM bytes per gate line


class UC8151(PanelBus):
    """Timing defaults (ms): the OTP full refresh takes about 4700 at room temperature and far
    longer on cold glass; our partial waveform takes 300 whatever the temperature; power on is
    the booster's three 10 ms soft-start phases. BUSY is active low (BUSY_N). Refresh budget
    defaults, unless the board sets them: `PARTIALS_PER_FULL` is the UI planner's own budget
    (ui/refresh.py), and `MIN_INTERVAL_MS` keeps a held key from driving the glass more than
    twice a second. The rest is in panel_bus.py."""

    NAME = "UC8151"
    BUSY_LEVEL = 0
    FULL_TIMEOUT_MS = 15000
    PARTIAL_TIMEOUT_MS = 2000
    POWER_TIMEOUT_MS = 500
    PARTIALS_PER_FULL = 12
    MIN_INTERVAL_MS = 500
    FORMAT = _MONO_VLSB
    SLEEP = (_DEEP_SLEEP, _SLEEP_CHECK)

    def __init__(
        self,
        spi,
        cs,
        dc,
        rst,
        busy,
        clock,
        width=_WIDTH,
        height=_HEIGHT,
        partials_per_full=None,
        min_interval_ms=None,
    ):
        if (width, height) != (_WIDTH, _HEIGHT):
            raise ValueError("UC8151: no panel of %dx%d" % (width, height))
        super().__init__(
            spi, cs, dc, rst, busy, clock, width, height, partials_per_full, min_interval_ms
        )
        self._shown = bytearray(self.BUFFER_SIZE)  # what the glass shows, in RAM order
        self._row = bytearray(_LINE_BYTES)
        self._window = bytearray(7)  # PTL arguments
        self._table = byte_table(True, False)  # UI byte -> RAM byte: bit-reversed
        self._powered = False

    async def init(self):
        """Hardware reset (also the way out of deep sleep) and set-up, waveform tables included.
        The glass keeps its image, and `_shown` still knows it: partials go on working."""
        self._powered = False  # a reset powers the panel down
        await self._hardware_reset()
        for command, data in _INIT:
            self._command(command, data)
        self._asleep = False

    async def ready(self):
        """Wait until a refresh may start: the last one ended, the budget's interval passed,
        the panel is powered on."""
        if self._refreshing:
            await self.finish()
        else:
            await self._wait_idle(self._after(self.RESET_TIMEOUT_MS), "idle")
        await self._budget_pause()
        if not self._powered:
            self._command(_POWER_ON)
            self._powered = True
            await self._wait_idle(self._after(self.POWER_TIMEOUT_MS), "power on")

    def _send_refresh(self, buf, window, full):
        for command, data in _SETUP_FULL if full else _SETUP_PARTIAL:
            self._command(command, data)
        if full:  # the OTP waveform drives every pixel from the new image alone
            window = (0, 0, _WIDTH, _HEIGHT)
            self._command(_PARTIAL_OUT)
        else:  # old data first: the waveform moves only pixels where old and new differ
            self._command(_PARTIAL_IN)
            self._set_window(window)
            self._write_plane(_DATA_OLD, window, None)
        self._write_plane(_DATA_NEW, window, buf)
        self._command(_DATA_STOP)
        self._command(_REFRESH)
        return window

    async def finish(self):
        """Wait until the refresh in progress (if any) has ended, then power the panel off.
        Raises PanelTimeout; the next refresh is then full."""
        await super().finish()
        if self._powered and not self._asleep:
            self._command(_POWER_OFF)
            self._powered = False
            await self._wait_idle(self._after(self.POWER_TIMEOUT_MS), "power off")

    def deinit(self):
        """Leave the panel unpowered, in deep sleep if it was already off; the pins belong to
        the board."""
        if not self._asleep and not self.busy():
            if self._powered:  # no time to wait for power off here, so no deep sleep after it
                self._command(_POWER_OFF)
            else:
                self._command(_DEEP_SLEEP, _SLEEP_CHECK)
        self._asleep = True

    def _set_window(self, window):
        # PTL: sources first (bits 2-0 of the start 0, of the end 1: whole bytes), then gates
        # (9 bits, high byte first), then "scan only inside the window" off.
        x, y, w, h = window
        arguments = self._window
        arguments[0], arguments[1] = y, y + h - 1
        last = x + w - 1
        arguments[2], arguments[3] = x >> 8, x & 0xFF
        arguments[4], arguments[5] = last >> 8, last & 0xFF
        arguments[6] = 1
        self._command(_PARTIAL_WINDOW, arguments)

    def _write_plane(self, command, window, buf):
        # One data plane for a landscape window, gate line by gate line. `buf` None: send
        # `_shown` as it is; else convert `buf` into `_shown` on the way.
        x, y, w, h = window
        first, count = y >> 3, h >> 3  # source bytes of each line
        shown, table = self._shown, self._table
        if buf is not None:
            for gate in range(x, x + w):
                base = gate * _LINE_BYTES
                for page in range(first, first + count):
                    shown[base + page] = table[buf[page * _WIDTH + gate]]
        self._command(command)
        if count == _LINE_BYTES:  # whole lines are contiguous: one transfer
            self._send(1, memoryview(shown)[x * _LINE_BYTES : (x + w) * _LINE_BYTES])
            return
        row = memoryview(self._row)[:count]
        for base in range(x * _LINE_BYTES + first, (x + w) * _LINE_BYTES, _LINE_BYTES):
            for offset in range(count):
                row[offset] = shown[base + offset]
            self._send(1, row)
