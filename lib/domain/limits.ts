/**
 * The team's limits on what members make (docs/architecture.md, "Limits"), one row each: the server
 * checks every create against them (lib/server/team/limits.ts) and the Team page shows and edits them.
 *
 * A limit is a **count** (how many may exist at once: a member's own, or the whole team's) or a
 * **rate** (how many one member may make within the last minute or hour). The defaults are set where
 * a busy real team never meets them; an admin may raise or lower any of them. With sign-in off there
 * are no members: the per-member limits apply to the team as a whole, as one caller.
 */
import { formatNumber } from "./format";

/** What members make that is limited, in the order the Team page lists them. */
export const LIMITED_KINDS = {
  renders: {
    title: "Renders",
    description:
      "Renders started from the form or the API. A batch run's rows are not counted: the run sends them a few at a time.",
  },
  approvals: {
    title: "Renders waiting for approval",
    description: "A member's renders held for an admin's approval (see Approval above).",
  },
  runs: {
    title: "Batch runs",
    description: "Runs from a file, each up to 500 rows. In progress: not yet finished or cancelled.",
  },
  uploads: {
    title: "Reference uploads",
    description: "Images, videos and audio uploaded to use as references.",
  },
  boards: {
    title: "Boards",
    description: "The team's named collections of renders.",
  },
  presets: {
    title: "Presets",
    description: "The team's saved form settings.",
  },
  shares: {
    title: "Share links",
    description: "Links to a render or a board for people outside the team. Active: not revoked or expired.",
  },
  comments: {
    title: "Comments",
    description: "Comments and replies on renders, and the notes of change requests.",
  },
  tokens: {
    title: "API tokens",
    description: "Personal tokens for scripts (sign-in on only). Active: not revoked or expired.",
  },
} as const;
export type LimitedKind = keyof typeof LIMITED_KINDS;

interface LimitBase {
  kind: LimitedKind;
  default: number;
  /** The Team page's name for the field (its kind's title is beside it). */
  label: string;
  /** What is counted, for one and for several: "active API token", "active API tokens". */
  noun: readonly [one: string, many: string];
}

export interface CountLimit extends LimitBase {
  measure: "count";
  /** Whose things are counted: the caller's own, or the whole team's. */
  of: "member" | "team";
  /** What frees a place, `{n}` standing for how many: "revoke {n} first". */
  free: string;
}

export interface RateLimit extends LimitBase {
  measure: "rate";
  /** The window, which ends now: the last minute or the last hour. */
  per: "minute" | "hour";
  /** How the message says they were made: "You have started 60 batch runs…". */
  verb: string;
}

export type Limit = CountLimit | RateLimit;

/** Every limit, by its id (the key in `GET /api/team/limits` and in the ledger's team settings). */
export const LIMITS = {
  rendersPerMinute: {
    kind: "renders",
    measure: "rate",
    per: "minute",
    default: 120,
    label: "Per member, per minute",
    noun: ["render", "renders"],
    verb: "started",
  },
  approvalsPerMember: {
    kind: "approvals",
    measure: "count",
    of: "member",
    default: 50,
    label: "Waiting, per member",
    noun: ["render waiting for approval", "renders waiting for approval"],
    free: "wait for an admin to approve or decline {n} first",
  },
  runsInProgressPerMember: {
    kind: "runs",
    measure: "count",
    of: "member",
    default: 10,
    label: "In progress, per member",
    noun: ["batch run in progress", "batch runs in progress"],
    free: "cancel {n} or let {n} finish first",
  },
  runsPerHour: {
    kind: "runs",
    measure: "rate",
    per: "hour",
    default: 60,
    label: "Per member, per hour",
    noun: ["batch run", "batch runs"],
    verb: "started",
  },
  uploadsPerMinute: {
    kind: "uploads",
    measure: "rate",
    per: "minute",
    default: 60,
    label: "Per member, per minute",
    noun: ["file", "files"],
    verb: "uploaded",
  },
  boardsInTeam: {
    kind: "boards",
    measure: "count",
    of: "team",
    default: 1_000,
    label: "In the team",
    noun: ["board", "boards"],
    free: "delete {n} first",
  },
  boardsPerMinute: {
    kind: "boards",
    measure: "rate",
    per: "minute",
    default: 30,
    label: "Per member, per minute",
    noun: ["board", "boards"],
    verb: "made",
  },
  presetsInTeam: {
    kind: "presets",
    measure: "count",
    of: "team",
    default: 1_000,
    label: "In the team",
    noun: ["preset", "presets"],
    free: "delete {n} first",
  },
  presetsPerMinute: {
    kind: "presets",
    measure: "rate",
    per: "minute",
    default: 30,
    label: "Per member, per minute",
    noun: ["preset", "presets"],
    verb: "saved",
  },
  sharesPerMember: {
    kind: "shares",
    measure: "count",
    of: "member",
    default: 500,
    label: "Active, per member",
    noun: ["active share link", "active share links"],
    free: "revoke {n} first",
  },
  sharesPerMinute: {
    kind: "shares",
    measure: "rate",
    per: "minute",
    default: 30,
    label: "Per member, per minute",
    noun: ["share link", "share links"],
    verb: "made",
  },
  commentsPerMinute: {
    kind: "comments",
    measure: "rate",
    per: "minute",
    default: 20,
    label: "Per member, per minute",
    noun: ["comment", "comments"],
    verb: "posted",
  },
  tokensPerMember: {
    kind: "tokens",
    measure: "count",
    of: "member",
    default: 20,
    label: "Active, per member",
    noun: ["active API token", "active API tokens"],
    free: "revoke {n} first",
  },
  tokensPerMinute: {
    kind: "tokens",
    measure: "rate",
    per: "minute",
    default: 30,
    label: "Per member, per minute",
    noun: ["API token", "API tokens"],
    verb: "made",
  },
} as const satisfies Record<string, Limit>;

export type LimitId = keyof typeof LIMITS;

/** The kinds with a limit of the measure: what the server must know how to count. */
type KindsMeasured<M extends Limit["measure"]> = {
  [K in LimitId]: (typeof LIMITS)[K] extends { measure: M; kind: infer T } ? T : never;
}[LimitId];
export type CountedKind = KindsMeasured<"count">;
export type RatedKind = KindsMeasured<"rate">;
export const LIMIT_IDS = Object.keys(LIMITS) as LimitId[];
export type Limits = Record<LimitId, number>;

/** The highest value an admin may set: as good as no limit. */
export const LIMIT_MAX = 1_000_000;

export const LIMIT_DEFAULTS = Object.fromEntries(LIMIT_IDS.map((id) => [id, LIMITS[id].default])) as Limits;

/** A kind's limits, counts first (a count is not helped by waiting, so it is the one to name). */
export const limitsOf = (kind: LimitedKind): LimitId[] =>
  LIMIT_IDS.filter((id) => LIMITS[id].kind === kind).sort(
    (a, b) => Number(LIMITS[a].measure === "rate") - Number(LIMITS[b].measure === "rate"),
  );

/** A rate's window in milliseconds. */
export const windowMs = (limit: RateLimit): number => (limit.per === "hour" ? 3_600_000 : 60_000);

/** Who reads the refusal: a member, an admin (who can raise it), or the team with sign-in off. */
export type LimitReader = "member" | "admin" | "team";

const noun = (limit: Limit, n: number) => limit.noun[n === 1 ? 0 : 1];

const raise = (reader: LimitReader) =>
  reader === "member" ? "ask an admin to raise the limit" : "raise the limit on the Team page";

/** "the most a member may have" / "more than the 20 a member may have", and the team's versions. */
function bound(limit: Limit, value: number, count: number, reader: LimitReader, verb: "have" | "make") {
  const teamWide = limit.measure === "count" && limit.of === "team";
  const who = teamWide ? "it" : "a member";
  const may = verb === "have" ? "may have" : "may";
  const most =
    count > value ? `more than the ${formatNumber(value)} ${who} ${may}` : `the most ${who} ${may}`;
  // With sign-in off the team is the one caller a member's limit applies to.
  return reader === "team" && !teamWide ? `${most} (with sign-in off, the team counts as one member)` : most;
}

/**
 * A count reached: "You have 20 active API tokens, the most a member may have: revoke one first, or
 * ask an admin to raise the limit."
 */
export function countLimitMessage(limit: CountLimit, value: number, count: number, reader: LimitReader) {
  const subject = reader === "team" || limit.of === "team" ? "The team has" : "You have";
  const over = count - value + 1;
  const free = limit.free.replaceAll("{n}", over === 1 ? "one" : formatNumber(over));
  return `${subject} ${formatNumber(count)} ${noun(limit, count)}, ${bound(limit, value, count, reader, "have")}: ${free}, or ${raise(reader)}.`;
}

/** "1 second", "90 seconds", "14 minutes": seconds up to two minutes, then whole minutes (rounded up). */
export function waitWords(seconds: number): string {
  if (seconds <= 120) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/**
 * A rate reached: "You have made 30 boards in the last minute, the most a member may: try again in
 * 12 seconds, or ask an admin to raise the limit."
 */
export function rateLimitMessage(
  limit: RateLimit,
  value: number,
  count: number,
  reader: LimitReader,
  retryAfterSeconds: number,
) {
  const subject = reader === "team" ? "The team has" : "You have";
  const made = `${limit.verb} ${formatNumber(count)} ${noun(limit, count)} in the last ${limit.per}`;
  return `${subject} ${made}, ${bound(limit, value, count, reader, "make")}: try again in ${waitWords(retryAfterSeconds)}, or ${raise(reader)}.`;
}
