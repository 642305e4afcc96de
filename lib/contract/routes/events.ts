/** The route map's entry for live updates (lib/contract/api-routes.ts). */
import { eventsQuerySchema, liveEventSchema } from "@/lib/contract/events";
import type { ApiRouteEntries } from "./entry";

export const EVENT_ROUTES = {
  "GET /api/events": {
    summary: "Live updates as server-sent events",
    description:
      "Each event's `data` is one `LiveEvent` (components); its `id` resumes the stream through `Last-Event-ID`.",
    tag: "Live",
    access: "member",
    query: eventsQuerySchema,
    headers: [{ name: "Last-Event-ID", description: "The last event id seen: the stream resumes after it." }],
    success: {
      status: 200,
      description: "A stream that stays open.",
      media: "text/event-stream",
      schema: liveEventSchema,
    },
  },
} satisfies ApiRouteEntries;
