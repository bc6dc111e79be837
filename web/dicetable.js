// DiceTable's page: starts MicroPython's WebAssembly port, loads the firmware into its file
// system and hands it a `host` of plain functions (dicetable/ports/web.py lists them). This
// file only moves bytes: frames to the canvas, LED bytes to cells, keys to the button "pins",
// saved files to and from localStorage. No game or screen logic lives here.
import { loadMicroPython } from "./micropython/micropython.mjs";

const params = new URLSearchParams(location.search);
const STORE = "dicetable/"; // localStorage key prefix: one key per saved file
const PAPER = [233, 231, 222]; // e-ink paper white
const INK = [34, 34, 40];
// Keyboard -> the board's buttons (boards/web.py); key repeat is the firmware's own.
const KEYS = {
  ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
  Enter: "OK", " ": "OK", Escape: "BACK", Backspace: "BACK",
};

// Figures for docs/web.md (tools/bench_web.py): ms since the page's navigation started, and
// from each key or button going down to the frame it changed being handed to the canvas.
const hooks = (window.dicetable = {
  ready: false, animating: 0, port: null, draws: 0, keyAt: null, keyToFrame: [],
});
const sheet = document.getElementById("sheet");
const sheetContext = sheet.getContext("2d");
const ledCanvas = document.getElementById("leds");
const ledContext = ledCanvas.getContext("2d");
let frame = null; // the last frame handed over, with its geometry
let timer = null;

function hexBytes(hex) {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

function bytesHex(bytes) {
  let hex = "";
  for (const value of bytes) hex += value.toString(16).padStart(2, "0");
  return hex;
}

// Ink at (x, y) in the firmware's frame: MONO_VLSB (0) or MONO_HLSB (3), 1 = black.
function inkAt(f, x, y) {
  if (f.format === 0) return (f.bytes[(y >> 3) * f.width + x] >> (y & 7)) & 1;
  return (f.bytes[y * (f.width >> 3) + (x >> 3)] >> (7 - (x & 7))) & 1;
}

// Paint a window of the frame; `inverted` is the refresh's flash.
function paint(f, x, y, w, h, mode) {
  const image = sheetContext.createImageData(w, h);
  const data = image.data;
  for (let row = 0; row < h; row++) {
    for (let col = 0; col < w; col++) {
      let ink = inkAt(f, x + col, y + row);
      if (mode === "inverted") ink ^= 1;
      if (mode === "white") ink = 0;
      const colour = ink ? INK : PAPER;
      const at = 4 * (row * w + col);
      data[at] = colour[0]; data[at + 1] = colour[1]; data[at + 2] = colour[2]; data[at + 3] = 255;
    }
  }
  sheetContext.putImageData(image, x, y);
}

// A refresh as e-ink shows one: a full one flashes the sheet black, then white, then draws;
// a partial flashes only its window. The firmware holds the panel busy for `ms` meanwhile.
function draw(hex, x, y, w, h, full, ms, format) {
  frame = { bytes: hexBytes(hex), width: sheet.width, height: sheet.height, format };
  hooks.lastRefresh = { x, y, w, h, full };
  if (hooks.firstFrameMs === undefined) hooks.firstFrameMs = performance.now();
  if (hooks.keyAt !== null) {
    hooks.keyToFrame.push(performance.now() - hooks.keyAt);
    hooks.keyAt = null;
  }
  if (timer !== null) clearTimeout(timer);
  const steps = full ? ["inverted", "white", "image"] : ["inverted", "image"];
  const pause = Math.floor(ms / steps.length);
  hooks.animating = 1;
  let step = 0;
  const next = () => {
    paint(frame, x, y, w, h, steps[step]);
    step += 1;
    if (step < steps.length && pause > 0) {
      timer = setTimeout(next, pause);
      return;
    }
    if (step < steps.length) paint(frame, x, y, w, h, "image");
    timer = null;
    hooks.animating = 0;
    hooks.draws += 1;
    if (hooks.firstScreenMs === undefined) hooks.firstScreenMs = performance.now();
  };
  next();
}

// LED bytes come in the chain's order, GRB, after the firmware's gamma; the cells undo the
// gamma so they look as bright as the LEDs look.
function showLeds(hex) {
  const bytes = hexBytes(hex);
  const size = ledCanvas.width / 8;
  ledContext.fillStyle = "#111";
  ledContext.fillRect(0, 0, ledCanvas.width, ledCanvas.height);
  for (let i = 0; i < bytes.length / 3; i++) {
    const eye = (v) => Math.round(255 * Math.pow(v / 255, 1 / 2.5));
    const g = eye(bytes[3 * i]), r = eye(bytes[3 * i + 1]), b = eye(bytes[3 * i + 2]);
    ledContext.fillStyle = `rgb(${r},${g},${b})`;
    ledContext.beginPath();
    ledContext.arc((i % 8 + 0.5) * size, ((i >> 3) + 0.5) * size, size * 0.4, 0, 2 * Math.PI);
    ledContext.fill();
  }
}

function random(count) {
  const bytes = new Uint8Array(count);
  crypto.getRandomValues(bytes);
  return bytesHex(bytes);
}

function storedNames() {
  return Object.keys(localStorage)
    .filter((key) => key.startsWith(STORE))
    .map((key) => key.slice(STORE.length));
}

let leaving = false; // "Start fresh" cleared the saves: nothing may write them again
const host = {
  draw,
  leds: showLeds,
  store_names: () => storedNames().join("\n"),
  store_get: (name) => localStorage.getItem(STORE + name),
  store_set: (name, hex) => { if (!leaving) localStorage.setItem(STORE + name, hex); },
  store_remove: (name) => { if (!leaving) localStorage.removeItem(STORE + name); },
  entropy: random,
  connect: (port) => { hooks.port = port; },
  reload: () => setTimeout(() => location.reload(), 0),
};

// The canvas read back as the firmware's frame (hex): what a person sees, for the tests.
hooks.canvasFrame = () => {
  if (frame === null) return null;
  const pixels = sheetContext.getImageData(0, 0, sheet.width, sheet.height).data;
  const out = new Uint8Array(frame.bytes.length);
  for (let y = 0; y < sheet.height; y++) {
    for (let x = 0; x < sheet.width; x++) {
      const at = 4 * (y * sheet.width + x);
      if (pixels[at] + pixels[at + 1] + pixels[at + 2] >= 384) continue; // paper
      if (frame.format === 0) out[(y >> 3) * sheet.width + x] |= 1 << (y & 7);
      else out[y * (sheet.width >> 3) + (x >> 3)] |= 0x80 >> (x & 7);
    }
  }
  return bytesHex(out);
};
hooks.settled = () => hooks.port !== null && !hooks.animating && hooks.port.settled();
hooks.button = (name, down) => hooks.port !== null && hooks.port.button(name, down);

function press(name, down) {
  if (down) hooks.keyAt = performance.now();
  if (hooks.port !== null) hooks.port.button(name, down);
}

document.addEventListener("keydown", (event) => {
  const name = KEYS[event.key];
  if (name === undefined) return;
  event.preventDefault();
  if (!event.repeat) press(name, true);
});
document.addEventListener("keyup", (event) => {
  const name = KEYS[event.key];
  if (name === undefined) return;
  event.preventDefault();
  press(name, false);
});
for (const button of document.querySelectorAll("[data-button]")) {
  const name = button.dataset.button;
  button.addEventListener("pointerdown", (event) => {
    button.setPointerCapture(event.pointerId);
    press(name, true);
  });
  for (const kind of ["pointerup", "pointercancel", "lostpointercapture"]) {
    button.addEventListener(kind, () => press(name, false));
  }
}

// The page's menu, outside the device's screen (hidden in the kiosk presentation).
// "Download results": the bytes of the CSV the firmware made of its results log, as a file.
document.getElementById("download").addEventListener("click", () => {
  if (hooks.port === null) return;
  const bytes = hexBytes(hooks.port.results_csv());
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([bytes], { type: "text/csv" }));
  link.download = "dicetable-results.csv";
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 0);
});
// "Start fresh": every saved file goes (game, settings, high scores, results, the kiosk's
// PIN), then the page starts again as on a new device.
document.getElementById("fresh").addEventListener("click", () => {
  const question = "Start fresh? The game in play, the settings, high scores, kiosk results "
    + "and the teacher's PIN saved in this browser are all deleted.";
  if (!confirm(question)) return;
  leaving = true;
  for (const name of storedNames()) localStorage.removeItem(STORE + name);
  location.reload();
});

// The kiosk presentation (?kiosk=1): the sheet, LEDs and buttons fill the screen, which goes
// full screen at the first touch or key (browsers allow that only after a person's gesture).
// Kiosk *mode* stays the teacher's to switch on, behind the PIN, as on the device.
if (params.get("kiosk") === "1") {
  document.body.classList.add("kiosk");
  const full = () => {
    hooks.fullscreenAsked = (hooks.fullscreenAsked || 0) + 1;
    const root = document.documentElement;
    if (!document.fullscreenElement && root.requestFullscreen) {
      root.requestFullscreen().catch(() => {}); // refused (an iframe, a setting): stay put
    }
  };
  document.addEventListener("pointerdown", full, { capture: true });
  document.addEventListener("keydown", full, { capture: true });
}

async function start() {
  const status = document.getElementById("status");
  const mp = await loadMicroPython({
    stdout: (line) => console.log(line),
    stderr: (line) => console.error(line),
  });
  const files = await (await fetch("firmware.json")).json();
  for (const path of Object.keys(files).sort()) {
    const parts = ("app/" + path).split("/");
    for (let depth = 1; depth < parts.length; depth++) {
      const folder = "/" + parts.slice(0, depth).join("/");
      if (!mp.FS.analyzePath(folder).exists) mp.FS.mkdir(folder);
    }
    mp.FS.writeFile("/app/" + path, Uint8Array.from(atob(files[path]), (c) => c.charCodeAt(0)));
  }
  hooks.loadMs = performance.now();
  mp.globals.set("_host", host);
  const seed = params.has("seed") ? parseInt(params.get("seed"), 10) : null;
  const speed = params.has("speed") ? parseInt(params.get("speed"), 10) : 1;
  mp.globals.set("_seed", seed);
  mp.globals.set("_speed", speed);
  status.textContent = "";
  hooks.ready = true;
  await mp.runPythonAsync(`
import sys
sys.path.insert(0, "/app")
import board
from dicetable.ports import web
await web.main(_host, board.BOARD, _seed, _speed)
`);
}

start().catch((error) => {
  hooks.error = String(error);
  document.getElementById("status").textContent = "DiceTable could not start: " + error;
  console.error(error);
});
