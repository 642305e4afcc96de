/** The route map's entries for each person's notification choices (lib/contract/api-routes.ts). */
import {
  notificationChoicesInputSchema,
  notificationChoicesSchema,
  teamChatInputSchema,
  teamChatSchema,
  teamChatTestSchema,
  unsubscribeInputSchema,
  unsubscribedSchema,
} from "@/lib/contract/notifications";
import type { ApiRouteEntries } from "./entry";

export const NOTIFICATION_ROUTES = {
  "GET /api/account/notifications": {
    summary: "Your notification choices",
    description:
      "Per event kind: push on or off, email off, at once or in the day's digest. The inbox holds everything.",
    tag: "Team",
    access: "member",
    sessionOnly: true,
    errors: ["not_found"],
    success: {
      status: 200,
      description: "The whole table, defaults where nothing was chosen.",
      schema: notificationChoicesSchema,
    },
  },
  "PUT /api/account/notifications": {
    summary: "Save your notification choices",
    tag: "Team",
    access: "member",
    sessionOnly: true,
    body: notificationChoicesInputSchema,
    errors: ["not_found"],
    success: { status: 200, description: "The whole table as saved.", schema: notificationChoicesSchema },
  },
  "POST /api/notifications/unsubscribe": {
    summary: "Turn off one kind of email from its unsubscribe link",
    description:
      "The link's signed token names the member and the kind; no sign-in is needed, so the link works from any mail client.",
    tag: "Team",
    access: "public",
    body: unsubscribeInputSchema,
    errors: ["not_found"],
    success: { status: 200, description: "That kind's email is off.", schema: unsubscribedSchema },
  },
  "GET /api/team/chat": {
    summary: "The event kinds the team's chat carries",
    tag: "Team",
    access: "admin",
    success: {
      status: 200,
      description: "The kinds, and whether ALERT_WEBHOOK_URL is set.",
      schema: teamChatSchema,
    },
  },
  "PUT /api/team/chat": {
    summary: "Choose the event kinds the team's chat carries",
    tag: "Team",
    access: "admin",
    body: teamChatInputSchema,
    success: { status: 200, description: "The kinds as saved.", schema: teamChatSchema },
  },
  "POST /api/team/chat/test": {
    summary: "Send a test message to the team's chat",
    description: "Queued in the outbox and sent at once, retried like any message.",
    tag: "Team",
    access: "admin",
    success: { status: 200, description: "The test message is queued.", schema: teamChatTestSchema },
  },
} satisfies ApiRouteEntries;
