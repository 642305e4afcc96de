/** Single sign-on: each member's account at the OpenID provider, by issuer and subject. */
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // A person at a provider is (issuer, subject): the subject is the provider's stable id, where an
  // email can change hands. One account per member at each issuer, so linking by email cannot
  // quietly add a second one.
  await db.schema
    .createTable("identities")
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("member_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_sign_in_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("identities_key", ["issuer", "subject"])
    .addUniqueConstraint("identities_member", ["member_id", "issuer"])
    .execute();
}
