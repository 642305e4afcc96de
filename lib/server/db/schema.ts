/**
 * Table types of the ledger. Times the UI shows are ISO 8601 strings; times the scheduler compares
 * (`next_poll_at`, `watched_until`, `polled_at`) are epoch milliseconds.
 */
import type { Generated, Selectable } from "kysely";

/** Who made a row: null when sign-in is off. The name is kept as it was, for the history. */
interface MadeBy {
  member_id: string | null;
  member_name: string | null;
}

export interface UploadsTable extends MadeBy {
  id: string;
  url: string;
  kind: string;
  content_type: string;
  bytes: number;
  filename: string;
  created_at: string;
}

/** One row per create call, written before the call is made. */
export interface RenderRequestsTable extends MadeBy {
  seq: Generated<number>;
  id: string;
  idempotency_key: string | null;
  /** Hash of the request body, to tell a replay from a reused key. */
  body_hash: string;
  kind: string;
  model: string;
  /** Resolution requested (image or video), for cost and timing statistics. */
  resolution: string | null;
  prompt: string;
  params: string;
  /** awaiting_approval | declined | submitting | created | unknown | rejected */
  state: string;
  /** The create response (JSON) once the service answered 202. */
  response: string | null;
  /** The dashboard error (JSON body) when the create was rejected or its outcome is unknown. */
  error: string | null;
  batch_id: string | null;
  credits_charged: number;
  created_at: string;
  updated_at: string;
  /** The estimate made at create (null for requests made before estimates were kept, or none). */
  estimate_credits: number | null;
  /** Its source (CostEstimate's `source`); null for requests made before estimates were kept. */
  estimate_source: string | null;
  /** The process that sends it (lib/server/cluster's member id); null before a process takes it. */
  owner: string | null;
  /** Its renders' family when it was made from parents (migration 026); null: each render starts one. */
  family_id: Generated<string | null>;
}

/** One row per render: a variant the service created, or the request's placeholder until it answers. */
export interface RendersTable extends MadeBy {
  id: string;
  request_id: string;
  request_seq: number;
  variant_index: number;
  batch_id: string | null;
  kind: string;
  model: string;
  status: string;
  render_model: string | null;
  prompt: string;
  params: string;
  output_url: string | null;
  error_message: string | null;
  credits_charged: number;
  credits_refunded: number;
  /** The request's estimate, on the render that carries its charge (variant 0); else null. */
  estimate_credits: number | null;
  estimate_source: string | null;
  chain_ready: number | null;
  chain_total: number | null;
  /** The service's own timestamps, for learning completion times without clock skew. */
  upstream_created_at: string | null;
  upstream_updated_at: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  /** Where this render sits in the completion-time statistics (see timing.ts). */
  timing_key: string;
  expected_seconds: number;
  next_poll_at: number | null;
  poll_count: number;
  unchanged_polls: number;
  error_polls: number;
  not_found_polls: number;
  watched_until: number | null;
  /** When the render was archived (hidden from the default gallery, team-wide); null when it is not. */
  archived_at: string | null;
  /** The review summary's JSON (lib/contract/review.ts), kept with every review write; null: none yet. */
  review: Generated<string | null>;
  /** The review state as a number for the gallery's filter: 0 none, 1 in review, 2 changes, 3 approved. */
  review_rank: Generated<number>;
  /** The id of its family's first render (migration 026): its request's family, or its own id. */
  family_id: string | null;
}

/**
 * A render's place in the list's order (its request's seq, its variant; it never changes), carried by
 * each set a list can be filtered to, so a filtered page walks the set's own index in order
 * (migration 028).
 */
export interface ListPosition {
  request_seq: number;
  variant_index: number;
}

/**
 * A member's favourite render. `owner` is the member's id, or "" for the one shared set when
 * sign-in is off (see favouritesOwner).
 */
export interface FavouritesTable extends ListPosition {
  owner: string;
  render_id: string;
  created_at: string;
}

/**
 * A member's rating (1 to 5) and pick or reject of a render; `owner` as favourites'. A row holding
 * neither is removed.
 */
export interface RenderMarksTable extends ListPosition {
  owner: string;
  render_id: string;
  rating: number | null;
  flag: "pick" | "reject" | null;
  updated_at: string;
}

/** A team-wide tag on a render: lowercase, trimmed (lib/domain/tags.ts). */
export interface RenderTagsTable extends ListPosition {
  render_id: string;
  tag: string;
  added_at: string;
}

/** Learned completion times: observed / typical, per timing key and its broader families. */
export interface TimingStatsTable {
  key: string;
  samples: number;
  ratio_mean: number;
  ratio_dev: number;
  updated_at: string;
}

/** Upstream polls of the last minute, so a restart does not forget the spent budget. */
export interface PollLogTable {
  /** When the poll was sent (recorded before sending). */
  polled_at: number;
  render_id: string | null;
  /** When its answer (or failure) came; null while in flight, or for a poll whose sender died. */
  answered_at: number | null;
}

/**
 * The change log: one row per ledger write that a page shows (a render, an upload, spend, the
 * team), written in the write's own transaction. Its sequence numbers are the live event stream's
 * ids; rows older than the stream's replay buffer are pruned.
 */
export interface ChangesTable {
  seq: Generated<number>;
  /** render | upload | spend | team | favourite | board | run | notice | comment | review | inbox */
  topic: string;
  /**
   * The id of what changed (a render, upload or board id), "" for the team-wide topics, or for a
   * favourite its owner and render id (favouriteSubject).
   */
  subject: string;
  /** Epoch milliseconds. */
  at: number;
}

export interface MembersTable {
  id: string;
  email: string;
  name: string;
  /** admin | member */
  role: string;
  password_hash: string;
  /** Bumped to end every session of the member (password change, removal). */
  session_version: Generated<number>;
  /** Credits the member may spend per calendar month (UTC); null: the team default applies. */
  monthly_cap_credits: number | null;
  created_at: string;
  /** Set while the member is deactivated (UTC ISO); null: active. */
  deactivated_at: Generated<string | null>;
}

/** A signed-in browser (migration 016): the cookie carries a signed secret, this row its SHA-256. */
export interface SessionsTable {
  /** Public id (`ses_…`), named in the session list and its Sign out. */
  id: string;
  secret_hash: string;
  member_id: string;
  created_at: string;
  /** Written at most once a minute; the idle timeout counts from it. */
  last_seen_at: string;
  /** The absolute end (SESSION_DAYS after sign-in). */
  expires_at: string;
  /** The User-Agent at sign-in, cut to a length. */
  browser: string;
  address: string | null;
}

/** A one-time link (migration 016): an invite or a password reset. */
export interface MemberLinksTable {
  id: string;
  /** invite | reset */
  kind: string;
  token_hash: string;
  /** reset: whose password; invite: the member it made, once used. */
  member_id: string | null;
  name: string | null;
  email: string | null;
  role: string | null;
  made_by_id: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export interface TeamSettingsTable {
  key: string;
  value: string;
}

/** A team preset: a render request's settings (and perhaps its prompt) under a name. */
export interface PresetsTable extends MadeBy {
  id: string;
  name: string;
  /** The name as compared for uniqueness (trimmed, lower-cased). */
  name_key: string;
  kind: string;
  model: string;
  /** JSON: the request's parameters without the prompt and references. */
  settings: string;
  /** The prompt, when the preset includes one. */
  prompt: string | null;
  created_at: string;
  updated_at: string;
}

/** A share link: a read-only link to a render that opens without sign-in. */
export interface SharesTable extends MadeBy {
  id: string;
  /** SHA-256 of the token (hex): the database alone cannot open a link. */
  token_hash: string;
  /** The token's first characters, shown in lists. */
  token_prefix: string;
  /** render (board later) */
  kind: string;
  target_id: string;
  /** 1 when the shared page shows the prompt. */
  show_prompt: number;
  /** 1 when guests may comment through the link. */
  allow_comments: Generated<number>;
  created_at: string;
  /** ISO 8601 (UTC); null: never expires. */
  expires_at: string | null;
  last_opened_at: string | null;
}

/** A member's personal API token (Authorization: Bearer). */
export interface ApiTokensTable {
  id: string;
  /** SHA-256 of the token (hex): the database alone cannot act as anyone. */
  token_hash: string;
  /** The token's first characters, shown in lists. */
  token_prefix: string;
  name: string;
  /** read | read_and_create */
  scope: string;
  member_id: string;
  created_at: string;
  /** ISO 8601 (UTC); null: never expires. */
  expires_at: string | null;
  /** Updated at most once a minute. */
  last_used_at: string | null;
  /** Set when revoked; the row stays so a request with the token is told so. */
  revoked_at: string | null;
}

/** A board: a named collection of the team's renders. */
export interface BoardsTable extends MadeBy {
  id: string;
  name: string;
  /** The name as compared for uniqueness (trimmed, lower-cased). */
  name_key: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

/** A render on a board: who put it there (null with sign-in off) and when. */
export interface BoardRendersTable extends ListPosition {
  board_id: string;
  render_id: string;
  added_by_id: string | null;
  added_by_name: string | null;
  added_at: string;
}

/** A batch run: rows of render requests sent one by one (docs/architecture.md, "Batch runs"). */
export interface RunsTable extends MadeBy {
  id: string;
  name: string;
  /** running | done | cancelled */
  state: string;
  row_count: number;
  /** Why it stopped before its end (a cap, the balance); null otherwise. */
  stop_reason: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** JSON: the axes of a run started from a grid and each row's cell; null otherwise. */
  grid: string | null;
}

/** One row of a run: its render request and what became of its create. */
export interface RunRowsTable {
  run_id: string;
  row_index: number;
  /** JSON: the render request, validated when the run was made. */
  params: string;
  /** queued | sending | created | failed | cancelled | unknown (ready and failed renders are read from `renders`) */
  state: string;
  /** 429s answered to this row so far: its create's idempotency key names the attempt. */
  attempt: Generated<number>;
  /** The create request (render_requests.id) once sent. */
  request_id: string | null;
  /** Why it failed, was cancelled, or has an unknown outcome. */
  error: string | null;
  updated_at: string;
}

/**
 * A spend notice: one per crossing (`crossing_key`, lib/domain/alerts.ts), so a crossing noticed by
 * two writers at once is recorded once. Its member reads a `member_cap` one; admins read them all.
 */
export interface NoticesTable {
  id: string;
  crossing_key: string;
  /** member_cap | team_budget | low_balance */
  kind: string;
  /** % of the limit, or the balance threshold in credits. */
  threshold: number;
  member_id: string | null;
  member_name: string | null;
  spent_credits: number | null;
  limit_credits: number | null;
  balance_credits: number | null;
  message: string;
  created_at: string;
  /** `low_balance` only: when the balance was next read at or above the threshold (re-arming the alert). */
  rearmed_at: string | null;
}

/** Who dismissed which notice (favouritesOwner: "" when sign-in is off). */
export interface NoticeDismissalsTable {
  notice_id: string;
  owner: string;
  dismissed_at: string;
}

/** A message to send by email, web push or chat (migration 023; lib/server/ledger/outbox.ts). */
export interface OutboxTable {
  key: string;
  channel: string;
  recipient: string;
  kind: string;
  body: string;
  queued_at: number;
  next_attempt_at: number;
  attempts: Generated<number>;
  sent_at: number | null;
  gave_up_at: number | null;
  last_error: string | null;
}

/** A member's choice for one event kind (migration 023; lib/domain/notifications.ts). */
export interface NotificationChoicesTable {
  member_id: string;
  kind: string;
  push: number;
  email: string;
}

/** An event kind the team's chat carries (migration 023; lib/domain/team-chat.ts). */
export interface TeamChatKindsTable {
  kind: string;
}

/** The deployment's VAPID key pair (migration 024; lib/server/outbox/vapid.ts). */
export interface PushKeysTable {
  name: string;
  public_key: string;
  private_key: string;
}

/** A member's push subscription on one device (migration 024; lib/server/ledger/push-subscriptions.ts). */
export interface PushSubscriptionsTable {
  id: string;
  member_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
  created_at: number;
}

/** A member's last daily digest (migration 025): its slot and the end of the items it held (ISO). */
export interface EmailDigestsTable {
  member_id: string;
  slot: string;
  until: string;
}

/** A price key's learned rate (lib/domain/rates.ts): `credits` for `units` stands for its price. */
export interface LearnedRatesTable {
  key: string;
  kind: string;
  model: string;
  resolution: string | null;
  setting: string | null;
  credits: number;
  units: number;
  renders: number;
  updated_at: string;
}

/** An admin's rate for a price key, credits per unit; it wins over the env card and learning. */
export interface RateOverridesTable extends MadeBy {
  key: string;
  credits_per_unit: number;
  updated_at: string;
}

/** A create request held for an admin's approval (docs/architecture.md, "Approval before spending"). */
export interface ApprovalsTable {
  request_id: string;
  /** The estimate when it was asked for; null: the cost was unknown. */
  estimate_credits: number | null;
  /** Where the estimate came from, as the estimate says it. */
  estimate_basis: string | null;
  /** null while waiting; approved | declined. */
  decision: string | null;
  note: string | null;
  decided_by_id: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  created_at: string;
}

/** A failed sign-in or wrong API token, once per count it falls in (docs/architecture.md, "The ledger"). */
export interface SignInFailuresTable {
  /** `email:<trimmed, lower-cased email>` or `addr:<client address, or "unknown">`. */
  key: string;
  /** Milliseconds since the epoch. */
  failed_at: number;
  /** The attempt the row counts (one attempt has a row per count it falls in). */
  attempt: string;
}

/** A member's account at the OpenID provider (single sign-on), by issuer and subject. */
export interface IdentitiesTable {
  issuer: string;
  /** The provider's stable id of the person (`sub`). */
  subject: string;
  member_id: string;
  created_at: string;
  last_sign_in_at: string;
}

export interface AuditLogTable {
  /** The row's place in the log: its id, and the order of rows written in one millisecond. */
  seq: Generated<number>;
  /** Milliseconds since the epoch. */
  at: number;
  /** One of lib/domain/audit.ts's kinds. */
  kind: string;
  /** Who did it, by id and their name at the time; null for a failed sign-in or with sign-in off. */
  member_id: string | null;
  member_name: string | null;
  /** The email a failed sign-in tried. */
  email: string | null;
  address: string | null;
  target_type: string | null;
  target_id: string | null;
  target_name: string | null;
  /** JSON `{ before, after }` of the fields that changed. */
  change: string | null;
}

/** A comment on a render (migration 019); a thread is its first comment and the replies to it. */
export interface CommentsTable extends MadeBy {
  id: string;
  render_id: string;
  /** The thread's first comment; null on a thread's first comment. */
  parent_id: string | null;
  /** member | guest | none (sign-in off); a guest's typed name is `member_name`, with no id. */
  author_kind: string;
  /** A guest's comment: the share link it came through, and the address it came from (for its limit). */
  share_id: string | null;
  guest_address: string | null;
  text: string;
  /** JSON of the pin (lib/domain/review.ts). */
  pin: string;
  created_at: string;
  edited_at: string | null;
  resolved_at: string | null;
  resolved_by_id: string | null;
  resolved_by_name: string | null;
  deleted_at: string | null;
  deleted_by_id: string | null;
}

/** A member's standing decision on a render (migration 019). */
export interface ReviewDecisionsTable {
  render_id: string;
  member_id: string;
  member_name: string;
  /** approve | changes */
  decision: string;
  note: string | null;
  /** The comment a change request's note became. */
  comment_id: string | null;
  decided_at: string;
}

/** Something addressed to a member (migration 019), made once per member and `source_key`. */
export interface InboxItemsTable {
  id: string;
  member_id: string;
  source_key: string;
  kind: string;
  render_id: string | null;
  comment_id: string | null;
  actor: string | null;
  text: string;
  created_at: string;
  read_at: string | null;
  /** 0 until the leader queued the item's messages in the outbox (migration 025), then 1. */
  sent_out: Generated<number>;
}

/** A render's output copied to the service as an upload (one per output, renewed when the service loses it). */
export interface OutputCopiesTable {
  render_id: string;
  upload_id: string;
  created_at: string;
}

/**
 * A create request's parent render: whose settings it reused (`settings`) or whose output it took as
 * a reference (`reference`). Every render of the request has it as a parent.
 */
export interface RenderParentsTable {
  request_id: string;
  parent_id: string;
  relation: string;
}

/**
 * The usage page's figures of one UTC day, model and member, kept by triggers (migration 028): the
 * renders requested that day, what they were charged and refunded, and their failures. `member_key`
 * and `name_key` are the render's member id and name, "" where it has none.
 */
export interface UsageDaysTable {
  day: string;
  model: string;
  member_key: string;
  name_key: string;
  charged: number;
  refunded: number;
  renders: number;
  failures: number;
  failure_refunds: number;
}

/** The same, per board, day and member, for the renders on that board. */
export interface BoardUsageDaysTable {
  board_id: string;
  day: string;
  member_key: string;
  charged: number;
  refunded: number;
  renders: number;
}

export interface Database {
  members: MembersTable;
  team_settings: TeamSettingsTable;
  uploads: UploadsTable;
  render_requests: RenderRequestsTable;
  renders: RendersTable;
  timing_stats: TimingStatsTable;
  poll_log: PollLogTable;
  changes: ChangesTable;
  favourites: FavouritesTable;
  render_marks: RenderMarksTable;
  render_tags: RenderTagsTable;
  presets: PresetsTable;
  shares: SharesTable;
  boards: BoardsTable;
  board_renders: BoardRendersTable;
  api_tokens: ApiTokensTable;
  runs: RunsTable;
  run_rows: RunRowsTable;
  notices: NoticesTable;
  notice_dismissals: NoticeDismissalsTable;
  learned_rates: LearnedRatesTable;
  rate_overrides: RateOverridesTable;
  approvals: ApprovalsTable;
  sign_in_failures: SignInFailuresTable;
  identities: IdentitiesTable;
  audit_log: AuditLogTable;
  sessions: SessionsTable;
  member_links: MemberLinksTable;
  comments: CommentsTable;
  review_decisions: ReviewDecisionsTable;
  inbox_items: InboxItemsTable;
  outbox: OutboxTable;
  notification_choices: NotificationChoicesTable;
  team_chat_kinds: TeamChatKindsTable;
  push_keys: PushKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  email_digests: EmailDigestsTable;
  output_copies: OutputCopiesTable;
  render_parents: RenderParentsTable;
  usage_days: UsageDaysTable;
  board_usage_days: BoardUsageDaysTable;
}

export type RenderRequestRow = Selectable<RenderRequestsTable>;
export type RenderRow = Selectable<RendersTable>;
export type MemberRow = Selectable<MembersTable>;
export type PresetRow = Selectable<PresetsTable>;
export type ShareRow = Selectable<SharesTable>;
export type BoardRow = Selectable<BoardsTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type SessionRow = Selectable<SessionsTable>;
export type MemberLinkRow = Selectable<MemberLinksTable>;
export type RunRecord = Selectable<RunsTable>;
export type RunRowRecord = Selectable<RunRowsTable>;
export type NoticeRow = Selectable<NoticesTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type ApprovalRow = Selectable<ApprovalsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type ReviewDecisionRow = Selectable<ReviewDecisionsTable>;
export type InboxItemRow = Selectable<InboxItemsTable>;
