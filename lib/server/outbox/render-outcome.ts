import "server-only";
/**
 * A render finished or failed (the poll scheduler's completion path): its maker hears of it by the
 * channels they chose for that kind (member-messages.ts), and the team's chat of a failure when an
 * admin chose it. Queued once per render, channel and recipient whichever process sees it, and sent
 * by the leader.
 */
import type { NotificationKind } from "@/lib/domain/notifications";
import { chatLink } from "@/lib/domain/team-chat";
import type { Db } from "@/lib/server/db/database";
import { findMemberRow } from "@/lib/server/ledger/members";
import { queueOutbox, type NewOutboxMessage } from "@/lib/server/ledger/outbox";
import { settings } from "@/lib/server/runtime/config";
import { memberMessages } from "./member-messages";
import { chatMessage } from "./team-chat";

const PROMPT_CHARS = 80;

/** A prompt short enough for a subject line. */
export const shortPrompt = (prompt: string) =>
  prompt.length > PROMPT_CHARS ? `${prompt.slice(0, PROMPT_CHARS)}…` : prompt;

/** The render's page, a path of the dashboard. */
export const renderPath = (renderId: string) => `/renders/${encodeURIComponent(renderId)}`;

/** Queues what the maker of `renderId` chose to hear of its outcome; answers how many messages. */
export async function queueRenderOutcome(db: Db, renderId: string): Promise<number> {
  const render = await db
    .selectFrom("renders")
    .select(["id", "status", "prompt", "member_id", "member_name", "error_message"])
    .where("id", "=", renderId)
    .executeTakeFirst();
  if (!render || (render.status !== "ready" && render.status !== "failed")) return 0;
  const kind: NotificationKind = render.status === "ready" ? "render_finished" : "render_failed";
  const prompt = shortPrompt(render.prompt);
  const event = `render:${render.id}:${render.status}`;
  const messages: NewOutboxMessage[] = [];
  if (kind === "render_failed") {
    const link = settings().PUBLIC_URL;
    const named = link ? chatLink(`${link.replace(/\/+$/, "")}${renderPath(render.id)}`, prompt) : prompt;
    messages.push(
      ...(await chatMessage(db, kind, event, `${render.member_name ?? "A"}'s render failed: ${named}`)),
    );
  }
  const maker = render.member_id ? await findMemberRow(db, render.member_id) : undefined;
  messages.push(
    ...(await memberMessages(db, maker, {
      event,
      kind,
      subject:
        kind === "render_finished" ? `Your render finished: ${prompt}` : `Your render failed: ${prompt}`,
      lines: [
        kind === "render_finished" ? "Your render is ready." : "Your render failed.",
        `Prompt: ${render.prompt}`,
        ...(render.error_message ? [`The service said: ${render.error_message}`] : []),
      ],
      link: { text: "Open the render", path: renderPath(render.id) },
    })),
  );
  return queueOutbox(db, messages);
}
