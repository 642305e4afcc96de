/**
 * The audit log's words, both sides: every kind of entry (those recorded today and those the team's
 * access features record as they come), how each is named on the page, and the CSV an export writes
 * (./csv.ts). Pure.
 */
import { csvLines, csvText } from "./csv";

/** Every kind of entry, with the words the Audit log shows for it. */
export const AUDIT_KIND_LABELS = {
  "sign_in.succeeded": "Signed in",
  "sign_in.failed": "Sign-in failed",
  "sign_in.sso_refused": "Sign-in via SSO refused",
  "session.signed_out": "Signed out",
  "session.ended": "Session ended",
  "invite.made": "Invite made",
  "invite.used": "Invite used",
  "invite.revoked": "Invite revoked",
  "member.role_changed": "Role changed",
  "member.cap_changed": "Cap changed",
  "member.deactivated": "Member deactivated",
  "member.reactivated": "Member reactivated",
  "password_reset.made": "Password reset made",
  "password_reset.used": "Password reset used",
  "password.changed": "Password changed",
  "token.made": "API token made",
  "token.revoked": "API token revoked",
  "share.made": "Share link made",
  "share.revoked": "Share link revoked",
  "approval.decided": "Approval decided",
  "team_settings.changed": "Team settings changed",
  "rate_card.changed": "Rate card changed",
  "board.deleted": "Board deleted",
  "comment.deleted": "Comment deleted",
  "review.decided": "Review decided",
  "review.withdrawn": "Review decision withdrawn",
  "renders.archived": "Renders archived",
  "renders.unarchived": "Renders unarchived",
} as const;

export type AuditKind = keyof typeof AUDIT_KIND_LABELS;

export const AUDIT_KINDS = Object.keys(AUDIT_KIND_LABELS) as [AuditKind, ...AuditKind[]];

/** A value an entry's change holds: settings, roles, caps and rates are numbers, words or switches. */
export type AuditValue = string | number | boolean | null;

/** What an entry says changed: each field's value before and after (the fields that changed only). */
export interface AuditChange {
  before: Record<string, AuditValue>;
  after: Record<string, AuditValue>;
}

/** An entry as the list and the export read it. */
export interface AuditEntryFields {
  id: string;
  at: string;
  kind: AuditKind;
  /** Who did it, by their name at the time; null for a failed sign-in, or anyone while sign-in is off. */
  actor: { id: string; name: string } | null;
  /** The email a failed sign-in tried (never its password). */
  email: string | null;
  /** The client's address, as the sign-in throttle reads it; null when it cannot be known. */
  address: string | null;
  target: { type: string; id: string | null; name: string | null } | null;
  change: AuditChange | null;
}

/**
 * What a patch changed: each field it names whose value differs from before, or null when it
 * changed nothing (a patch that sets what is already set is no entry).
 */
export function changeOf(
  before: Readonly<Record<string, AuditValue>>,
  after: Readonly<Record<string, AuditValue | undefined>>,
): AuditChange | null {
  const fields = Object.keys(after).filter(
    (field) => after[field] !== undefined && after[field] !== (before[field] ?? null),
  );
  if (fields.length === 0) return null;
  return {
    before: Object.fromEntries(fields.map((field) => [field, before[field] ?? null])),
    after: Object.fromEntries(fields.map((field) => [field, after[field] ?? null])),
  };
}

const showValue = (value: AuditValue | undefined): string =>
  value === null || value === undefined ? "none" : String(value);

/** A change in words, one field after another: `role: member → admin; cap: none → 500`. */
export function changeWords(change: AuditChange): string {
  const fields = [...new Set([...Object.keys(change.before), ...Object.keys(change.after)])];
  return fields
    .map((field) => {
      const had = field in change.before;
      const has = field in change.after;
      if (had && has)
        return `${field}: ${showValue(change.before[field])} → ${showValue(change.after[field])}`;
      return `${field}: ${showValue(has ? change.after[field] : change.before[field])}`;
    })
    .join("; ");
}

const CSV_HEADER = [
  "id",
  "at",
  "kind",
  "member id",
  "member name",
  "email tried",
  "address",
  "target type",
  "target id",
  "target name",
  "change",
] as const;

/** One entry's CSV cells, in the header's order. */
export function auditCsvRow(entry: AuditEntryFields): unknown[] {
  return [
    entry.id,
    entry.at,
    entry.kind,
    entry.actor?.id,
    entry.actor?.name,
    entry.email,
    entry.address,
    entry.target?.type,
    entry.target?.id,
    entry.target?.name,
    entry.change && changeWords(entry.change),
  ];
}

/** The start of an export: the byte-order mark and the header line (./csv.ts). */
export const auditCsvHeader = (): string => csvText([CSV_HEADER]);

/** Rows of an export after its header, written as they are read. */
export const auditCsvRows = (entries: readonly AuditEntryFields[]): string =>
  csvLines(entries.map(auditCsvRow));
