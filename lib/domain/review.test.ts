import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import {
  describePin,
  excerpt,
  formatReviewTime,
  fromImageShare,
  parseMentions,
  pinSchema,
  rectFromDrag,
  reviewState,
  toImageShare,
  type DrawnBox,
} from "./review";

describe("pins", () => {
  const valid = (pin: unknown) => z.safeParse(pinSchema, pin).success;

  it("takes each kind with its fields in range", () => {
    expect(valid({ kind: "render" })).toBe(true);
    expect(valid({ kind: "point", x: 0, y: 1 })).toBe(true);
    expect(valid({ kind: "rect", x: 0.1, y: 0.2, w: 0.9, h: 0.8 })).toBe(true);
    expect(valid({ kind: "time", t: 3.2 })).toBe(true);
    expect(valid({ kind: "range", t0: 1, t1: 2.5 })).toBe(true);
  });

  it("refuses positions outside the image, empty or overflowing rectangles, and backward ranges", () => {
    expect(valid({ kind: "point", x: -0.01, y: 0.5 })).toBe(false);
    expect(valid({ kind: "point", x: 0.5, y: 1.01 })).toBe(false);
    expect(valid({ kind: "rect", x: 0.5, y: 0.5, w: 0, h: 0.2 })).toBe(false);
    expect(valid({ kind: "rect", x: 0.5, y: 0.5, w: 0.6, h: 0.2 })).toBe(false);
    expect(valid({ kind: "time", t: -1 })).toBe(false);
    expect(valid({ kind: "range", t0: 2, t1: 2 })).toBe(false);
    expect(valid({ kind: "elsewhere" })).toBe(false);
  });

  /** The same image drawn at several sizes, zooms, pans and aspects. */
  const boxes: DrawnBox[] = [
    { left: 0, top: 0, width: 1024, height: 1024 },
    { left: 37, top: 120, width: 390, height: 219 },
    { left: -800, top: -350, width: 4096, height: 2304 },
    { left: 12.5, top: 7.25, width: 300, height: 900 },
  ];

  it("a point stored as shares lands on the same spot of the image at any size, zoom, pan and aspect", () => {
    const spot = { x: 0.3125, y: 0.8 };
    for (const box of boxes) {
      const drawn = fromImageShare(box, spot);
      const back = toImageShare(box, drawn.x, drawn.y);
      expect(back.x).toBeCloseTo(spot.x, 9);
      expect(back.y).toBeCloseTo(spot.y, 9);
      // Across two sizes, the drawn spots sit at the same fraction of each drawing.
      expect((drawn.x - box.left) / box.width).toBeCloseTo(spot.x, 9);
      expect((drawn.y - box.top) / box.height).toBeCloseTo(spot.y, 9);
    }
  });

  it("a press outside the drawn image is held to its edge", () => {
    const [box] = boxes;
    expect(toImageShare(box as DrawnBox, -10, 5000)).toEqual({ x: 0, y: 1 });
  });

  it("a drag covers the same rectangle whichever way it went", () => {
    const a = { x: 0.7, y: 0.2 };
    const b = { x: 0.1, y: 0.6 };
    const expected = { kind: "rect", x: 0.1, y: 0.2, w: a.x - b.x, h: b.y - a.y };
    expect(rectFromDrag(a, b)).toEqual(expected);
    expect(rectFromDrag(b, a)).toEqual(expected);
  });

  it("describes each pin in words", () => {
    expect(describePin({ kind: "render" })).toBe("whole render");
    expect(describePin({ kind: "point", x: 0.25, y: 0.5 })).toBe("x 0.250, y 0.500");
    expect(describePin({ kind: "range", t0: 3.2, t1: 4 })).toBe("00:03.2–00:04.0");
  });
});

describe("formatReviewTime", () => {
  it("writes minutes, seconds and tenths, with hours only past an hour", () => {
    expect(formatReviewTime(0)).toBe("00:00.0");
    expect(formatReviewTime(3.2)).toBe("00:03.2");
    expect(formatReviewTime(3.29)).toBe("00:03.2");
    expect(formatReviewTime(75)).toBe("01:15.0");
    expect(formatReviewTime(3723.4)).toBe("1:02:03.4");
    expect(formatReviewTime(-4)).toBe("00:00.0");
  });
});

describe("reviewState", () => {
  const approve = { decision: "approve" as const, open: true };
  const openChanges = { decision: "changes" as const, open: true };
  const settledChanges = { decision: "changes" as const, open: false };

  it("none, then in review with comments, then a decision's state", () => {
    expect(reviewState([], 0)).toBe("none");
    expect(reviewState([], 2)).toBe("in_review");
    expect(reviewState([approve], 0)).toBe("approved");
    expect(reviewState([openChanges], 1)).toBe("changes");
  });

  it("an open change request outweighs any approval; a settled one no longer does", () => {
    expect(reviewState([approve, openChanges], 1)).toBe("changes");
    expect(reviewState([approve, settledChanges], 1)).toBe("approved");
    expect(reviewState([settledChanges], 1)).toBe("in_review");
  });
});

describe("parseMentions", () => {
  const team = [
    { id: "m1", name: "Ada" },
    { id: "m2", name: "Ada Lovelace" },
    { id: "m3", name: "Linus" },
    { id: "m4", name: "Grace" },
  ];

  it("finds whole names in any case, the longest first, each member once", () => {
    expect(parseMentions("@linus and @Ada Lovelace, then @LINUS again", team)).toEqual(["m3", "m2"]);
    expect(parseMentions("@Ada: look", team)).toEqual(["m1"]);
  });

  it("ignores a name that runs on, an email address and unknown names", () => {
    expect(parseMentions("@Linuss and grace@example.com and @Nobody", team)).toEqual([]);
  });
});

describe("excerpt", () => {
  it("puts a comment on one line and cuts it with an ellipsis", () => {
    expect(excerpt("first\n\nsecond")).toBe("first second");
    expect(excerpt("a".repeat(200), 10)).toBe(`${"a".repeat(9)}…`);
  });
});
