/**
 * Reviewing renders together (docs/architecture.md, "Review"): where a comment is pinned, how a
 * video time is written, the render's review state and who a comment mentions. Pure, so the page,
 * the server and the tests share one rule for each.
 */
import { z } from "zod/mini";

/** The longest comment, in characters. */
export const COMMENT_MAX_CHARS = 2000;

/** What a member decides about a render. */
export const REVIEW_DECISIONS = ["approve", "changes"] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** A render's review state, as cards, the viewer and the gallery's filter name it. */
export const REVIEW_STATES = ["none", "in_review", "changes", "approved"] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/** The gallery's `review` filter: `needs` is every render no one has approved or asked changes of. */
export const REVIEW_FILTERS = ["needs", "changes", "approved"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** The states each filter value lists. */
export const REVIEW_FILTER_STATES: Record<ReviewFilter, readonly ReviewState[]> = {
  needs: ["none", "in_review"],
  changes: ["changes"],
  approved: ["approved"],
};

/** How each state reads on a badge and in the filter. */
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  none: "Not reviewed",
  in_review: "In review",
  changes: "Changes requested",
  approved: "Approved",
};

/** A position on an image, as a share of its width (x) or height (y): 0 is the left or top edge, 1 the other. */
const share = (name: string) =>
  z
    .number({ error: `${name} must be a number` })
    .check(
      z.gte(0, { error: `${name} must be between 0 and 1` }),
      z.lte(1, { error: `${name} must be between 0 and 1` }),
    );

/** Seconds into a video (at most a day, which no render reaches). */
const seconds = (name: string) =>
  z
    .number({ error: `${name} must be a number of seconds` })
    .check(
      z.gte(0, { error: `${name} must be 0 or more` }),
      z.lte(86_400, { error: `${name} must be at most 86400` }),
    );

/**
 * Where a comment is pinned: the whole render; a point or a rectangle on an image (normalised to the
 * image, so it lands on the same spot at any size, zoom or pan); a time or a range of a video.
 */
export const pinSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("render") }),
  z.object({ kind: z.literal("point"), x: share("x"), y: share("y") }),
  z.object({ kind: z.literal("rect"), x: share("x"), y: share("y"), w: share("w"), h: share("h") }).check(
    z.refine((r) => r.w > 0 && r.h > 0, { error: "a rectangle must have a width and a height" }),
    z.refine((r) => r.x + r.w <= 1 + 1e-9 && r.y + r.h <= 1 + 1e-9, {
      error: "a rectangle must lie inside the image",
    }),
  ),
  z.object({ kind: z.literal("time"), t: seconds("t") }),
  z
    .object({ kind: z.literal("range"), t0: seconds("t0"), t1: seconds("t1") })
    .check(z.refine((r) => r.t1 > r.t0, { error: "a range must end after it starts", path: ["t1"] })),
]);
export type Pin = z.infer<typeof pinSchema>;

/** The pin of a comment about the whole render. */
export const WHOLE_RENDER: Pin = { kind: "render" };

/** The box an image is drawn in on the page, in CSS pixels: its top-left corner and its size. */
export interface DrawnBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A pointer's page position on an image drawn in `box`, as the image's shares (clamped to it). */
export function toImageShare(box: DrawnBox, pageX: number, pageY: number): { x: number; y: number } {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return { x: clamp((pageX - box.left) / box.width), y: clamp((pageY - box.top) / box.height) };
}

/** Where a point given as the image's shares is drawn on the page, for the image drawn in `box`. */
export function fromImageShare(box: DrawnBox, point: { x: number; y: number }): { x: number; y: number } {
  return { x: box.left + point.x * box.width, y: box.top + point.y * box.height };
}

/** The rectangle a drag from one share point to another covers, whichever way it went. */
export function rectFromDrag(a: { x: number; y: number }, b: { x: number; y: number }): Pin {
  return {
    kind: "rect",
    x: Math.min(a.x, b.x),
    y: Math.min(a.y, b.y),
    w: Math.abs(a.x - b.x),
    h: Math.abs(a.y - b.y),
  };
}

/** A video time as comments show it: `3.24` → `"00:03.2"`, `75` → `"01:15.0"`, an hour on `"1:02:03.4"`. */
export function formatReviewTime(totalSeconds: number): string {
  const tenths = Math.max(0, Math.floor((Number.isFinite(totalSeconds) ? totalSeconds : 0) * 10 + 1e-6));
  const h = Math.floor(tenths / 36_000);
  const m = Math.floor((tenths % 36_000) / 600);
  const s = Math.floor((tenths % 600) / 10);
  const clock = `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}.${tenths % 10}`;
  return h > 0 ? `${h}:${clock}` : clock;
}

/** Where a pin sits, in words for a list or a CSV: "whole render", "x 0.25, y 0.60", "00:03.2–00:04.0". */
export function describePin(pin: Pin): string {
  const r = (v: number) => v.toFixed(3);
  switch (pin.kind) {
    case "render":
      return "whole render";
    case "point":
      return `x ${r(pin.x)}, y ${r(pin.y)}`;
    case "rect":
      return `x ${r(pin.x)}, y ${r(pin.y)}, w ${r(pin.w)}, h ${r(pin.h)}`;
    case "time":
      return formatReviewTime(pin.t);
    case "range":
      return `${formatReviewTime(pin.t0)}–${formatReviewTime(pin.t1)}`;
  }
}

/** One member's standing decision, and whether a change request is still open. */
export interface DecisionForState {
  decision: ReviewDecision;
  /**
   * A change request is open until its note's thread is resolved (the change was made) or its member
   * withdraws or replaces it; an approval is always counted.
   */
  open: boolean;
}

/**
 * The render's review state: Changes requested while any change request is open; else Approved when
 * someone approved; else In review when it has comments or a settled change request; else none.
 */
export function reviewState(decisions: readonly DecisionForState[], commentCount: number): ReviewState {
  if (decisions.some((d) => d.decision === "changes" && d.open)) return "changes";
  if (decisions.some((d) => d.decision === "approve")) return "approved";
  return commentCount > 0 || decisions.length > 0 ? "in_review" : "none";
}

/** A team member's name a mention can match. */
export interface MentionCandidate {
  id: string;
  name: string;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * The members `text` mentions: `@Name`, any case, where Name is a member's whole name (which may
 * hold spaces) followed by something that is not a letter or digit. The longest name wins where two
 * start alike ("@Ada Lovelace" over "@Ada"). Each member once, in order of first mention.
 */
export function parseMentions(text: string, team: readonly MentionCandidate[]): string[] {
  const byLength = [...team]
    .filter((m) => m.name.trim() !== "")
    .sort((a, b) => b.name.length - a.name.length);
  const lower = text.toLocaleLowerCase("en-US");
  const found: string[] = [];
  for (let at = lower.indexOf("@"); at !== -1; at = lower.indexOf("@", at + 1)) {
    if (at > 0 && WORD_CHAR.test(lower[at - 1] ?? "")) continue; // an email address, not a mention
    const match = byLength.find((m) => {
      const name = m.name.toLocaleLowerCase("en-US");
      if (!lower.startsWith(name, at + 1)) return false;
      const next = lower[at + 1 + name.length];
      return next === undefined || !WORD_CHAR.test(next);
    });
    if (match && !found.includes(match.id)) found.push(match.id);
  }
  return found;
}

/** The first `max` characters of a comment on one line, for an inbox item or a notification. */
export function excerpt(text: string, max = 140): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
