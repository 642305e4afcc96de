/**
 * A dashboard process of its own for test/server/audit-processes.postgres.test.ts: appends `count`
 * entries to the audit log of the ledger at DATABASE_URL as the services do, each naming this writer
 * and its index, one after another.
 */
import { connect } from "@/lib/server/db/database";
import { recordAudit } from "@/lib/server/ledger/audit";

async function main(): Promise<void> {
  const [writer = "", count = "0"] = process.argv.slice(2);
  const db = await connect(process.env.DATABASE_URL ?? "");
  try {
    for (let index = 0; index < Number(count); index++) {
      await recordAudit(db, {
        kind: "team_settings.changed",
        by: { member: null, address: null },
        target: { type: "writer", id: String(index), name: writer },
      });
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
