// The legend's words: labels shortened by what they share, and the
// classes of a model.
import type { Model } from "./types";

// shortLabels moves the words every label shares (at its start or its end)
// out of the legend into a note for the caption.
export function shortLabels(labels: string[]): { labels: string[]; note: string } {
  if (labels.length < 2) return { labels, note: "" };
  const words = labels.map((l) => l.split(" "));
  const shortest = Math.min(...words.map((w) => w.length));
  let pre = 0;
  while (pre < shortest - 1 && words.every((w) => w[pre] === words[0][pre])) pre++;
  let suf = 0;
  while (suf < shortest - 1 - pre && words.every((w) => w[w.length - 1 - suf] === words[0][words[0].length - 1 - suf])) suf++;
  if (pre === 0 && suf === 0) return { labels, note: "" };
  const head = words[0].slice(0, pre).join(" ");
  const tail = words[0].slice(words[0].length - suf).join(" ");
  return {
    labels: words.map((w) => w.slice(pre, w.length - suf).join(" ")),
    note: [head, "…", tail].filter((x) => x).join(" "),
  };
}

// classesOf lists the classes of a model: the prefixes of "<class>.offered".
export function classesOf(m: Model): string[] {
  return m.columns.filter((c) => c.name.endsWith(".offered")).map((c) => c.name.slice(0, -".offered".length));
}
