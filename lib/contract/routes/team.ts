/** The route map's entries for sign-in, the members and the team's rules (lib/contract/api-routes.ts). */
import {
  memberIdParamsSchema,
  memberListSchema,
  memberNameListSchema,
  memberPatchSchema,
  memberSpendSchema,
  sessionInfoSchema,
  signInResultSchema,
  signInSchema,
  signOutResultSchema,
  teamSettingsSchema,
  teamSettingsPatchSchema,
} from "@/lib/contract/team";
import { limitsPatchSchema, teamLimitsSchema } from "@/lib/contract/limits";
import type { ApiRouteEntries } from "./entry";

export const TEAM_ROUTES = {
  "GET /api/auth/session": {
    summary: "Whether sign-in is on, and who is signed in",
    tag: "Team",
    access: "public",
    success: { status: 200, description: "The caller's session.", schema: sessionInfoSchema },
  },
  "POST /api/auth/sign-in": {
    summary: "Sign in with email and password",
    description: "Sets the session cookie. Failed attempts are throttled per address and email (429).",
    tag: "Team",
    access: "public",
    body: signInSchema,
    success: {
      status: 200,
      description: "Signed in; the session cookie is set.",
      schema: signInResultSchema,
    },
    errors: ["unauthenticated", "rate_limited", "not_found"],
  },
  "POST /api/auth/sign-out": {
    summary: "Sign out",
    tag: "Team",
    access: "public",
    success: { status: 200, description: "The session cookie is cleared.", schema: signOutResultSchema },
  },
  "GET /api/members": {
    summary: "Every member with this month's spend",
    tag: "Team",
    access: "admin",
    success: { status: 200, description: "The team.", schema: memberListSchema },
  },
  "GET /api/members/names": {
    summary: "Every member's name",
    tag: "Team",
    access: "member",
    success: { status: 200, description: "Ids and names only.", schema: memberNameListSchema },
  },
  "POST /api/members/{id}": {
    summary: "Change a member's role or monthly cap",
    tag: "Team",
    access: "admin",
    params: memberIdParamsSchema,
    body: memberPatchSchema,
    success: { status: 200, description: "The member as now set.", schema: memberSpendSchema },
    errors: ["not_found"],
  },
  "GET /api/team": {
    summary: "The team's spending rules: default cap, budget, confirmation, alerts and approvals",
    tag: "Team",
    access: "admin",
    success: { status: 200, description: "The team's settings.", schema: teamSettingsSchema },
  },
  "POST /api/team": {
    summary: "Change some of the team's spending rules",
    tag: "Team",
    access: "admin",
    body: teamSettingsPatchSchema,
    success: { status: 200, description: "The settings as now set.", schema: teamSettingsSchema },
  },
  "GET /api/team/limits": {
    summary: "The team's limits on what members make: each one's value and default",
    tag: "Team",
    access: "admin",
    success: { status: 200, description: "The limits and their defaults.", schema: teamLimitsSchema },
  },
  "POST /api/team/limits": {
    summary: "Change some of the team's limits on what members make (null: back to the default)",
    tag: "Team",
    access: "admin",
    body: limitsPatchSchema,
    success: { status: 200, description: "The limits as now set.", schema: teamLimitsSchema },
  },
} satisfies ApiRouteEntries;
