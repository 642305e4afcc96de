import "server-only";
/**
 * The daily digest (docs/architecture.md, "The outbox"), part of the leader's gathering: once a day,
 * from DIGEST_HOUR (UTC), each member who chose the digest for some kinds gets one email holding
 * their items of those kinds since their last digest (inbox items, and their renders' outcomes),
 * each with its link, and under each kind the link that turns it off. Nothing when there is nothing.
 * Each digest is recorded with its message in one write (lib/server/ledger/digests.ts), so each
 * item is in one digest and a second run of the same day sends nothing new.
 */
import { composeDigest, type DigestEntry } from "@/lib/domain/email-message";
import { choicesWithDefaults, type NotificationKind } from "@/lib/domain/notifications";
import type { Db } from "@/lib/server/db/database";
import type { MemberRow } from "@/lib/server/db/schema";
import { lastDigest, membersDueDigest, outcomesBetween, recordDigest } from "@/lib/server/ledger/digests";
import { itemsBetween } from "@/lib/server/ledger/inbox";
import { chosenNotifications } from "@/lib/server/ledger/notification-choices";
import type { NewOutboxMessage } from "@/lib/server/ledger/outbox";
import { settings } from "@/lib/server/runtime/config";
import { emailLinkBase } from "@/lib/server/runtime/email-links";
import { describeItem, inboxKindsOf, notifiedAs } from "./inbox-messages";
import { unsubscribeUrl } from "./member-messages";
import { renderPath, shortPrompt } from "./render-outcome";

const DAY_MS = 24 * 3_600_000;

/** The digest time a run at `nowMs` makes: the latest `hour`:00 UTC at or before it (ISO). */
export function digestSlot(nowMs: number, hour: number): string {
  const today = new Date(nowMs);
  today.setUTCHours(hour, 0, 0, 0);
  const slot = today.getTime() <= nowMs ? today.getTime() : today.getTime() - DAY_MS;
  return new Date(slot).toISOString();
}

/** The member's entries of the digest kinds made after `after` and up to `until`, oldest first. */
async function entriesOf(
  db: Db,
  base: string,
  member: MemberRow,
  kinds: readonly NotificationKind[],
  after: string,
  until: string,
): Promise<DigestEntry[]> {
  const items = await itemsBetween(db, member.id, kinds.flatMap(inboxKindsOf), after, until);
  const outcomes = await outcomesBetween(
    db,
    member.id,
    [
      ...(kinds.includes("render_finished") ? (["ready"] as const) : []),
      ...(kinds.includes("render_failed") ? (["failed"] as const) : []),
    ],
    after,
    until,
  );
  return [
    ...items.flatMap((item) => {
      const kind = notifiedAs(item.kind);
      if (!kind) return [];
      const { headline, link } = describeItem(item);
      return [{ kind, headline, link: { text: link.text, url: `${base}${link.path}` } }];
    }),
    ...outcomes.map((render) => ({
      kind: render.status === "ready" ? ("render_finished" as const) : ("render_failed" as const),
      headline: `${render.status === "ready" ? "Your render finished" : "Your render failed"}: ${shortPrompt(render.prompt)}`,
      link: { text: "Open the render", url: `${base}${renderPath(render.id)}` },
    })),
  ];
}

/** Makes the digests due at `nowMs`; answers how many were mailed. */
export async function sendDigests(db: Db, nowMs: number, hour = settings().DIGEST_HOUR): Promise<number> {
  const base = emailLinkBase();
  if (!base) return 0;
  const slot = digestSlot(nowMs, hour);
  const until = new Date(nowMs).toISOString();
  let mailed = 0;
  for (const member of await membersDueDigest(db, slot)) {
    const previous = await lastDigest(db, member.id);
    // A first digest holds the day before it.
    const after = previous?.until ?? new Date(Date.parse(slot) - DAY_MS).toISOString();
    const kinds = choicesWithDefaults(await chosenNotifications(db, member.id), member.role === "admin")
      .filter((choice) => choice.email === "digest")
      .map((choice) => choice.kind);
    const entries = kinds.length === 0 ? [] : await entriesOf(db, base, member, kinds, after, until);
    const message: NewOutboxMessage | null =
      entries.length === 0
        ? null
        : {
            event: `digest:${slot}`,
            channel: "email",
            recipient: member.id,
            kind: "digest",
            body: composeDigest({
              to: member.email,
              entries,
              unsubscribe: (kind) => unsubscribeUrl(base, member.id, kind),
            }),
          };
    if ((await recordDigest(db, member.id, previous, { slot, until }, message, nowMs)) && message) mailed++;
  }
  return mailed;
}
