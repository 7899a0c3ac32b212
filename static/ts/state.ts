// The page's state: everything its sections (the worker's messages, the
// frame loop, the tiles, the controls, export) read and change, in one
// place. Importing it does nothing but make the object.
import type { ChartView } from "./charts";
import { Store } from "./store";
import type { ClaimResult, Info, Model, Summary, ToWorker, Values } from "./types";

// MAX_LOG bounds page.claimLog.
export const MAX_LOG = 4096;

export const page = {
  // The models' description comes from the core in the worker (not in the
  // page, which would carry it twice).
  models: [] as Model[],
  // The run on screen: its info, model, series, charts, the values in
  // force and its summary.
  info: null as Info | null,
  model: null as Model | null,
  store: new Store(["t"]),
  charts: [] as ChartView[],
  values: {} as Values,
  summary: null as Summary | null,
  startedAt: "", // how the current run was started, for Reset
  // claimLog holds the claims as judged after each slice of the run, so that
  // the time cursor can show them as they stood then (at most MAX_LOG).
  claimLog: [] as { t: number; claims: ClaimResult[] | undefined }[],
  pacedPreset: "", // the preset whose pace the speed was last set to
  // watch is the lesson's chart of the preset on screen: it comes first.
  watch: "",
  setting: new Set<string>(), // the parameters whose change is on its way

  // The frame loop.
  playing: false,
  pending: false, // an advance is on its way
  tourStop: null as number | null, // where the advance on its way pauses for the tour
  lastFrame: 0,
  frameNo: 0,
  maxFrameMs: 0,
  frameId: 0, // the next frame asked for, 0 while the loop rests
  tilesStale: false,
  stale: new Set<ChartView>(), // charts with rows they have not drawn
  announced: 0, // when the live region last spoke
  wasPlaying: false,

  // The window: Back or Forward under way, a change committed whose link
  // is a new history entry, a resize to follow, the link asked for a
  // moment after a change.
  traversing: false,
  newEntry: false,
  keepAddress: false, // the address holds a link the page could not show (messages.ts)
  resizeQueued: false,
  linkTimer: 0,

  // The simulator's worker (main.ts starts it).
  worker: null as Worker | null,
};

// send posts a message to the simulator's worker.
export const send = (m: ToWorker) => page.worker!.postMessage(m);
