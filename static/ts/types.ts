// The shapes of the JSON the core gives the page are generated from the Go
// types (gen/types.ts, by build/tsgen); here they get the names the page
// uses, and the messages between the page and the worker are declared.
import type { Bridge, Compared, Failure, Info, ModelDescription, ParamDescription, PlanJSON, PointStat, PresetDescription, SweepDesc, Summary, Values, Variant } from "./gen/types";

export type * from "./gen/types";
export type Spec = ParamDescription;
export type Model = ModelDescription;
export type Preset = PresetDescription;
export type Sweep = SweepDesc;

export const variantLabel = (v: Pick<Variant, "label">) => v.label;

// Plan is a sweep: the page's pool runs it, a link holds it.
export type Plan = PlanJSON;

// The messages between the page and the worker carry the bridge's
// arguments and answers (gen/types.ts's Bridge, generated from
// session.API): each such field is typed by the bridge function it goes to
// or comes from, so a change of the Go API shows here, in tsc.
type Arg<K extends keyof Bridge, N extends number> = Parameters<Bridge[K]>[N];
type Answer<K extends keyof Bridge> = Exclude<ReturnType<Bridge[K]>, Failure>;

// Messages from the page to the worker.
export type ToWorker =
  | { t: "start"; preset?: Arg<"startPreset", 0>; link?: Arg<"startLink", 0>; scenario?: Arg<"start", 0> }
  | { t: "advance"; seconds: Arg<"advance", 0>; budget: Arg<"advance", 1> }
  | { t: "set"; name: Arg<"set", 0>; value: Arg<"set", 1> }
  | { t: "export" }
  | { t: "compare"; i: Arg<"compare", 0> } // -1: a copy of A
  | { t: "compare-base" }
  | { t: "end-compare" }
  | { t: "reset" }
  | { t: "words"; title: Arg<"setWords", 0>; note: Arg<"setWords", 1> }
  | { t: "link"; quiet: boolean }
  | { t: "pick"; name: Arg<"setPick", 0>; choice: Arg<"setPick", 1> } // -1 takes it back
  | { t: "attempt"; name: Arg<"setAttempt", 0> }
  | { t: "sweep"; plan: Arg<"setSweep", 0> }
  | { t: "report"; page: Arg<"report", 0> }
  | { t: "module"; module: WebAssembly.Module } // to a pool worker: the simulator, compiled
  // a pool worker: one run of a sweep (sweepCell's arguments)
  | { t: "cell"; id: number; scenario: Arg<"sweepCell", 0>; plan: Arg<"sweepCell", 1>; v: Arg<"sweepCell", 2>; i: Arg<"sweepCell", 3>; s: Arg<"sweepCell", 4> }
  // a pool worker: a point from its seeds' samples (sweepPoint's arguments)
  | { t: "point"; id: number; scenario: Arg<"sweepPoint", 0>; plan: Arg<"sweepPoint", 1>; samples: Arg<"sweepPoint", 2> }
  // a pool worker: one link of the class view replayed (classRow's arguments)
  | { t: "row"; id: number; line: Arg<"classRow", 0>; link: Arg<"classRow", 1> };

// Messages from the worker to the page. A JSON answer of the bridge comes
// parsed, as the generated type its function names (Info, Values,
// Summary, Compared, PointStat), or as its text where the page passes it on
// (describe, export, a cell's sample).
export type FromWorker =
  | { t: "loading"; got: number; total: number }
  | { t: "ready"; describe: Answer<"describe"> } // JSON Description
  // before: a start's link of the run it replaced, if any (the page goes
  // back to it when it cannot show the new run: parts.ts)
  | { t: "started"; info: Info; values: Values; summary: Summary; cmp?: Compared; before?: string }
  | { t: "start-failed"; error: string; link?: string; preset: Answer<"linkPreset"> }
  | { t: "rows"; rows: Answer<"advance">; now: Summary["duration_s"]; values: Values; summary: Summary; cmp?: Compared }
  | { t: "set"; name: string; label?: Answer<"set">; error?: string; values: Values } // label: the change named by the core
  | { t: "link"; link: Answer<"link">; short: Answer<"shortLink">; quiet: boolean }
  | { t: "words"; error?: string }
  | { t: "report"; html?: Answer<"report">; error?: string }
  | { t: "export"; json: Answer<"export"> } // JSON Export
  | { t: "compare-failed"; error: string }
  | { t: "compared"; info: Info; values: Values; summary: Summary; cmp?: Compared } // B opened beside A, A kept
  | { t: "module"; module: WebAssembly.Module } // the live run's worker: the simulator it compiled, for the pool
  | { t: "loaded" } // a pool worker: the simulator is in
  | { t: "cell"; id: number; sample?: Answer<"sweepCell">; error?: string } // JSON Sample
  | { t: "point"; id: number; point?: PointStat; error?: string }
  | { t: "row"; id: number; row?: Answer<"classRow">; error?: string } // JSON ClassRow
  | { t: "fatal"; error: string };
