import "server-only";
/**
 * A render's `updated_at` only moves forward. Pages keep the newer of two copies of a render by it
 * (lib/client/live/apply-events.ts), and writers stamp the time before they commit: a write stamped
 * earlier that commits later (a tag added while a poll's result was being saved) would otherwise
 * carry the record's stamp back, and its event, though newer, would be dropped as older.
 */
import { sql, type RawBuilder } from "kysely";

/** `updated_at` set to `now`, or kept where a later write already stamped it later. */
export const touchedAt = (now: string): RawBuilder<string> =>
  sql<string>`case when updated_at > ${now} then updated_at else ${now} end`;
