import "server-only";
/** The deployment's VAPID key pair as the ledger keeps it (migration 024; lib/server/outbox/vapid.ts). */
import type { Db } from "@/lib/server/db/database";

export interface VapidKeyPair {
  publicKey: string;
  privateKey: string;
}

const NAME = "vapid";

/**
 * The kept pair, keeping `made` first when none is: the first writer wins, so replicas starting
 * together all answer with the same pair.
 */
export async function keptVapidKeys(db: Db, made: () => VapidKeyPair): Promise<VapidKeyPair> {
  const read = () =>
    db
      .selectFrom("push_keys")
      .select(["public_key", "private_key"])
      .where("name", "=", NAME)
      .executeTakeFirst();
  let row = await read();
  if (!row) {
    const pair = made();
    await db
      .insertInto("push_keys")
      .values({ name: NAME, public_key: pair.publicKey, private_key: pair.privateKey })
      .onConflict((c) => c.column("name").doNothing())
      .execute();
    row = await read();
  }
  if (!row) throw new Error("The VAPID keys were not kept");
  return { publicKey: row.public_key, privateKey: row.private_key };
}
