/**
 * SQLite's plan (`EXPLAIN QUERY PLAN`) of each statement the ledger's functions send, recorded as
 * Kysely compiles them: tests hold a read's plan to the index it must use.
 */
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from "kysely";
import type { Db } from "@/lib/server/db/database";

export async function plansOf(db: Db, run: (db: Db) => Promise<unknown>): Promise<string[]> {
  const nodes: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => (nodes.push(node), node),
    transformResult: async ({ result }) => result,
  };
  await run(db.withPlugin(recorder) as Db);
  const plans: string[] = [];
  for (const node of nodes) {
    const compiled = db.getExecutor().compileQuery(node, { queryId: "plan" } as never);
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    plans.push(rows.map((r) => r.detail).join("\n"));
  }
  return plans;
}
