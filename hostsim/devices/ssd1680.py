"""Model of an SSD1680-family e-ink controller and its glass, fed by the real driver's bytes.

It decodes the fake SPI traffic (while its CS is low: DC low = a command byte, DC high = data
for the last command), keeps the two RAM planes (0x24 new image, 0x26 old image) with the
window, counters and data-entry mode, and the glass, which changes only on a refresh: full
(every pixel from RAM 0x24) or partial (display mode 2: pixels move where 0x24 differs from
0x26). BUSY is high for a modelled time, measured with the clock given, and during deep sleep.
Protocol mistakes go to `violations` instead of raising, so a test can assert it is empty.
Pixels a partial refresh changes are ghosted until the next full refresh (ghosting.py). The
decoding, reset line, BUSY and fault switches are shared with the UC8151 model (controller.py).
Runs on CPython and on the MicroPython unix port; only `save_png` needs Pillow.
"""

from micropython import const

from hostsim.devices.controller import ControllerModel

_DISPLAY = const(0b0000_0100)  # display update control 2 stages (see the driver)
_MODE_2 = const(0b0000_1000)
_ANALOG_ON = const(0b0100_0000)
_ANALOG_OFF = const(0b0000_0010)
_RAM_NORMAL = const(0x0)  # display update control 1 RAM options (one nibble per plane)
_RAM_ZERO = const(0x4)
_RAM_INVERSE = const(0x8)
# Data bytes each command takes; 0x24/0x26 take any number, 0x12/0x20/0x7F none.
_ARGUMENTS = {
    0x01: 3,
    0x10: 1,
    0x11: 1,
    0x18: 1,
    0x1A: 2,
    0x21: 2,
    0x22: 1,
    0x3C: 1,
    0x44: 2,
    0x45: 4,
    0x4E: 1,
    0x4F: 2,
}
# Landscape size -> (sources, gates, glass mounted with landscape x along the gates,
# full refresh ms, partial refresh ms): published figures, rounded.
PANELS = {
    (296, 128): (128, 296, True, 1400, 300),
    (400, 300): (400, 300, False, 1600, 450),
}


class SSD1680Model(ControllerModel):
    BUSY_LEVEL = 1
    ARGUMENTS = _ARGUMENTS

    def __init__(self, clock, width=296, height=128, full_ms=None, partial_ms=None):
        sources, gates, rotated, full, partial = PANELS[(width, height)]
        self.width, self.height = width, height
        self.sources, self.gates, self.rotated = sources, gates, rotated
        self.full_ms = full if full_ms is None else full_ms
        self.partial_ms = partial if partial_ms is None else partial_ms
        self.sw_reset_ms, self.power_ms = 10, 100
        self.x_bytes = sources // 8
        self.ROW_BYTES = self.x_bytes  # a gate line of the glass (leftover_rows)
        self.ram_new = bytearray(self.x_bytes * gates)
        for index in range(len(self.ram_new)):  # no temporary: the heap may be fragmented
            self.ram_new[index] = 0xFF  # 1 = white: the glass starts white
        self.ram_old = bytearray(self.ram_new)
        self.glass = bytearray(self.ram_new)
        self._init_ghosts(len(self.glass))
        self._init_controller(clock)

    def _defaults(self):
        ControllerModel._defaults(self)
        self.initialized = False  # no SW reset since the hardware reset
        self.entry = 0b011  # X and Y count up, X first
        self.window = (0, self.x_bytes - 1, 0, self.gates - 1)
        self.x = self.y = 0
        self.mux = self.gates
        self.update_1 = (0x00, 0x00)
        self.update_2 = 0xFF
        self.border = None  # not set since reset
        self.analog = False

    def _on_data(self, data):
        if self._command in (0x24, 0x26):
            self._write_ram(data)

    def _on_command(self, command):
        if command == 0x12:  # SW reset: registers to defaults, BUSY while it reloads
            self._defaults()
            self.initialized = True
            self._busy_for(self.sw_reset_ms)
        elif command == 0x20:
            self._activate()
        elif command in (0x24, 0x26) or command in _ARGUMENTS:
            self._command = command
        elif command != 0x7F:  # 0x7F is the NOP
            self.flag("unknown command 0x%02x" % command)

    def _on_arguments(self, command, arguments):
        first = arguments[0]
        if command == 0x01:
            self.mux = (first | (arguments[1] & 1) << 8) + 1
            if arguments[2]:
                self.flag("gate scan options 0x%02x are not modelled" % arguments[2])
        elif command == 0x10 and first & 3:
            self.asleep = True
            if first & 3 == 3:  # deep sleep mode 2 does not keep RAM
                self.ram_new[:] = self.ram_old[:] = bytes(len(self.ram_new))
        elif command == 0x11:
            self.entry = first & 7
        elif command == 0x21:
            self.update_1 = (first, arguments[1])
        elif command == 0x22:
            self.update_2 = first
        elif command == 0x3C:
            self.border = first
        elif command == 0x44:
            self.window = (first & 0x3F, arguments[1] & 0x3F) + self.window[2:]
        elif command == 0x45:
            ends = (first | (arguments[1] & 1) << 8, arguments[2] | (arguments[3] & 1) << 8)
            self.window = self.window[:2] + ends
        elif command == 0x4E:
            self.x = first & 0x3F
        elif command == 0x4F:
            self.y = first | (arguments[1] & 1) << 8
        if command in (0x44, 0x45) and (
            max(self.window[:2]) >= self.x_bytes or max(self.window[2:]) >= self.gates
        ):
            self.flag("RAM window %r reaches beyond the glass" % (self.window,))

    def _write_ram(self, data):
        plane = self.ram_new if self._command == 0x24 else self.ram_old
        x_start, x_end, y_start, y_end = self.window
        x_step = 1 if self.entry & 1 else -1
        y_step = 1 if self.entry & 2 else -1
        along_y = self.entry & 4
        x, y, x_bytes, outside = self.x, self.y, self.x_bytes, 0
        for value in data:
            if min(x_start, x_end) <= x <= max(x_start, x_end) and min(y_start, y_end) <= y <= max(
                y_start, y_end
            ):
                plane[y * x_bytes + x] = value
            else:
                outside += 1
            if along_y:  # the counter runs to the window's end, then back to its start
                y, wrapped = (y_start, True) if y == y_end else (y + y_step, False)
                if wrapped:
                    x = x_start if x == x_end else x + x_step
            else:
                x, wrapped = (x_start, True) if x == x_end else (x + x_step, False)
                if wrapped:
                    y = y_start if y == y_end else y + y_step
        self.x, self.y = x, y
        if outside:
            self.flag("%d RAM bytes written outside the window %r" % (outside, self.window))

    def _activate(self):
        stages = self.update_2
        if stages & _ANALOG_ON:
            self.analog = True
        if stages & _DISPLAY:
            if not self.initialized:
                self.flag("refresh before init (no SW reset since reset)")
            elif not self.analog:
                self.flag("refresh without analog power")
            elif self.mux != self.gates:
                self.flag("refresh with %d gates set up, glass has %d" % (self.mux, self.gates))
            else:
                self._refresh(stages & _MODE_2)
        if stages & _ANALOG_OFF:
            self.analog = False
        if not stages & _DISPLAY:
            self._busy_for(self.power_ms)

    def _refresh(self, partial):
        glass = self.glass
        new = self._effective(self.ram_new, self.update_1[0] & 0x0F)
        self.border_at_refresh = self.border
        if not partial:
            glass[:] = new
            self._clear_ghosts()
            self.full_refreshes += 1
            return self._refresh_busy(self.full_ms)
        old = self._effective(self.ram_old, self.update_1[0] >> 4)
        stale = 0
        for index in range(len(glass)):
            before = glass[index]
            if old[index] != before:
                stale += 1
            moved = new[index] ^ old[index]  # mode 2 drives only pixels that differ
            after = (before & ~moved | new[index] & moved) & 0xFF
            if after != before:
                glass[index] = after
                self._add_ghosts(index, before ^ after)
        if stale:
            self.flag("partial refresh: RAM 0x26 differs from the glass in %d bytes" % stale)
        self.partial_refreshes += 1
        self._refresh_busy(self.partial_ms)

    def _effective(self, plane, option):
        if option == _RAM_NORMAL:
            return plane
        if option == _RAM_ZERO:
            return bytes(len(plane))
        if option == _RAM_INVERSE:
            return bytes(value ^ 0xFF for value in plane)
        self.flag("display update control 1 option 0x%x is not modelled" % option)
        return plane

    def _locate(self, x, y):
        source, gate = (y, x) if self.rotated else (x, y)
        return gate * self.x_bytes + (source >> 3), 0x80 >> (source & 7)

    def ink_plane(self):
        """The glass in its byte layout with 1 = black (the glass keeps 1 = white)."""
        return bytearray(value ^ 0xFF for value in self.glass)

    def ink(self, x, y):
        """1 where the glass shows black at landscape (x, y)."""
        index, mask = self._locate(x, y)
        return 0 if self.glass[index] & mask else 1
