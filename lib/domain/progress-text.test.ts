import { describe, expect, it } from "vitest";
import { chainText, liveTiming, timingKind } from "./progress-text";

describe("timingKind", () => {
  it.each([
    ["submitting", "live"],
    ["pending", "live"],
    ["running", "live"],
    // A status the service invents means "not finished".
    ["upscaling", "live"],
    ["ready", "took"],
    ["failed", "took"],
    ["rejected", "took"],
    ["lost", "took"],
    // The create call's outcome is unknown: nothing is known to be running.
    ["unknown", "none"],
    // Never sent: held for approval, or declined.
    ["awaiting_approval", "none"],
    ["declined", "none"],
  ])("%s → %s", (status, kind) => expect(timingKind(status)).toBe(kind));
});

describe("liveTiming", () => {
  const clock = (text: string) => ({ text, clock: true });
  const late = (title: string) => ({ text: "Taking longer than usual", clock: false, title });

  it.each([
    ["just started", 0, 40, clock("0:00 of ~0:40")],
    ["under the typical time", 12, 40, clock("0:12 of ~0:40")],
    ["in minutes", 95, 150, clock("1:35 of ~2:30")],
    ["exactly the typical time", 40, 40, clock("0:40 of ~0:40")],
    ["a fraction under a fractional typical time", 40.5, 40.9, clock("0:40 of ~0:40")],
    ["a moment over", 40.1, 40, late("0:40 so far; usually ~0:40")],
    ["well over", 70, 40, late("1:10 so far; usually ~0:40")],
    ["hours over", 3723, 150, late("1:02:03 so far; usually ~2:30")],
    ["no typical time", 12, 0, clock("0:12")],
    ["a negative typical time", 12, -5, clock("0:12")],
    ["an unreadable typical time", 12, Number.NaN, clock("0:12")],
    ["an endless typical time", 12, Number.POSITIVE_INFINITY, clock("0:12")],
  ])("%s (%s s of %s s)", (_case, elapsed, expected, timing) => {
    expect(liveTiming(elapsed, expected)).toEqual(timing);
  });

  it("never shows an elapsed clock past the typical one", () => {
    for (let expected = 1; expected <= 90; expected += 0.7) {
      for (let elapsed = 0; elapsed <= 120; elapsed += 0.3) {
        // The clock shows whole seconds of each: the shown elapsed never passes the shown typical.
        if (liveTiming(elapsed, expected).clock) {
          expect(Math.floor(elapsed), `${elapsed} of ${expected}`).toBeLessThanOrEqual(Math.floor(expected));
        }
      }
    }
  });
});

describe("chainText", () => {
  it.each([
    ["running", 0, 4, "Clips 0 of 4", null],
    ["running", 2, 4, "Clips 2 of 4", null],
    ["pending", 0, 3, "Clips 0 of 3", null],
    ["ready", 3, 3, "Clips 3 of 3", null],
    // Failed with every clip made (the stitch itself failed): no clip to name.
    ["failed", 3, 3, "Clips 3 of 3", null],
    ["failed", 0, 4, "Clips 0 of 4", "Clip 1 of 4 failed"],
    ["failed", 1, 3, "Clips 1 of 3", "Clip 2 of 3 failed; clip 1 was made"],
    ["failed", 2, 4, "Clips 2 of 4", "Clip 3 of 4 failed; clips 1–2 were made"],
    ["failed", 4, 5, "Clips 4 of 5", "Clip 5 of 5 failed; clips 1–4 were made"],
    // Only the service's `failed` names a failed clip; a lost render may still have been running.
    ["lost", 1, 3, "Clips 1 of 3", null],
  ])("%s at %s of %s → %s / %s", (status, clipsReady, clipsTotal, label, failure) => {
    expect(chainText({ clipsReady, clipsTotal }, status)).toEqual({ label, failure });
  });
});
