// Report: the worker writes one self-contained HTML file of what is on
// screen (web/report, the same code as `overloadlab report`); here it is
// downloaded, and the title and note fields follow the run's words.
import type { Words } from "./types";
import { downloadText, el } from "./util";

export function download(html: string, name: string) {
  downloadText(`${name}-report.html`, html, "text/html");
}

// words shows the title and the note of the run on screen (a link's).
export function words(w: Words) {
  el<HTMLInputElement>("title").value = w.title;
  el<HTMLTextAreaElement>("note").value = w.note;
}
