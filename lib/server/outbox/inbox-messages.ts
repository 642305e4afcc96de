import "server-only";
/**
 * Every message is an inbox item first (docs/architecture.md, "The outbox"): the code that records
 * a mention, a reply, a decision, an approval waiting or a spend notice makes inbox items, in its own
 * transaction; the leader then turns each new item into the messages its member chose
 * (member-messages.ts), keyed `inbox:<the item's source>` per channel and recipient, and marks it sent
 * out in the same write; the team's chat gets the kinds an admin chose for it, once per event. Items
 * of a kind nobody is told of elsewhere (a comment on my render) stay in the inbox alone.
 */
import type { InboxKind } from "@/lib/contract";
import { spendEvent } from "@/lib/domain/alerts";
import { renderItemPath } from "@/lib/domain/item-links";
import type { NotificationKind } from "@/lib/domain/notifications";
import { outboxKey } from "@/lib/domain/outbox";
import { chatLink, chatText, isChatKind, type ChatKind } from "@/lib/domain/team-chat";
import type { Db } from "@/lib/server/db/database";
import type { InboxItemRow } from "@/lib/server/db/schema";
import { itemsToSendOut, sendOutItems } from "@/lib/server/ledger/inbox";
import { findMemberRow } from "@/lib/server/ledger/members";
import { noticeOfItem } from "@/lib/server/ledger/notices";
import type { NewOutboxMessage } from "@/lib/server/ledger/outbox";
import { settings } from "@/lib/server/runtime/config";
import { memberMessages, type Tidings } from "./member-messages";
import { chatMessage } from "./team-chat";

/** The notification kind of each inbox kind; null: the inbox alone. */
const NOTIFIED_AS: Record<InboxKind, NotificationKind | null> = {
  mention: "mention",
  reply: "reply",
  comment: null,
  decision: "decision",
  approval_waiting: "approval_waiting",
  member_cap: "spend",
  team_budget: "spend",
  low_balance: "spend",
};

export const notifiedAs = (inboxKind: string): NotificationKind | null =>
  Object.hasOwn(NOTIFIED_AS, inboxKind) ? NOTIFIED_AS[inboxKind as InboxKind] : null;

/** The inbox kinds a notification kind covers (the digest reads them). */
export const inboxKindsOf = (kind: NotificationKind): InboxKind[] =>
  (Object.keys(NOTIFIED_AS) as InboxKind[]).filter((k) => NOTIFIED_AS[k] === kind);

/** An item in one line and where it leads: a message's subject, a digest's entry. */
export function describeItem(
  item: Pick<InboxItemRow, "kind" | "actor" | "text" | "render_id" | "comment_id">,
): { headline: string; link: Tidings["link"] } {
  const who = item.actor ?? "Someone";
  const onRender = (text: string) => ({
    text,
    path: item.render_id ? renderItemPath(item.render_id, item.comment_id) : "/",
  });
  switch (notifiedAs(item.kind)) {
    case "mention":
      return { headline: `${who} mentioned you: ${item.text}`, link: onRender("Open the comment") };
    case "reply":
      return { headline: `${who} replied in your thread: ${item.text}`, link: onRender("Open the thread") };
    case "decision":
      return { headline: `${who} decided on your render: ${item.text}`, link: onRender("Open the render") };
    case "approval_waiting":
      return {
        headline: `${who}'s render waits for your approval: ${item.text}`,
        link: { text: "Open the approvals", path: "/approvals" },
      };
    case "spend":
      return { headline: item.text, link: { text: "Open usage", path: "/usage" } };
    default:
      return { headline: `${who} commented on your render: ${item.text}`, link: onRender("Open the render") };
  }
}

/** The event an item stands for: shared by every member it was made for (its source key). */
export const itemEvent = (item: Pick<InboxItemRow, "source_key">) => `inbox:${item.source_key}`;

/**
 * The team's chat's message of an item of a kind it may carry (an approval waiting, a decision, a
 * spend notice), in Slack's markup and linking where the item leads, when an admin chose the kind.
 * Keyed by the event, not the item: an approval's items for every admin post once.
 */
async function chatOf(db: Db, item: InboxItemRow, kind: ChatKind): Promise<NewOutboxMessage[]> {
  if (kind === "spend") return spendChat(db, item);
  const base = settings().PUBLIC_URL?.replace(/\/+$/, "");
  const { link } = describeItem(item);
  const linked = (text: string) => (base ? chatLink(`${base}${link.path}`, text) : chatText(text));
  const who = chatText(item.actor ?? "Someone");
  const text =
    kind === "approval_waiting"
      ? `${who}'s render waits for approval: ${linked(item.text)}`
      : kind === "decision"
        ? `${who} decided on ${linked("a render")}: ${chatText(item.text)}`
        : null;
  return text === null ? [] : chatMessage(db, kind, itemEvent(item), text);
}

/**
 * A spend notice's chat message, keyed by its crossing (`spend:<crossing key>`), whichever of its
 * readers' items brings it. Its body is the one documented for receivers (docs/spend.md): the text,
 * the crossing key and the notice.
 */
async function spendChat(db: Db, item: InboxItemRow): Promise<NewOutboxMessage[]> {
  const found = await noticeOfItem(db, item);
  if (!found) return [];
  const { notice, crossingKey } = found;
  return chatMessage(db, "spend", spendEvent(crossingKey), chatText(notice.message), { crossingKey, notice });
}

/** The messages of one item: what its member chose, and the team's chat's. */
async function itemMessages(db: Db, item: InboxItemRow): Promise<NewOutboxMessage[]> {
  const kind = notifiedAs(item.kind);
  if (!kind) return [];
  const { headline, link } = describeItem(item);
  const member = item.member_id ? await findMemberRow(db, item.member_id) : undefined;
  return [
    ...(await memberMessages(db, member, {
      event: itemEvent(item),
      kind,
      subject: headline,
      lines: [headline],
      link,
    })),
    ...(isChatKind(kind) ? await chatOf(db, item, kind) : []),
  ];
}

/** Each key once: the items of one event share their chat message. */
const uniqueByKey = (messages: readonly NewOutboxMessage[]) => [
  ...new Map(messages.map((m) => [outboxKey(m.event, m.channel, m.recipient), m])).values(),
];

const BATCH = 50;

/** Queues the messages of the items not sent out yet; answers how many messages it queued. */
export async function sendOutInbox(db: Db): Promise<number> {
  let queued = 0;
  for (;;) {
    const items = await itemsToSendOut(db, BATCH);
    if (items.length === 0) return queued;
    const messages: NewOutboxMessage[] = [];
    for (const item of items) messages.push(...(await itemMessages(db, item)));
    queued += await sendOutItems(
      db,
      items.map((item) => item.id),
      uniqueByKey(messages),
    );
    if (items.length < BATCH) return queued;
  }
}
