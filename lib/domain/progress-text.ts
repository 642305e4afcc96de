/**
 * What a person reads about a render's progress: how long it has taken against the typical time, and
 * how far a stitched (multi-clip) render got. Pure, so the gallery card and the render page say the
 * same thing, and tested without a browser.
 */
import { formatClock, formatElapsed } from "./format";
import { isFinalLedgerStatus } from "./statuses";

/**
 * Which timing a render shows: a live clock while it is unfinished, "Took 0:38" once final, and none
 * for an `unknown` outcome or one that was never sent (awaiting approval, declined): no render is
 * known to be running, so there is nothing to time.
 */
export function timingKind(status: string): "live" | "took" | "none" {
  if (NOT_RUNNING.includes(status)) return "none";
  return isFinalLedgerStatus(status) ? "took" : "live";
}
const NOT_RUNNING: readonly string[] = ["unknown", "awaiting_approval", "declined"];

export interface LiveTiming {
  /** The visible text. */
  text: string;
  /** True when the text is a running clock (shown with tabular figures), false for words. */
  clock: boolean;
  /** The exact figures for a tooltip, when the text does not show them. */
  title?: string;
}

/**
 * The timing of an unfinished render `elapsedSeconds` after it was created:
 * - up to its typical time, a clock against it: `"0:12 of ~0:40"`;
 * - beyond it, words rather than an overrunning clock: `"Taking longer than usual"`, with the figures
 *   in `title` (`"1:10 so far; usually ~0:40"`);
 * - without a typical time to compare with (not a positive number), the clock alone: `"0:12"`.
 */
export function liveTiming(elapsedSeconds: number, expectedSeconds: number): LiveTiming {
  if (!(expectedSeconds > 0) || !Number.isFinite(expectedSeconds)) {
    return { text: formatClock(elapsedSeconds), clock: true };
  }
  if (elapsedSeconds <= expectedSeconds) {
    return { text: formatElapsed(elapsedSeconds, expectedSeconds), clock: true };
  }
  return {
    text: "Taking longer than usual",
    clock: false,
    title: `${formatClock(elapsedSeconds)} so far; usually ~${formatClock(expectedSeconds)}`,
  };
}

export interface ChainText {
  /** Clips made against clips planned, `"Clips 2 of 4"`: the progress bar's name and value. */
  label: string;
  /** Which clip a chain that failed part way stopped at, and what it made before: null otherwise. */
  failure: string | null;
}

/**
 * The words of a stitched render's progress: `"Clips 2 of 4"` while it runs; when it fails part way,
 * also `"Clip 3 of 4 failed; clips 1–2 were made"` (`"Clip 1 of 4 failed"` when none was made).
 */
export function chainText(chain: { clipsReady: number; clipsTotal: number }, status: string): ChainText {
  const { clipsReady: ready, clipsTotal: total } = chain;
  const label = `Clips ${ready} of ${total}`;
  if (status !== "failed" || ready >= total) return { label, failure: null };
  const made = ready === 0 ? "" : ready === 1 ? "; clip 1 was made" : `; clips 1–${ready} were made`;
  return { label, failure: `Clip ${ready + 1} of ${total} failed${made}` };
}
