/** Review together: comments on renders, members' decisions, the inbox, guests' comments on share links. */
import type { Kysely } from "kysely";
import { addColumns, createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    // A thread's first comment has no parent; a reply's pin is its thread's. Deleted comments keep
    // their row (and place) with the text emptied. `author_kind` is member | guest | none (sign-in off).
    comments: `
      id                text     primary key
      render_id         text     not null
      parent_id         text
      author_kind       text     not null
      author_id         text
      author_name       text
      share_id          text
      guest_address     text
      text              text     not null
      pin               text     not null
      created_at        text     not null
      created_ms        integer  not null
      edited_at         text
      resolved_at       text
      resolved_by_id    text
      resolved_by_name  text
      deleted_at        text
      deleted_by_id     text
    `,
    // `source_key` names what made the item (`comment:<id>`, `notice:<id>`…): unique with the member,
    // so every process that sees the same event writes it once.
    inbox_items: `
      id          text     primary key
      member_id   text     not null
      source_key  text     not null
      kind        text     not null
      render_id   text
      comment_id  text
      actor       text
      text        text     not null
      created_at  text     not null
      read_at     text
    `,
  });
  // One standing decision per member and render: a new one replaces it, withdrawing deletes it.
  await db.schema
    .createTable("review_decisions")
    .addColumn("render_id", "text", (c) => c.notNull())
    .addColumn("member_id", "text", (c) => c.notNull())
    .addColumn("member_name", "text", (c) => c.notNull())
    .addColumn("decision", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("comment_id", "text")
    .addColumn("decided_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("review_decisions_key", ["render_id", "member_id"])
    .execute();
  await db.schema
    .createIndex("inbox_items_source")
    .unique()
    .on("inbox_items")
    .columns(["member_id", "source_key"])
    .execute();
  // The render's review at a glance, kept on its row in the write that changes it, so lists and the
  // live stream's records carry it without a query per card: `review` is the summary's JSON (null:
  // nothing yet), `review_rank` its state (0 none, 1 in review, 2 changes, 3 approved) for the filter.
  await addColumns(db, "renders", "review text\nreview_rank integer not null default 0");
  await addColumns(db, "shares", "allow_comments integer not null default 0");
  await createIndexes(db, {
    comments_render: "comments (render_id, created_at)",
    comments_open_threads: "comments (render_id, parent_id, resolved_at, deleted_at)",
    comments_author_rate: "comments (author_id, created_ms)",
    comments_share_rate: "comments (share_id, created_ms)",
    inbox_member: "inbox_items (member_id, created_at, id)",
    inbox_unread: "inbox_items (member_id, read_at)",
    renders_review: "renders (review_rank, request_seq)",
  });
}
