// Share and export: the link in the address bar, the CSV, the JSON, the
// PNG and the report.
import * as cmp from "./compare";
import { timeText, view } from "./scrub";
import { page, send } from "./state";
import { cssVar } from "./theme";
import { downloadBlob, downloadText, el, exportTitle, toCSV } from "./util";

export function runName(): string {
  return `overloadlab-${page.info?.preset || "custom"}-seed${page.info?.seed ?? 0}-t${Math.round(page.summary?.duration_s ?? 0)}s`;
}

// The address bar always holds the link of what is on screen: asked for
// after every change, a moment later (changes come in bursts).
export function linkSoon() {
  clearTimeout(page.linkTimer);
  page.linkTimer = window.setTimeout(() => send({ t: "link", quiet: true }), 250);
}
el("share").onclick = () => send({ t: "link", quiet: false });
el("csv").onclick = () => downloadText(`${runName()}.csv`, toCSV(page.store, csvHead(), cmp.storeB()), "text/csv");
// reportBusy says on the button that a report is being prepared (the
// worker writes it, its charts included, in one call).
export function reportBusy(busy: boolean) {
  const b = el<HTMLButtonElement>("report");
  b.textContent = busy ? "Preparing report…" : "Report";
  b.setAttribute("aria-busy", String(busy));
  b.dataset.busy = busy ? "1" : "";
}
el("report").onclick = () => {
  if (el("report").dataset.busy) return;
  reportBusy(true);
  send({ t: "report", page: location.origin + location.pathname });
};
const sendWords = () => send({ t: "words", title: el<HTMLInputElement>("title").value, note: el<HTMLTextAreaElement>("note").value });
el("title").addEventListener("change", sendWords);
el("note").addEventListener("change", sendWords);

// csvHead names what the CSV holds, for a file read alone later.
function csvHead(): string[] {
  const m = page.model;
  const unit = new Map((m?.columns ?? []).map((c) => [c.name, c.unit]));
  const units = page.store.columns.map((c) => `${c}: ${(c === "t" ? "s" : unit.get(c)) || "1"}`).join(", ");
  const c = cmp.current();
  return [
    `model: ${page.info?.model ?? ""}`,
    `scenario: ${page.info?.preset || "custom"}`,
    `seed: ${page.info?.seed ?? ""}`,
    `link: ${location.href}`,
    ...(c ? [`columns prefixed b. are B (${c.label_b}), the others A (${c.label_a})`] : []),
    `units: ${units}`,
    // As the command line's run CSV says it (cmd/overloadlab writeCSV).
    `time: t is the end of each interval, in seconds of simulated time; the run lasts ${timeText(page.info?.duration_s ?? 0)} (${view.long ? "h:mm:ss" : "m:ss"})`,
  ];
}
el("json").onclick = () => send({ t: "export" });
el("png").onclick = () => {
  const width = 1000;
  // The title names the run, and A and B while comparing (on the button, for tests).
  const title = exportTitle(page.info?.preset ?? "", page.info?.seed ?? 0, timeText(page.summary?.duration_s ?? 0), cmp.current());
  el("png").dataset.title = title.join("\n");
  const draw = (ctx: CanvasRenderingContext2D | null): number => {
    if (ctx) {
      ctx.fillStyle = cssVar("--panel");
      ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
      ctx.fillStyle = cssVar("--fg");
      ctx.font = "bold 16px system-ui, sans-serif";
      title.forEach((line, k) => ctx.fillText(line, 12, 24 + 22 * k));
    }
    let y = 36 + 22 * (title.length - 1);
    for (const c of page.charts) y += c.paint(ctx, y, width);
    return y;
  };
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = draw(null);
  draw(canvas.getContext("2d"));
  canvas.toBlob((b) => b && downloadBlob(`${runName()}.png`, b));
};
