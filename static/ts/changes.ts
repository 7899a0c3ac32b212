// The banner's list of what a link changes (compare.ts draws it): no DOM,
// so that node --test checks it.
import { timeText } from "./scrub";
import type { Difference, Info } from "./types";

// Change is one line of the list: the change in the schema's words (label
// and unit), and the parameter's name, shown after it, which tells the
// SGSN's N from the MME's.
export interface Change {
  text: string;
  param: string;
}

// changeList lists A's differences from its base (each "A: " while
// comparing), then B's from A ("B: "), each from the start or at the time
// of the run it is made.
export function changeList(i: Pick<Info, "changed" | "changed_b" | "comparing">): Change[] {
  const line = (who: string, d: Difference) => ({
    text: `${who}${d.label}: ${d.old} → ${d.new}` + (d.timed ? ` at ${timeText(d.at_s)}` : " from the start"),
    param: d.param,
  });
  return [...i.changed.map((d) => line(i.comparing ? "A: " : "", d)), ...(i.changed_b ?? []).map((d) => line("B: ", d))];
}

// changeHead says what the list is of: base is "preset <name>" or "the
// model's defaults".
export function changeHead(i: Pick<Info, "changed" | "changed_b">, base: string): string {
  const b = i.changed_b ?? [];
  return i.changed.length || b.length ? `Differences from ${base}${b.length ? " (B's from A)" : ""}:` : `No difference from ${base}.`;
}
