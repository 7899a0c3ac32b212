// The page's message line, on top: what went wrong, or what was done.
import { el } from "./util";

export function showMessage(text: string, kind: "error" | "info" = "error") {
  const m = el("message");
  m.textContent = text;
  m.className = "message " + kind;
  m.hidden = text === "";
}
