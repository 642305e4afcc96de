/** The route map's entries for each person's notification choices (lib/contract/api-routes.ts). */
import { notificationChoicesInputSchema, notificationChoicesSchema } from "@/lib/contract/notifications";
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
} satisfies ApiRouteEntries;
