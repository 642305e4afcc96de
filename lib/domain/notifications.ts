/**
 * What each person is told, and how (docs/architecture.md, "Notifications"): the events they may
 * hear of and, per event kind, push (on or off) and email (off, at once, or in the day's digest).
 * The inbox always holds every item.
 */

export const NOTIFICATION_KINDS = [
  "render_finished",
  "render_failed",
  "mention",
  "reply",
  "decision",
  "approval_waiting",
  "spend",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const EMAIL_MODES = ["off", "immediate", "digest"] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

export interface NotificationChoice {
  kind: NotificationKind;
  push: boolean;
  email: EmailMode;
}

/**
 * What a person can choose today: every kind, each by email off, at once or in the day's digest
 * (lib/server/outbox). Push is
 * stored as chosen (the contract takes it) but has no sender yet, so the page does not offer it
 * (docs/architecture.md, "The outbox").
 */
export const OFFERED_KINDS: ReadonlySet<NotificationKind> = new Set(NOTIFICATION_KINDS);
export const OFFERED_EMAIL_MODES: readonly EmailMode[] = EMAIL_MODES;

/** What the table of choices calls each kind. */
export const NOTIFICATION_LABELS: Record<NotificationKind, string> = {
  render_finished: "My render finished",
  render_failed: "My render failed",
  mention: "I was mentioned",
  reply: "A reply in my thread",
  decision: "A decision on my render",
  approval_waiting: "An approval waits",
  spend: "Spend alerts",
};

/** Kinds only admins hear of (approvals are theirs to decide). */
const ADMIN_KINDS: ReadonlySet<NotificationKind> = new Set(["approval_waiting"]);

/**
 * Before a person chooses: push for everything (it is per device, and off until they turn it on),
 * email for what waits on them (a mention, a reply, an approval, spend), the rest in the inbox only.
 */
const DEFAULTS: Record<NotificationKind, Omit<NotificationChoice, "kind">> = {
  render_finished: { push: true, email: "off" },
  render_failed: { push: true, email: "off" },
  mention: { push: true, email: "immediate" },
  reply: { push: true, email: "immediate" },
  decision: { push: true, email: "digest" },
  approval_waiting: { push: true, email: "immediate" },
  spend: { push: true, email: "immediate" },
};

/** The kinds a person may hear of. */
export const kindsFor = (admin: boolean): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((kind) => admin || !ADMIN_KINDS.has(kind));

/** A person's whole table: what they chose, the defaults for the rest, in the kinds' order. */
export function choicesWithDefaults(
  chosen: readonly NotificationChoice[],
  admin: boolean,
): NotificationChoice[] {
  const byKind = new Map(chosen.map((choice) => [choice.kind, choice]));
  return kindsFor(admin).map((kind) => byKind.get(kind) ?? { kind, ...DEFAULTS[kind] });
}

export const isNotificationKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);
