/**
 * Query keys, from one factory so invalidation can target a whole family (`queryKeys.renders.all`)
 * without hand-typed arrays drifting apart.
 */
import type { AuditFilter, RenderListQuery, ShareTarget } from "@/lib/contract";

export const queryKeys = {
  account: ["account"] as const,
  /** The caller and their spend this month; moves with the account (creates, refunds, sign-in). */
  session: ["session"] as const,
  members: ["members"] as const,
  /** Under `members`, so whatever refreshes the team refreshes the names too. */
  memberNames: ["members", "names"] as const,
  /** Under `members`, so a team change (the live `team` event) refreshes the pending invites too. */
  invites: ["members", "invites"] as const,
  /** The caller's own sessions (Your account). */
  ownSessions: ["own-sessions"] as const,
  /** The caller's notification choices (Your account → Notifications). */
  notificationChoices: ["notification-choices"] as const,
  /** The caller's devices that receive push (Your account → Notifications). */
  pushDevices: ["push-devices"] as const,
  /** Under `team`: the event kinds the team's chat carries. */
  teamChat: ["team", "chat"] as const,
  team: ["team"] as const,
  /** Under `team`, so a team change (the live `team` event) refreshes the limits too. */
  limits: ["team", "limits"] as const,
  /** The audit log by its filters. */
  audit: (filter: AuditFilter) => ["audit", filter] as const,
  /** The deployment's state, as an admin sees it. */
  health: ["health"] as const,
  renders: {
    all: ["renders"] as const,
    lists: () => [...queryKeys.renders.all, "list"] as const,
    list: (filters: Omit<RenderListQuery, "cursor">) => [...queryKeys.renders.lists(), filters] as const,
    details: () => [...queryKeys.renders.all, "detail"] as const,
    detail: (id: string) => [...queryKeys.renders.details(), id] as const,
  },
  uploads: {
    all: ["uploads"] as const,
    list: (kind?: string) => [...queryKeys.uploads.all, "list", kind ?? "all"] as const,
  },
  presets: ["presets"] as const,
  /** The team's tags, most used first (the gallery's tag filter). */
  tags: ["tags"] as const,
  /** The caller's API tokens (an admin's: everyone's). */
  tokens: ["tokens"] as const,
  shares: {
    all: ["shares"] as const,
    /** One render's or board's links, or (no target) every link the caller may see. */
    list: (target?: ShareTarget) => [...queryKeys.shares.all, target ?? "all"] as const,
  },
  boards: {
    all: ["boards"] as const,
    /** The team's boards; with a render id, each also says whether it holds that render. */
    lists: () => [...queryKeys.boards.all, "list"] as const,
    list: (render?: string) => [...queryKeys.boards.lists(), render ?? null] as const,
    detail: (id: string) => [...queryKeys.boards.all, "detail", id] as const,
  },
  /** The caller's prompt history, by the text typed so far. */
  recentPrompts: (q: string) => ["prompts", "recent", q] as const,
  /** Every estimate, whatever its settings: a rate that moves (the live `rate` event) may move any. */
  estimates: ["estimate"] as const,
  estimate: (params: Record<string, unknown>) => [...queryKeys.estimates, params] as const,
  /** Spend over a range: under `account`, so every spend event that refreshes the balance refreshes it. */
  usage: (range: { from?: string; to?: string }) => [...queryKeys.account, "usage", range] as const,
};
