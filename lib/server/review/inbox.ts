import "server-only";
/**
 * A member's inbox (docs/architecture.md, "Review"): mentions, replies in their threads, comments
 * and decisions on their renders, and the spend notices they may read. Everyone's own: with sign-in
 * off the team's (owner "").
 */
import type { InboxList, InboxListQuery, InboxRead, InboxUnread, Member } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { favouritesOwner } from "@/lib/server/ledger/favourites";
import * as ledger from "@/lib/server/ledger/inbox";

export async function listInbox(query: InboxListQuery, member: Member | null): Promise<InboxList> {
  const db = await getDb();
  const owner = favouritesOwner(member);
  const [page, unreadCount] = await Promise.all([
    ledger.listInbox(db, owner, query),
    ledger.unreadCount(db, owner),
  ]);
  return { ...page, unreadCount };
}

export async function inboxUnread(member: Member | null): Promise<InboxUnread> {
  return { unreadCount: await ledger.unreadCount(await getDb(), favouritesOwner(member)) };
}

export async function markInboxRead(input: InboxRead, member: Member | null): Promise<InboxUnread> {
  const db = await getDb();
  const owner = favouritesOwner(member);
  await ledger.markInboxRead(db, owner, input.all ? "all" : { ids: input.ids ?? [] });
  return { unreadCount: await ledger.unreadCount(db, owner) };
}
