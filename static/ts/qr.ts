// The QR code of the link (issue 27): the room opens the exact run on
// their phones. The button beside Present (shown in presentation mode
// too) opens a dialog with the address drawn as a QR code (uqr, in a
// chunk from this server fetched on the first press: lazy.ts), crisp at
// projector size: whole device pixels per module, no smoothing, the four-module quiet zone of ISO/IEC 18004. A
// link above FAR_VERSION is drawn in its short form (the core's
// shortLink: the run as it starts), which the words beside it say.
import { encode } from "uqr";
import { el } from "./util";

// FAR_VERSION is the largest QR version (17 + 4·v modules a side) that a
// phone reads from the back of a room off a projected code about a metre
// high: v10 is 57 modules, each about 15 mm there, well inside what a
// phone's camera resolves at 10 m. A longer link says so.
export const FAR_VERSION = 10;
const QUIET = 4;

// The short form of the current link (after "#"), as the worker last gave it.
const qr = { short: "", wired: false };

// openQR opens the dialog (lazy.ts wires the buttons and loads this chunk
// on the first press); askLink asks the worker for the current link (the
// address follows it), after which qrLink redraws an open code; short is
// the short form the worker last gave.
export function openQR(askLink: () => void, short: string) {
  const dlg = el<HTMLDialogElement>("qr-dialog");
  if (!qr.wired) {
    qr.wired = true;
    qr.short = short;
    el("qr-close").onclick = () => dlg.close();
    window.addEventListener("resize", () => dlg.open && draw());
  }
  // Drawn open, where the dialog's words can be measured (the same task:
  // nothing is painted between).
  dlg.showModal();
  draw();
  askLink();
}

// qrLink is told the address holds a new link, and its short form: an
// open code follows it.
export function qrLink(short: string) {
  qr.short = short;
  if (el<HTMLDialogElement>("qr-dialog").open) draw();
}

// draw paints location.href into the dialog's canvas as large as the
// window allows, a whole number of device pixels per module.
function draw() {
  let href = location.href;
  const whole = encode(href, { ecc: "M", border: 0 });
  let code = whole;
  if (whole.version > FAR_VERSION && qr.short) {
    const short = location.origin + location.pathname + location.search + "#" + qr.short;
    const s = encode(short, { ecc: "M", border: 0 });
    if (s.version < whole.version) [code, href] = [s, short];
  }
  const shortened = code !== whole;
  const n = code.size + 2 * QUIET;
  const dpr = window.devicePixelRatio || 1;
  const canvas = el<HTMLCanvasElement>("qr-code");
  const far = code.version <= FAR_VERSION;
  const words = (cssModule: number) => {
    el("qr-size").textContent =
      `QR version ${code.version}: ${code.size}×${code.size} modules, ${cssModule.toFixed(1)} px each on this screen. ` +
      (shortened
        ? `The whole link is version ${whole.version}, too dense for a phone at the back of a room: this code is its short form, the run as it starts, without the changes made during it, the comparison, the note or the sweep (Share link copies the whole link). `
        : "") +
      (far
        ? "Short enough for a phone to read from the back of a room."
        : `This link is long for a phone at the back of a room (above version ${FAR_VERSION}): come closer, or share a link with fewer live changes (Reset, then change only what matters).`);
    el("qr-href").textContent = href;
  };
  // The code takes the room the dialog's words leave (measured once they
  // are written, when the dialog is open).
  words(canvas.width / n / dpr);
  const dlg = el("qr-dialog");
  const rest = dlg.scrollHeight - canvas.offsetHeight + 40;
  const room = Math.min(innerWidth * 0.9, innerHeight - Math.max(170, rest)); // CSS px for the code
  const px = Math.max(1, Math.floor((Math.max(room, 120) * dpr) / n)); // device px per module
  canvas.width = canvas.height = n * px;
  canvas.style.width = canvas.style.height = `${(n * px) / dpr}px`;
  const ctx = canvas.getContext("2d")!;
  ctx.imageSmoothingEnabled = false;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = "#000";
  code.data.forEach((row, y) => row.forEach((on, x) => on && ctx.fillRect((x + QUIET) * px, (y + QUIET) * px, px, px)));
  canvas.dataset.href = href;
  canvas.dataset.version = String(code.version);
  canvas.dataset.short = String(shortened);
  words(px / dpr);
  el("qr-size").dataset.far = String(far);
}
