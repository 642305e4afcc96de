import "server-only";
/**
 * A render finished or failed (the poll scheduler's completion path): its maker hears of it by the
 * channels they chose for that kind (lib/domain/notifications.ts), and the team's chat of a failure
 * when an admin chose it. Queued once per render, channel and
 * recipient whichever process sees it, and sent by the leader.
 */
import { choicesWithDefaults, type NotificationKind } from "@/lib/domain/notifications";
import { chatLink } from "@/lib/domain/team-chat";
import { composeEmail } from "@/lib/domain/email-message";
import type { Db } from "@/lib/server/db/database";
import { findMemberRow } from "@/lib/server/ledger/members";
import { chosenNotifications } from "@/lib/server/ledger/notification-choices";
import { queueOutbox, type NewOutboxMessage } from "@/lib/server/ledger/outbox";
import { settings } from "@/lib/server/runtime/config";
import { emailLinkBase } from "@/lib/server/runtime/email-links";
import { chatMessage } from "./team-chat";
import { unsubscribeToken } from "./unsubscribe";

const PROMPT_CHARS = 80;

/** Queues what the maker of `renderId` chose to hear of its outcome; answers how many messages. */
export async function queueRenderOutcome(db: Db, renderId: string): Promise<number> {
  const render = await db
    .selectFrom("renders")
    .select(["id", "status", "prompt", "member_id", "member_name", "error_message"])
    .where("id", "=", renderId)
    .executeTakeFirst();
  if (!render || (render.status !== "ready" && render.status !== "failed")) return 0;
  const kind: NotificationKind = render.status === "ready" ? "render_finished" : "render_failed";
  const base = emailLinkBase();
  const prompt =
    render.prompt.length > PROMPT_CHARS ? `${render.prompt.slice(0, PROMPT_CHARS)}…` : render.prompt;
  const event = `render:${render.id}:${render.status}`;
  const messages: NewOutboxMessage[] = [];
  if (kind === "render_failed") {
    const link = settings().PUBLIC_URL;
    const named = link
      ? chatLink(`${link.replace(/\/+$/, "")}/renders/${encodeURIComponent(render.id)}`, prompt)
      : prompt;
    messages.push(
      ...(await chatMessage(db, kind, event, `${render.member_name ?? "A"}'s render failed: ${named}`)),
    );
  }
  const maker = render.member_id ? await findMemberRow(db, render.member_id) : undefined;
  const choice =
    maker &&
    choicesWithDefaults(await chosenNotifications(db, maker.id), maker.role === "admin").find(
      (c) => c.kind === kind,
    );
  // The digest's messages are gathered from the inbox once a day, not queued one by one.
  if (maker && base && choice?.email === "immediate") {
    messages.push({
      event,
      channel: "email",
      recipient: maker.id,
      kind,
      body: composeEmail({
        to: maker.email,
        subject:
          kind === "render_finished" ? `Your render finished: ${prompt}` : `Your render failed: ${prompt}`,
        lines: [
          kind === "render_finished" ? "Your render is ready." : "Your render failed.",
          `Prompt: ${render.prompt}`,
          ...(render.error_message ? [`The service said: ${render.error_message}`] : []),
        ],
        link: { text: "Open the render", url: `${base}/renders/${encodeURIComponent(render.id)}` },
        unsubscribe: { kind, url: `${base}/unsubscribe?token=${unsubscribeToken(maker.id, kind)}` },
      }),
    });
  }
  return queueOutbox(db, messages);
}
