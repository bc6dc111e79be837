"""What the e-ink controller models share (ssd1680.py, uc8151.py): wiring to the fake machine,
decoding the SPI bytes into commands and their arguments, the hardware reset line, BUSY with
its modelled durations, and the list of protocol mistakes.

A model subclasses `ControllerModel` and gives, as data, `BUSY_LEVEL` (the pin's level while
busy) and `ARGUMENTS` (data bytes per command; commands not listed take none or are handled by
the model), and as methods: `_defaults()` (registers after a reset), `_on_command(command)`
(after the shared checks), `_on_data(data)` (data bytes that are not a listed command's
arguments: RAM writes), `_on_arguments(command, arguments)` (all of a command's arguments
arrived). A refresh calls `_refresh_busy(ms)`.

Fault switches for tests: `stuck_busy` holds BUSY active from now on (a cable pulled, a dead
panel); `stick_on_refresh` makes the next refresh never end (BUSY sticks once it starts). A
hardware reset does not clear either: the glass does not come back by itself.
"""

from micropython import const

from hostsim.devices.ghosting import GhostingGlass

_MAX_VIOLATIONS = const(50)


class ControllerModel(GhostingGlass):
    BUSY_LEVEL = 1
    ARGUMENTS: dict = {}

    def _init_controller(self, clock):
        self.clock = clock
        self.violations = []
        self.violation_count = 0
        self.full_refreshes = self.partial_refreshes = self.bytes_received = 0
        self.border_at_refresh = None
        self.stuck_busy = False
        self.stick_on_refresh = False
        self.asleep = self.in_reset = False
        self._busy_until = clock.ticks_ms()
        self._level = None
        self._defaults()

    def _defaults(self):
        self._command = None
        self._arguments = bytearray()

    def attach(self, spi, cs, dc, rst, busy):
        """Wire the model to the fake machine: bus id and pin ids as the board file gives them."""
        import machine

        self._cs, self._dc, self._level = cs, dc, machine._level
        machine._attach_spi(spi, self.receive)
        machine._watch(rst, self._reset_line)
        machine._sample(busy, self._busy_line)

    def busy(self):
        """True while the controller works: a modelled duration, deep sleep, or a fault."""
        clock = self.clock
        working = clock.ticks_diff(self._busy_until, clock.ticks_ms()) > 0
        return self.stuck_busy or self.asleep or working

    def _busy_line(self):
        return self.BUSY_LEVEL if self.busy() else 1 - self.BUSY_LEVEL

    def flag(self, message):
        self.violation_count += 1
        if len(self.violations) < _MAX_VIOLATIONS:
            self.violations.append(message)

    def _reset_line(self, level):
        if not level:
            self.in_reset = True
        elif self.in_reset:  # rising edge of RES#: hardware reset, wakes from deep sleep
            self.in_reset = self.asleep = False
            self._busy_until = self.clock.ticks_ms()  # a reset ends whatever was running
            self._defaults()

    def receive(self, data):
        """Bytes from the SPI bus; ignored unless our CS is low."""
        level = self._level
        if level is None or level(self._cs):
            return
        self.bytes_received += len(data)
        if self.in_reset:
            self.flag("%d bytes sent while RES# is low" % len(data))
        elif not level(self._dc):
            for command in data:
                self.on_command(command)
        elif self._command is not None and self._command in self.ARGUMENTS:
            for value in data:
                self._on_argument(value)
        else:
            self._on_data(data)

    def on_command(self, command):
        self._command = None
        if self.asleep:
            return self.flag("command 0x%02x in deep sleep (only RES# wakes it)" % command)
        if self.busy():
            return self.flag("command 0x%02x while BUSY" % command)
        self._arguments = bytearray()
        self._on_command(command)

    def _on_argument(self, value):
        command, arguments = self._command, self._arguments
        wanted = self.ARGUMENTS[command]
        if len(arguments) == wanted:
            return self.flag("extra data byte for command 0x%02x" % command)
        arguments.append(value)
        if len(arguments) == wanted:
            self._on_arguments(command, arguments)

    def _busy_for(self, ms):
        self._busy_until = self.clock.ticks_add(self.clock.ticks_ms(), ms)

    def _refresh_busy(self, ms):
        """BUSY for a refresh of `ms`; for ever if the model was told to stick on one."""
        if self.stick_on_refresh:
            self.stuck_busy = True
        self._busy_for(ms)
