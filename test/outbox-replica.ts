/**
 * A dashboard replica of its own for test/server/outbox-processes.postgres.test.ts: joins the
 * deployment on the ledger at DATABASE_URL and, while it leads, sends the outbox to the chat at
 * CHAT_URL, as the server does. It prints LEADING_LINE on a line of its own once it leads, so the test knows whom to kill, and
 * leaves the deployment on SIGTERM.
 */
import { PostgresMember } from "@/lib/server/cluster/postgres-member";
import { connect } from "@/lib/server/db/database";
import { chatTransport } from "@/lib/server/outbox/chat";
import { OutboxSender } from "@/lib/server/outbox/sender";

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? "";
  const db = await connect(url);
  const member = await PostgresMember.join(url, db);
  const sender = new OutboxSender({
    db,
    transports: { chat: chatTransport(process.env.CHAT_URL ?? "") },
    asLeader: (write) => member.asLeader(write),
    // Short, so a claim the killed leader left expires within the test.
    attemptTimeoutMs: 1_000,
    pollMs: 200,
  });
  await member.addDuty({
    lead: async () => {
      await sender.lead();
      process.stdout.write(`${process.env.LEADING_LINE}\n`);
    },
    standDown: () => sender.standDown(),
  });
  process.once("SIGTERM", () => {
    void member
      .stop()
      .then(() => db.destroy())
      .finally(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
