// The shapes of the JSON the core gives the page are generated from the Go
// types (gen/types.ts, by build/tsgen); here they get the names the page
// uses, and the messages between the page and the worker are declared.
import type { Compared, Info, ModelDescription, ParamDescription, PlanJSON, PointStat, PresetDescription, SweepDesc, Summary, Values, Variant } from "./gen/types";

export type * from "./gen/types";
export type Spec = ParamDescription;
export type Model = ModelDescription;
export type Preset = PresetDescription;
export type Sweep = SweepDesc;

export const variantLabel = (v: Pick<Variant, "label">) => v.label;

// Plan is a sweep: the page's pool runs it, a link holds it.
export type Plan = PlanJSON;

// Messages from the page to the worker.
export type ToWorker =
  | { t: "start"; preset?: string; link?: string; scenario?: string }
  | { t: "advance"; seconds: number; budget: number }
  | { t: "set"; name: string; value: string }
  | { t: "export" }
  | { t: "compare"; i: number } // -1: a copy of A
  | { t: "compare-base" }
  | { t: "end-compare" }
  | { t: "reset" }
  | { t: "words"; title: string; note: string }
  | { t: "link"; quiet: boolean }
  | { t: "sweep"; plan: string }
  | { t: "report"; page: string }
  | { t: "module"; module: WebAssembly.Module } // to a pool worker: the simulator, compiled
  | { t: "cell"; id: number; scenario: string; plan: string; v: number; i: number; s: number } // a pool worker: one run of a sweep
  | { t: "point"; id: number; scenario: string; plan: string; samples: string }; // a pool worker: a point from its seeds' samples

// Messages from the worker to the page.
export type FromWorker =
  | { t: "loading"; got: number; total: number }
  | { t: "ready"; describe: string }
  | { t: "started"; info: Info; values: Values; summary: Summary; cmp?: Compared }
  | { t: "start-failed"; error: string; link?: string; preset: string }
  | { t: "rows"; rows: Float64Array; now: number; done: boolean; values: Values; summary: Summary; cmp?: Compared }
  | { t: "set"; name: string; error?: string; values: Values }
  | { t: "link"; link: string; quiet: boolean }
  | { t: "words"; error?: string }
  | { t: "report"; html?: string; error?: string }
  | { t: "export"; json: string }
  | { t: "compare-failed"; error: string }
  | { t: "compared"; info: Info; values: Values; summary: Summary; cmp?: Compared } // B opened beside A, A kept
  | { t: "module"; module: WebAssembly.Module } // the live run's worker: the simulator it compiled, for the pool
  | { t: "loaded" } // a pool worker: the simulator is in
  | { t: "cell"; id: number; sample?: string; error?: string }
  | { t: "point"; id: number; point?: PointStat; error?: string }
  | { t: "fatal"; error: string };
