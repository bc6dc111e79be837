"""Model of a UC8151 e-ink controller and its 2.9" 296x128 black/white glass, fed by the real
driver's bytes.

It decodes the fake SPI traffic (while its CS is low: DC low = a command byte, DC high = data
for the last command) and keeps the registers the refresh depends on: panel setting (PSR),
resolution (TRES), data polarity and border (CDI), frame rate (PLL), booster soft start (BTST),
the five register waveform tables, power, partial mode and window (PTIN, PTOUT, PTL), and the
two RAM planes, DTM1 (old data) and DTM2 (new data), each one gate line of 16 source bytes
after another. The glass changes only on a refresh (DRF), over the partial window in partial
mode, else over the whole glass:
- OTP waveform (PSR bit 5 clear): every pixel takes the new data; a clean refresh, which clears
  the ghosting there (ghosting.py);
- register waveform: each pixel's transition (white/black old -> white/black new) picks one of
  the tables WW, BW, WB, BB, and the last level that table drives decides the pixel (VDH black,
  VDL white, none: unchanged). Pixels it changes are ghosted.
BUSY_N is LOW (busy) for a modelled time: `full_ms` for the OTP waveform (published ~4.7 s), the
tables' frames at the PLL frame rate for the register waveform, the booster's three soft-start
periods for power on, `power_off_ms` for power off; and all through deep sleep.
Only what this glass uses is modelled (128x296, black/white mode, S0 and G0 first, PLL M = 7);
anything else and every protocol mistake goes to `violations` instead of raising. The
decoding, reset line, BUSY and fault switches are shared with the SSD1680 model (controller.py).
Runs on CPython and on the MicroPython unix port; only `save_png` needs Pillow.
"""

from micropython import const

from hostsim.devices.controller import ControllerModel

_WIDTH = const(296)  # landscape: gates
_HEIGHT = const(128)  # landscape: sources
_LINE_BYTES = const(16)
_PLANE_BYTES = const(4736)
_FULL_MS = const(4700)
_POWER_OFF_MS = const(20)
# PSR bits (see the driver).
_PSR_RESOLUTION = const(0b1100_0000)
_LUT_FROM_REGISTERS = const(0b0010_0000)
_BLACK_WHITE = const(0b0001_0000)
_SCAN_UP = const(0b0000_1000)
_SHIFT_RIGHT = const(0b0000_0100)
_NO_SOFT_RESET = const(0b0000_0001)
_SLEEP_CHECK = const(0xA5)
# What a waveform table does to its pixels.
_KEEP = const(0)
_BLACK = const(1)
_WHITE = const(2)
# An area of RAM: first and last gate line, first and last source byte.
_WHOLE = (0, _WIDTH - 1, 0, _LINE_BYTES - 1)
# PSR resolution field -> (sources, gates).
_PSR_SIZES = ((96, 230), (96, 252), (128, 296), (160, 296))
# Data bytes each command takes; DTM1/DTM2 take any number, the rest of the commands none.
_ARGUMENTS = {
    0x00: 1,
    0x01: 5,
    0x03: 1,
    0x06: 3,
    0x07: 1,
    0x20: 44,
    0x21: 42,
    0x22: 42,
    0x23: 42,
    0x24: 42,
    0x30: 1,
    0x41: 1,
    0x50: 1,
    0x60: 1,
    0x61: 3,
    0x82: 1,
    0x90: 7,
}


class UC8151Model(ControllerModel):
    ROW_BYTES = _LINE_BYTES  # a source line of the glass (leftover_rows)
    BUSY_LEVEL = 0  # BUSY_N: low while busy
    ARGUMENTS = _ARGUMENTS

    def __init__(self, clock, full_ms=_FULL_MS):
        self.width, self.height = _WIDTH, _HEIGHT
        self.full_ms, self.power_off_ms = full_ms, _POWER_OFF_MS
        self.ram_old = bytearray(_PLANE_BYTES)
        self.ram_new = bytearray(_PLANE_BYTES)
        self.glass = bytearray(_PLANE_BYTES)  # RAM order, 1 = black; the glass starts white
        self._init_ghosts(_PLANE_BYTES)  # changed by a partial since its last full refresh
        self.luts = [bytearray(44)] + [bytearray(42) for _ in range(4)]
        self._init_controller(clock)

    def _defaults(self):
        ControllerModel._defaults(self)
        self.psr = None  # not set since reset: the panel is not configured
        self.resolution = None  # TRES (sources, gates); None: PSR's resolution field
        self.cdi = 0x57  # assumed reset value (DDX 1: a 1 bit is white); drivers set it
        self.pll = 0x3C  # assumed reset value: 50 Hz
        self.power_on_ms = 30  # BTST's default: three phases of 10 ms soft start
        for table in self.luts:
            for index in range(len(table)):
                table[index] = 0
        self.powered = self.partial_mode = False
        self.window = _WHOLE
        self._plane = None  # the RAM plane a DTM1/DTM2 transfer fills, until the next command
        self._data_open = False  # data sent since the last data stop (DSP)
        self._area = self.window
        self._cursor = 0

    def _on_data(self, data):
        if self._plane is not None and self._command is None:
            self._write_ram(data)
        else:
            self.flag("%d data bytes without a command that takes them" % len(data))

    def _on_command(self, command):
        if command in (0x10, 0x13):  # DTM1 / DTM2: data to the window (partial mode) or all
            self._plane = self.ram_old if command == 0x10 else self.ram_new
            self._area = self.window if self.partial_mode else _WHOLE
            self._cursor = 0
            self._data_open = True
            return
        self._plane = None  # any other command ends a transfer (DSP is the proper one)
        if command == 0x11:
            self._data_open = False
        elif command == 0x12:
            self._refresh()
        elif command == 0x04 and not self.powered:
            self.powered = True
            self._busy_for(self.power_on_ms)
        elif command == 0x02 and self.powered:
            self.powered = False
            self._busy_for(self.power_off_ms)
        elif command in (0x91, 0x92):
            self.partial_mode = command == 0x91
        elif command in _ARGUMENTS:
            self._command = command
        elif command not in (0x02, 0x04):
            self.flag("unknown command 0x%02x" % command)

    def _on_arguments(self, command, arguments):
        first = arguments[0]
        if command == 0x00:
            self.psr = first
            if not first & _NO_SOFT_RESET:
                self.flag("PSR soft reset (bit 0 clear) is not modelled")
        elif command == 0x06:  # soft-start period per phase: bits 7-6, 10 ms steps
            self.power_on_ms = sum(((phase >> 6) + 1) * 10 for phase in arguments)
        elif command == 0x07:
            if first != _SLEEP_CHECK:
                return self.flag("deep sleep check code 0x%02x: ignored" % first)
            if self.powered:
                self.flag("deep sleep while powered on (POF first)")
            self.asleep, self.powered = True, False
        elif 0x20 <= command <= 0x24:
            self.luts[command - 0x20][:] = arguments
        elif command == 0x30:
            self.pll = first
        elif command == 0x50:
            self.cdi = first
        elif command == 0x61:
            self.resolution = (first & 0xF8, (arguments[1] & 1) << 8 | arguments[2])
        elif command == 0x90:
            self._partial_window(arguments)

    def _partial_window(self, arguments):
        start, end = arguments[0], arguments[1]
        first = (arguments[2] & 1) << 8 | arguments[3]
        last = (arguments[4] & 1) << 8 | arguments[5]
        if start & 7 or end & 7 != 7:
            self.flag("partial window sources %d..%d not aligned to 8" % (start, end))
        if start > end or first > last or end >= _HEIGHT or last >= _WIDTH:
            return self.flag("partial window %r is empty or beyond the glass" % (arguments,))
        self.window = (first, last, start >> 3, end >> 3)

    def _write_ram(self, data):
        plane, cursor = self._plane, self._cursor
        first, last, start, end = self._area
        per_line = end - start + 1
        total = (last - first + 1) * per_line
        if cursor < total:
            count = min(len(data), total - cursor)
            if per_line == _LINE_BYTES:  # whole lines: one run of addresses
                begin = first * _LINE_BYTES + cursor
                plane[begin : begin + count] = data[:count]
            else:
                for offset in range(count):
                    line, column = divmod(cursor + offset, per_line)
                    plane[(first + line) * _LINE_BYTES + start + column] = data[offset]
        if cursor + len(data) > total:
            extra = cursor + len(data) - total
            self.flag("%d data bytes beyond the window %r" % (extra, self._area))
        self._cursor = cursor + len(data)

    def _setup_problem(self):
        psr = self.psr
        if psr is None:
            return "before the panel setting (PSR) since reset"
        if not self.powered:
            return "with the power off (PON first)"
        if not psr & _BLACK_WHITE:
            return "in black/white/red mode: the red plane is not modelled"
        if not psr & _SCAN_UP or not psr & _SHIFT_RIGHT:
            return "with a mirrored scan (PSR 0x%02x): not modelled" % psr
        size = self.resolution or _PSR_SIZES[psr >> 6]
        if size != (_HEIGHT, _WIDTH):
            return "set up for %dx%d, glass is 128x296" % size
        if self.pll >> 3 & 7 != 7 or not self.pll & 7:
            return "with PLL 0x%02x: not modelled" % self.pll
        return None

    def _refresh(self):
        if self._data_open:
            self.flag("refresh without a data stop (DSP) after the data")
        problem = self._setup_problem()
        if problem is not None:
            return self.flag("refresh " + problem)
        self.border_at_refresh = self.cdi >> 6
        first, last, start, end = self.window if self.partial_mode else _WHOLE
        # DDX 1: a 1 bit is white, so black is the inverted byte.
        invert = 0xFF if self.cdi >> 4 & 1 else 0
        if self.psr & _LUT_FROM_REGISTERS:
            ms = self._register_refresh(first, last, start, end, invert)
        else:  # the OTP waveform: every pixel driven to its new colour, ghosts cleaned
            glass, new = self.glass, self.ram_new
            for line in range(first, last + 1):
                begin = line * _LINE_BYTES
                for index in range(begin + start, begin + end + 1):
                    glass[index] = new[index] ^ invert
                self._clear_ghosts(begin + start, begin + end + 1)
            ms = self.full_ms
        if self.partial_mode:
            self.partial_refreshes += 1
        else:
            self.full_refreshes += 1
        self._refresh_busy(ms)

    def _register_refresh(self, first, last, start, end, invert):
        effects, frames = self._waveform()
        if not frames:
            self.flag("refresh with empty register waveform tables (LUTs not loaded?)")
        # Only WW/BB pixels that are not driven rely on the old data matching the glass.
        differential = effects[0] == _KEEP or effects[3] == _KEEP
        glass, old_plane, new_plane = self.glass, self.ram_old, self.ram_new
        stale = 0
        for line in range(first, last + 1):
            for index in range(line * _LINE_BYTES + start, line * _LINE_BYTES + end + 1):
                before = glass[index]
                old = old_plane[index] ^ invert
                new = new_plane[index] ^ invert
                if differential and old != before:
                    stale += 1
                masks = (~(old | new) & 0xFF, old & ~new & 0xFF, ~old & new & 0xFF, old & new)
                after = before
                for transition in range(4):
                    if effects[transition] == _BLACK:
                        after |= masks[transition]
                    elif effects[transition] == _WHITE:
                        after &= ~masks[transition] & 0xFF
                if after != before:
                    glass[index] = after
                    self._add_ghosts(index, before ^ after)
        if stale:
            self.flag("partial refresh: old data (DTM1) differs from the glass: %d bytes" % stale)
        return frames * (self.pll & 7) * 5  # PLL M = 7: 200/N frames per second

    def _waveform(self):
        """(effects of WW, BW, WB, BB, frames) of the register waveform tables."""
        effects, lengths = [], []
        for number in range(5):
            table, effect, frames = self.luts[number], _KEEP, 0
            for base in range(0, 42, 6):
                repeat = table[base + 5]
                frames += sum(table[base + 1 : base + 5]) * repeat
                for phase in range(4):
                    if repeat and table[base + 1 + phase]:
                        level = table[base] >> (6 - 2 * phase) & 3
                        effect = _BLACK if level == 1 else (_WHITE if level == 2 else effect)
            lengths.append(frames)
            if number:  # table 0 drives VCOM, not pixels
                effects.append(effect)
        if min(lengths) != max(lengths):
            self.flag("waveform tables run for different numbers of frames: %r" % (lengths,))
        return effects, max(lengths)

    def _locate(self, x, y):
        return x * _LINE_BYTES + (y >> 3), 0x80 >> (y & 7)

    def ink_plane(self):
        """The glass in its byte layout with 1 = black."""
        return self.glass

    def ink(self, x, y):
        """1 where the glass shows black at landscape (x, y)."""
        index, mask = self._locate(x, y)
        return 1 if self.glass[index] & mask else 0
