/** The route map's entries for web push on Your account → Notifications (lib/contract/api-routes.ts). */
import {
  pushDeviceIdParamsSchema,
  pushDeviceSchema,
  pushDevicesSchema,
  pushSubscriptionInputSchema,
  pushTestSchema,
} from "@/lib/contract/push";
import type { ApiRouteEntries } from "./entry";

export const PUSH_ROUTES = {
  "GET /api/account/push": {
    summary: "Your devices that receive push notifications",
    description: "With the server's VAPID public key, which a browser subscribes with.",
    tag: "Team",
    access: "member",
    sessionOnly: true,
    errors: ["not_found"],
    success: { status: 200, description: "Your devices, oldest first.", schema: pushDevicesSchema },
  },
  "POST /api/account/push": {
    summary: "Turn on push for this device",
    description:
      "Keeps the browser's push subscription (PushSubscription.toJSON()'s endpoint and keys). The same endpoint again replaces its device.",
    tag: "Team",
    access: "member",
    sessionOnly: true,
    body: pushSubscriptionInputSchema,
    errors: ["not_found"],
    success: { status: 201, description: "The device.", schema: pushDeviceSchema },
  },
  "DELETE /api/account/push/{id}": {
    summary: "Stop push notifications to one of your devices",
    tag: "Team",
    access: "member",
    sessionOnly: true,
    params: pushDeviceIdParamsSchema,
    errors: ["not_found"],
    success: { status: 200, description: "Your devices left.", schema: pushDevicesSchema },
  },
  "POST /api/account/push/test": {
    summary: "Send a test notification to each of your devices",
    description: "Queued in the outbox and sent at once, retried like any message.",
    tag: "Team",
    access: "member",
    sessionOnly: true,
    errors: ["not_found"],
    success: { status: 200, description: "How many devices it was queued for.", schema: pushTestSchema },
  },
} satisfies ApiRouteEntries;
