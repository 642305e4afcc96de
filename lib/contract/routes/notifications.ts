/** The route map's entries for each person's notification choices (lib/contract/api-routes.ts). */
import {
  notificationChoicesInputSchema,
  notificationChoicesSchema,
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
} satisfies ApiRouteEntries;
