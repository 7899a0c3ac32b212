// How the page writes numbers: tiles, legends, tables and axes alike.

// decimals is how many decimals a number of this magnitude is shown with:
// none from 1000 up, one from 10, two from 1, one for zero, else two
// significant digits (as toPrecision(2): 0.9996 is "1.0").
export function decimals(a: number): number {
  if (a >= 1000) return 0;
  if (a >= 10) return 1;
  if (a >= 1) return 2;
  if (a === 0) return 1;
  const e = Math.floor(Math.log10(a));
  return Math.round(a * 10 ** (1 - e)) >= 100 ? Math.max(-e, 0) : 1 - e;
}

// fmt writes a number as every part of the page does (and web/report):
// thousands separators, decimals by magnitude, "–" for no value.
export function fmt(v: number | null | undefined, unit = ""): string {
  if (v === null || v === undefined || Number.isNaN(v)) return "–";
  const d = decimals(Math.abs(v));
  const s = v.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
  return unit ? `${s} ${unit}` : s;
}

// ticks writes an axis's tick values alike: the decimals their step needs.
export function ticks(vals: number[]): string[] {
  const step = vals.length > 1 ? Math.abs(vals[1] - vals[0]) : Math.abs(vals[0] ?? 1);
  // The fewest decimals that write the step exactly (2.5 → 1, 0.25 → 2).
  let d = 0;
  while (d < 6 && step > 0 && Math.abs(step * 10 ** d - Math.round(step * 10 ** d)) > 1e-6 * step * 10 ** d) d++;
  return vals.map((v) => (v === null ? "" : v.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d })));
}

// keepUnits binds each number to the unit after it with a no-break space
// ("70 %", "120 s", "400 /s"): a line never ends between them.
export const keepUnits = (s: string) => s.replace(/(\d) (%|\/s\b|ms\b|s\b|min\b)/g, "$1\u00a0$2");

// count writes a whole number with thousands separators: "12,345".
export const count = (x: number) => x.toLocaleString("en-US");
