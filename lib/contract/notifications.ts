/**
 * Each person's notification choices (Your account → Notifications): per event kind, push on or off
 * and email off, at once or in the day's digest. `GET /api/account/notifications` answers the whole
 * table (defaults where nothing was chosen); `PUT` saves the rows it is given.
 */
import { z } from "zod/mini";
import { EMAIL_MODES, NOTIFICATION_KINDS } from "@/lib/domain/notifications";
import { CHAT_KINDS } from "@/lib/domain/team-chat";

export const notificationChoiceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  push: z.boolean(),
  email: z.enum(EMAIL_MODES),
});

export const notificationChoicesSchema = z.object({
  items: z.array(notificationChoiceSchema),
  /** Whether this deployment can send email (SMTP_URL); without it, the email column is not offered. */
  emailAvailable: z.boolean(),
});
export type NotificationChoices = z.infer<typeof notificationChoicesSchema>;

export const notificationChoicesInputSchema = z.object({
  items: z.array(notificationChoiceSchema).check(z.maxLength(NOTIFICATION_KINDS.length)),
});
export type NotificationChoicesInput = z.infer<typeof notificationChoicesInputSchema>;

/** `POST /api/notifications/unsubscribe`: the signed token of an email's unsubscribe link. */
export const unsubscribeInputSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(1000)),
});
export type UnsubscribeInput = z.infer<typeof unsubscribeInputSchema>;

/** The kind whose email was turned off. */
export const unsubscribedSchema = z.object({ kind: z.enum(NOTIFICATION_KINDS) });
export type Unsubscribed = z.infer<typeof unsubscribedSchema>;

/** `GET`/`PUT /api/team/chat`: the event kinds the team's chat carries, and whether it is set up. */
export const teamChatSchema = z.object({
  kinds: z.array(z.enum(CHAT_KINDS)),
  /** Whether ALERT_WEBHOOK_URL is set; without it nothing is sent. */
  available: z.boolean(),
});
export type TeamChat = z.infer<typeof teamChatSchema>;

export const teamChatInputSchema = z.object({
  kinds: z.array(z.enum(CHAT_KINDS)).check(z.maxLength(CHAT_KINDS.length)),
});
export type TeamChatInput = z.infer<typeof teamChatInputSchema>;

/** `POST /api/team/chat/test`: the test message is queued (the outbox sends it at once). */
export const teamChatTestSchema = z.object({ queued: z.boolean() });
