/**
 * Another dashboard process, for lib/server/access/sessions.postgres.test.ts: ends every session of
 * one member on the ledger at DATABASE_URL, as a sign-out on another replica would, then exits.
 * Usage: tsx --conditions=react-server test/people/end-sessions.ts <memberId>
 */
import { closeDb, getDb } from "@/lib/server/db/database";
import { endSessions } from "@/lib/server/ledger/sessions";

const memberId = process.argv[2] ?? "";
const url = process.env.DATABASE_URL ?? "";
const ended = await endSessions(await getDb(url), memberId);
await closeDb(url);
console.log(JSON.stringify({ ended }));
