/** The route map's entries for people: sessions, passwords, invites, deactivation (lib/contract/api-routes.ts). */
import { sessionIdParamsSchema, sessionListSchema, sessionsEndedSchema } from "@/lib/contract/people";
import type { ApiRouteEntries } from "./entry";

export const PEOPLE_ROUTES = {
  "GET /api/auth/sessions": {
    summary: "Your sessions: every browser signed in as you",
    tag: "Team",
    access: "member",
    sessionOnly: true,
    success: {
      status: 200,
      description: "The sessions, the most recently used first.",
      schema: sessionListSchema,
    },
  },
  "DELETE /api/auth/sessions/{id}": {
    summary: "Sign one of your sessions out",
    description: "Ends it on the server: its cookie, and any copy of it, gets 401 from then on.",
    tag: "Team",
    access: "member",
    sessionOnly: true,
    params: sessionIdParamsSchema,
    success: { status: 200, description: "The session ended.", schema: sessionsEndedSchema },
    errors: ["not_found"],
  },
  "POST /api/auth/sessions/sign-out-others": {
    summary: "Sign out everywhere else: end every session of yours but this one",
    tag: "Team",
    access: "member",
    sessionOnly: true,
    success: { status: 200, description: "How many sessions ended.", schema: sessionsEndedSchema },
  },
} satisfies ApiRouteEntries;
