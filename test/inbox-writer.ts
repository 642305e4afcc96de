/**
 * A dashboard process of its own for test/server/inbox-processes.postgres.test.ts: makes the inbox
 * items of `count` comments for one member in the ledger at DATABASE_URL, as the review services do
 * (each in its own write, with its change-log note), one after another.
 */
import { connect } from "@/lib/server/db/database";
import { withChanges } from "@/lib/server/ledger/changes";
import { insertInboxItems } from "@/lib/server/ledger/inbox";

async function main(): Promise<void> {
  const [owner = "", count = "0"] = process.argv.slice(2);
  const db = await connect(process.env.DATABASE_URL ?? "");
  try {
    for (let index = 0; index < Number(count); index++) {
      const item = {
        owner,
        sourceKey: `comment:cmt_${index}`,
        kind: "mention" as const,
        renderId: "rnd_shared",
        commentId: `cmt_${index}`,
        actor: `writer ${process.pid}`,
        text: `comment ${index}`,
      };
      await withChanges(db, (tx, note) => insertInboxItems(tx, [item], note));
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
