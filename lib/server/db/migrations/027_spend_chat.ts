/**
 * Spend alerts become a kind of the team's chat, sent through the one outbox (docs/spend.md): every
 * delivery of the old webhook outbox moves into `outbox`, keyed by its crossing as new spend messages
 * are (`spend:<crossing key>|chat|team`, lib/domain/alerts.ts `spendEvent`). A pending one keeps its
 * attempts and its day of retries, and the leader sends it; a delivered or given-up one moves as it
 * is, so a notice whose inbox items are sent on after the upgrade does not post again. Then
 * `alert_outbox` is dropped. The webhook carried every spend alert before they were a choice, so
 * `spend` joins the chat's chosen kinds, of an upgraded ledger and a new one alike.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The key is written out here, not built by the code of the day: a migration means what it meant
  // when it shipped. `where true` tells SQLite's parser where the select ends.
  await sql`
    insert into outbox (key, channel, recipient, kind, body, queued_at, next_attempt_at, attempts,
                        sent_at, gave_up_at, last_error)
    select 'spend:' || notices.crossing_key || '|chat|team', 'chat', 'team', 'spend', alert_outbox.body,
           alert_outbox.queued_at, alert_outbox.next_attempt_at, alert_outbox.attempts,
           alert_outbox.delivered_at, alert_outbox.gave_up_at, alert_outbox.last_error
    from alert_outbox join notices on notices.id = alert_outbox.notice_id
    where true
  `.execute(db);
  await db.schema.dropTable("alert_outbox").execute();
  await sql`insert into team_chat_kinds (kind) values ('spend') on conflict (kind) do nothing`.execute(db);
}
