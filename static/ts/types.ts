// The shapes of the JSON the core gives the page are generated from the Go
// types (gen/types.ts, by build/tsgen); here they get the names the page
// uses, and the messages between the page and the worker are declared.
import type { ModelDescription, ParamDescription, PresetDescription, Result, Variant } from "./gen/types";
import type { Info, PointStat, Side, Summary, Values } from "./gen/types";

export type * from "./gen/types";
export type Spec = ParamDescription;
export type Model = ModelDescription;
export type Preset = PresetDescription;
export type ClaimResult = Result;

export const variantLabel = (v: Variant) => v.label;

// Plan is a sweep the page asks the worker's pool for, as sim.DecodePlan
// reads it (a wire form of its own, not a Go type's JSON).
export interface Plan {
  param: string;
  from: number;
  to: number;
  points: number;
  log?: boolean;
  seeds: number;
  variants?: { label: string; params?: Record<string, number | string | boolean> }[];
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
