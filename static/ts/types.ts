// The shapes of the JSON the core gives the page (catalog.Describe, the
// session's Info, sim.Summary): one source of truth, in Go.

export type Kind = "number" | "integer" | "bool" | "choice" | "text";

export interface Spec {
  name: string;
  label: string;
  group: string;
  unit?: string;
  kind: Kind;
  min: number;
  max: number;
  step?: number;
  default: number | string | boolean;
  choices?: string[];
  doc: string;
  allowed: string;
  fixed?: boolean; // fixed during a run: set before it starts
}

export interface Column {
  name: string;
  label: string;
  unit: string;
  max?: boolean;
}

export interface Line {
  label: string;
  value?: number;
  param?: string;
  if?: string;
}

export interface Chart {
  id: string;
  title: string;
  unit: string;
  series: string[];
  stacked?: boolean;
  overlay?: string[];
  lines?: Line[];
  per_class?: boolean;
  upto?: string; // draw only the first values[upto] series (one per instance)
  styles: Styles; // from web/palette, given with the page: the page only draws them
}

// Style is how one series is drawn (web/palette.Style).
export interface Style {
  light: string;
  dark: string;
  dash?: number[];
  hatch?: string; // "/", "\\", "x" or "|"
}

export interface Styles {
  series: Style[];
  overlay?: Style[];
  lines?: Style[];
}

export interface Panel {
  title: string;
  formula: string;
  text: string;
}

export interface Variant {
  label?: string;
  params?: Record<string, number | string | boolean>;
}

export const variantLabel = (v: Variant) => v.label ?? "";

export interface SweepLine {
  label: string;
  param: string;
  factor: number;
}

export interface Sweep {
  id: string;
  title: string;
  param: string;
  values: number[];
  curves: Variant[];
  doc: string;
  lines?: SweepLine[];
}

// A sweep's definition (sim.Plan as JSON): it goes into the link.
export interface Plan {
  param: string;
  from: number;
  to: number;
  points: number;
  log?: boolean;
  seeds: number;
  variants?: { label: string; params?: Record<string, number | string | boolean> }[];
}

// One point of a sweep over its seeds (sim.PointStat): stats[m] for the
// metrics in the order of sim.Metrics (0 offered, 1 goodput, …).
export interface PointStat {
  variant: number;
  label: string;
  point: number;
  x: number;
  seeds: number;
  stats: { mean: number; lo: number; hi: number }[];
  digest: string;
}

export interface Preset {
  name: string;
  summary: string;
  teaches: string;
  compare?: Variant[];
}

export interface Description {
  models: Model[];
}

export interface Model {
  name: string;
  title: string;
  doc: string;
  params: Spec[];
  columns: Column[];
  cpu?: string; // the column of the CPU occupancy
  charts: Chart[];
  panels: Panel[];
  sweeps?: Sweep[];
  presets: Preset[];
}

export interface Info {
  model: string;
  preset: string;
  seed: number;
  duration_s: number;
  interval_s: number;
  columns: string[];
  scenario: unknown;
  markers: { at_s: number; label: string }[]; // the scenario's events, for the charts
}

export interface ClassSummary {
  name: string;
  offered: number;
  completed: number;
  late: number;
  rejected: number;
  dropped: number;
  throttled: number;
  in_flight: number;
  goodput_per_s: number;
}

export interface Summary {
  scenario: string;
  model: string;
  seed: number;
  duration_s: number;
  intervals: number;
  classes: ClassSummary[];
  total: ClassSummary;
  cpu: { mean: number; max: number };
  controls: Record<string, Record<string, number>>;
  digest: string;
  claims?: ClaimResult[]; // the preset's claims checked over the run so far
  error?: string; // why the run stopped early, if it did
}

// ClaimResult is one of the preset's claims checked over a run (core/claim).
export interface ClaimResult {
  name: string;
  says: string;
  holds: boolean;
  measured: number;
  wanted: string;
  figure: string;
  pending?: boolean;
}

export type Values = Record<string, number | string | boolean>;

export interface Side {
  label: string;
  summary: Summary;
  stride: number;
  rows: number[];
}

// Messages from the page to the worker.
export type ToWorker =
  | { t: "start"; preset?: string; link?: string; scenario?: string }
  | { t: "advance"; seconds: number; budget: number }
  | { t: "set"; name: string; value: string }
  | { t: "link" }
  | { t: "export" }
  | { t: "compare"; n: number }
  | { t: "point"; task: number; scenario: string; plan: string; v: number; i: number };

// Messages from the worker to the page.
export type FromWorker =
  | { t: "loading"; got: number; total: number }
  | { t: "ready"; describe: string }
  | { t: "started"; info: Info; values: Values; summary: Summary }
  | { t: "start-failed"; error: string; link?: string; preset: string }
  | { t: "rows"; rows: Float64Array; now: number; done: boolean; values: Values; summary: Summary }
  | { t: "set"; name: string; error?: string; values: Values }
  | { t: "link"; link: string }
  | { t: "export"; json: string }
  | { t: "compare"; sides: Side[]; error?: string }
  | { t: "point"; task: number; point?: PointStat; error?: string }
  | { t: "fatal"; error: string };
