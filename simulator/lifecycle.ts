/**
 * A render's life (spec §3), planned once at creation and read lazily at any moment.
 *
 * No timers: every transition time is fixed when the render is created (from its typical duration,
 * the time scale and a variance drawn from its id), and its state at a moment is a pure function of
 * that plan. A render nobody looks at still finishes on time, and a paused process loses nothing.
 */
import { unitFromSeed } from "./ids";

/** Share of a render's time spent waiting before processing starts. */
const PENDING_SHARE = 0.1;
/** Durations vary from 80% to 110% of typical, so a 40 s image at time scale 0.02 is done in < 0.9 s. */
const VARIANCE_MIN = 0.8;
const VARIANCE_SPAN = 0.3;
/** With the undocumented-status fault on, the last part of running is reported as `upscaling`. */
const UPSCALING_SHARE = 0.25;

const FAIL_MARKER = "[fail]";
const PARTIAL_MARKER = "[partial]";

export type Outcome =
  { type: "ready" } | { type: "failed"; errorMessage: string; creditsRefunded: number; clipsMade: number };

export interface LifePlanInput {
  id: string;
  createdAt: number;
  /** Typical seconds from creation to completion at time scale 1. */
  typicalSeconds: number;
  timeScale: number;
  /** 1 for an ordinary render; more for a stitched one. */
  clipsTotal: number;
  prompt: string;
  creditsCharged: number;
}

export interface LifePlan {
  readonly createdAt: number;
  readonly runningAt: number;
  readonly terminalAt: number;
  readonly clipsTotal: number;
  /** When each clip that will be made is done, ascending; for a ready render the last is `terminalAt`. */
  readonly clipDoneAt: readonly number[];
  readonly outcome: Outcome;
}

export type DocumentedStatus = "pending" | "running" | "ready" | "failed";

export interface Observation {
  /** The documented state, used for refunds, media and statistics. */
  state: DocumentedStatus;
  /** What the render record reports; differs from `state` only under the undocumented-status fault. */
  status: string;
  clipsReady: number;
  updatedAt: number;
}

/** What the prompt's test markers make of the render; stitched renders alone can stop part way. */
export function plannedOutcome(prompt: string, clipsTotal: number, creditsCharged: number): Outcome {
  const lower = prompt.toLowerCase();
  if (lower.includes(FAIL_MARKER)) {
    return {
      type: "failed",
      errorMessage: "Generation failed: the model could not complete this render",
      creditsRefunded: creditsCharged,
      clipsMade: 0,
    };
  }
  if (lower.includes(PARTIAL_MARKER) && clipsTotal > 1) {
    const clipsMade = Math.floor(clipsTotal / 2);
    // The made share is charged rounded down, so rounding never costs the customer a credit.
    const creditsRefunded = creditsCharged - Math.floor((creditsCharged * clipsMade) / clipsTotal);
    return {
      type: "failed",
      errorMessage: `Stitching stopped after ${clipsMade} of ${clipsTotal} clips; the unmade portion was refunded`,
      creditsRefunded,
      clipsMade,
    };
  }
  return { type: "ready" };
}

export function planLife(input: LifePlanInput): LifePlan {
  const variance = VARIANCE_MIN + VARIANCE_SPAN * unitFromSeed(input.id, "duration");
  const totalMs = input.typicalSeconds * 1000 * variance * input.timeScale;
  const runningAt = input.createdAt + totalMs * PENDING_SHARE;
  const clipMs = (totalMs * (1 - PENDING_SHARE)) / input.clipsTotal;
  const outcome = plannedOutcome(input.prompt, input.clipsTotal, input.creditsCharged);
  const clipsMade = outcome.type === "ready" ? input.clipsTotal : outcome.clipsMade;
  const clipDoneAt = Array.from({ length: clipsMade }, (_, i) => runningAt + (i + 1) * clipMs);
  // A failure strikes half way through the first clip that will not be made.
  const terminalAt =
    outcome.type === "ready" ? input.createdAt + totalMs : runningAt + (clipsMade + 0.5) * clipMs;
  return {
    createdAt: input.createdAt,
    runningAt,
    terminalAt,
    clipsTotal: input.clipsTotal,
    clipDoneAt,
    outcome,
  };
}

export function observe(plan: LifePlan, now: number, undocumentedStatus: boolean): Observation {
  if (now >= plan.terminalAt) {
    const state = plan.outcome.type === "ready" ? "ready" : "failed";
    return { state, status: state, clipsReady: plan.clipDoneAt.length, updatedAt: plan.terminalAt };
  }
  if (now < plan.runningAt) {
    const queuedAt = plan.createdAt + (plan.runningAt - plan.createdAt) / 2;
    const queued = undocumentedStatus && now >= queuedAt;
    return {
      state: "pending",
      status: queued ? "queued" : "pending",
      clipsReady: 0,
      updatedAt: queued ? queuedAt : plan.createdAt,
    };
  }
  const done = plan.clipDoneAt.filter((at) => at <= now);
  let updatedAt = Math.max(plan.runningAt, done.at(-1) ?? plan.runningAt);
  let status = "running";
  const upscalingAt = plan.terminalAt - (plan.terminalAt - plan.runningAt) * UPSCALING_SHARE;
  if (undocumentedStatus && plan.outcome.type === "ready" && now >= upscalingAt) {
    status = "upscaling";
    updatedAt = Math.max(updatedAt, upscalingAt);
  }
  return { state: "running", status, clipsReady: done.length, updatedAt };
}
