// The theme of the charts: the palette's styles by model and chart, the
// style sheet's colours (light-dark() resolved), dark mode, hatched fills
// and legend marks, and the type's scale in presentation mode.
import type uPlot from "uplot";
import { dataOf } from "./parts";
import type { Style, Styles } from "./types";

// The theme's state: what is made once.
const themeCache = {
  // probe resolves the style sheet's colours (light-dark() included) to rgb().
  probe: null as HTMLElement | null,
  // measurer measures legend text for the PNG export's layout (and makes
  // the hatchings' patterns): made when first asked for.
  measured: null as CanvasRenderingContext2D | null,
};

// stylesOf are how a chart's series are drawn (web/palette.For, given
// with the model's parts).
export function stylesOf(model: string, chart: string): Styles {
  return dataOf(model)?.styles[chart] ?? { series: [] };
}

// FILL_ALPHA is the opacity of stacked areas (web/palette.FillAlpha).
const FILL_ALPHA = "d9"; // 0.85 × 255

// palette is Okabe & Ito's colour-blind-safe set in the order web/palette
// starts from, for curves drawn outside a model's charts (sweeps).
export const palette = ["#0072b2", "#e69f00", "#009e73", "#d55e00", "#cc79a7", "#56b4e9"];

// isDark tells whether the page is dark: the toggle's choice, else the system's.
export function isDark(): boolean {
  return getComputedStyle(document.documentElement).colorScheme === "dark" || (getComputedStyle(document.documentElement).colorScheme !== "light" && matchMedia("(prefers-color-scheme: dark)").matches);
}

// cssVar reads a colour of the style sheet's theme, as rgb(…).
export function cssVar(name: string): string {
  if (!themeCache.probe) {
    themeCache.probe = document.createElement("span");
    themeCache.probe.hidden = true;
    document.body.append(themeCache.probe);
  }
  themeCache.probe.style.color = `var(${name})`;
  return getComputedStyle(themeCache.probe).color;
}

export const colourOf = (st: Style | undefined, dark: boolean) => (st ? (dark ? st.dark : st.light) : dark ? "#e6edf3" : "#1f2328");

// hatchTile draws one tile of a hatching ("/", "\\", "x", "|") in ink over colour.
function hatchTile(colour: string, hatch: string, ink: string, px: number): HTMLCanvasElement {
  const c = document.createElement("canvas");
  c.width = c.height = px;
  const x = c.getContext("2d")!;
  x.fillStyle = colour;
  x.fillRect(0, 0, px, px);
  x.strokeStyle = ink;
  x.lineWidth = Math.max(1, px / 8);
  x.beginPath();
  const diag = (sign: number) => {
    // Three segments so the tiles join without a seam.
    for (const o of [-px, 0, px]) {
      if (sign > 0) {
        x.moveTo(o, px);
        x.lineTo(o + px, 0);
      } else {
        x.moveTo(o, 0);
        x.lineTo(o + px, px);
      }
    }
  };
  if (hatch === "/" || hatch === "x") diag(1);
  if (hatch === "\\" || hatch === "x") diag(-1);
  if (hatch === "|") {
    x.moveTo(px / 2, 0);
    x.lineTo(px / 2, px);
  }
  x.stroke();
  return c;
}

// areaFill is a stacked area's fill: its colour, hatched when its style says so.
export function areaFill(st: Style, dark: boolean): string | CanvasPattern {
  const colour = colourOf(st, dark) + FILL_ALPHA;
  if (!st.hatch) return colour;
  const ink = dark ? "rgba(0,0,0,0.55)" : "rgba(255,255,255,0.7)";
  return measurer().createPattern(hatchTile(colour, st.hatch, ink, Math.round(8 * devicePixelRatio)), "repeat") ?? colour;
}

// markerCSS is a legend marker's CSS background: the colour, hatched or dashed as drawn.
export function markerCSS(st: Style | undefined, dark: boolean, area: boolean): string {
  const c = colourOf(st, dark);
  const ink = dark ? "rgba(0,0,0,0.55)" : "rgba(255,255,255,0.7)";
  if (area && st?.hatch) {
    const angle = st.hatch === "/" ? "45deg" : st.hatch === "|" ? "90deg" : "-45deg";
    const lines = `repeating-linear-gradient(${angle}, ${ink} 0 1.5px, transparent 1.5px 5px)`;
    return st.hatch === "x" ? `${lines}, repeating-linear-gradient(45deg, ${ink} 0 1.5px, transparent 1.5px 5px), ${c}` : `${lines}, ${c}`;
  }
  // A dashed line: a horizontal dashed stroke across the middle, as drawn
  // (not a square of stripes, which reads as a pause sign "❚❚").
  if (!area && st?.dash?.length) return `repeating-linear-gradient(90deg, ${c} 0 4px, transparent 4px 7px) center / 100% 3px no-repeat`;
  return c;
}

// typeScale is how much larger the charts' text is than normal: 4/3 in
// presentation mode, where the charts are read across a room, and more on
// a screen larger than 1280×800 (up to 2×).
export function typeScale(): number {
  if (!document.body.classList.contains("present")) return 1;
  return Math.min(2, Math.max(4 / 3, (4 / 3) * Math.min(innerWidth / 1280, innerHeight / 800)));
}

// big scales a size in CSS px for the chart's text by typeScale.
export function big(): (n: number) => number {
  const k = typeScale();
  return (n) => Math.round(n * k);
}
export function measurer(): CanvasRenderingContext2D {
  themeCache.measured ??= document.createElement("canvas").getContext("2d")!;
  return themeCache.measured;
}

// yAxisSize is a y axis's width (CSS px) that holds its widest label as
// drawn, "1,000,000" whole rather than cut to "00,000" at the canvas's
// edge: the tick, the gap and the label in the axis's own font, and at
// least least px, so that the charts of small numbers keep their layout.
export function yAxisSize(least: number): uPlot.Axis.Size {
  return (u, values, i) => Math.max(least, Math.ceil(yTickReach(u.axes[i], values ?? [])));
}

// yTickReach is how far a left axis's labels reach from the plot's left
// edge (CSS px): the tick, the gap and the widest label.
export function yTickReach(ax: uPlot.Axis, values: readonly (string | number | null)[]): number {
  const m = measurer();
  // uPlot keeps the font as [font at the device's pixel ratio, size, CSS size].
  m.font = (ax.font as unknown as [string, number, number])[0];
  let w = 0;
  for (const v of values) if (v !== null && v !== "") w = Math.max(w, m.measureText(String(v)).width / devicePixelRatio);
  return (ax.ticks?.show === false ? 0 : (ax.ticks?.size ?? 10)) + (ax.gap ?? 5) + w + 1;
}
