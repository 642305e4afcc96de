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
import { SSO_FAILURES, ssoCallbackQuerySchema, ssoStartQuerySchema } from "@/lib/contract/sso";
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
    description:
      "Sets the session cookie. Failed attempts are throttled per address and email (429). Refused (403) when the dashboard signs in by single sign-on only (`PASSWORD_SIGN_IN=off`).",
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
  "GET /api/auth/oidc/start": {
    summary: "Start single sign-on (a browser navigation)",
    description:
      "Sends the browser to the OpenID provider (authorization code with PKCE, state and nonce), keeping the flow in a short-lived signed cookie. The provider unreachable: to `/sign-in?sso=unavailable`. 404 when single sign-on is not set up.",
    tag: "Team",
    access: "public",
    query: ssoStartQuerySchema,
    success: {
      status: 303,
      description: "To the provider's sign-in page, or back to the sign-in page.",
      redirect: true,
    },
    errors: ["not_found"],
  },
  "GET /api/auth/oidc/callback": {
    summary: "Finish single sign-on (the provider's redirect URI)",
    description: `Verifies the provider's answer against the flow this browser started, then signs the person in (the session cookie is set) and sends them where they were going. Otherwise to \`/sign-in?sso=<reason>\`, reason one of ${SSO_FAILURES.map((f) => `\`${f}\``).join(", ")}; nothing is created. 404 when single sign-on is not set up.`,
    tag: "Team",
    access: "public",
    query: ssoCallbackQuerySchema,
    success: {
      status: 303,
      description: "Signed in, to the page the sign-in began from; or to the sign-in page, saying why not.",
      redirect: true,
    },
    errors: ["not_found"],
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
