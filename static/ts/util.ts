// Small DOM and download helpers.
import type { Store } from "./charts";

// el returns the element with the id, which the page always has.
export function el<T extends HTMLElement = HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`the page has no #${id}`);
  return e as T;
}

export function downloadBlob(name: string, blob: Blob) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

export function downloadText(name: string, text: string, type: string) {
  downloadBlob(name, new Blob([text], { type }));
}

// toCSV writes the series as CSV, one row per measurement interval.
export function toCSV(s: Store): string {
  const lines = [s.columns.join(",")];
  for (let r = 0; r < s.length; r++) lines.push(s.data.map((c) => String(c[r])).join(","));
  return lines.join("\n") + "\n";
}
