/**
 * The route map's entries for the account and its spend: the service's balance and plan, spend per
 * day, model and member, and the spend notices (lib/contract/api-routes.ts).
 */
import { accountSchema } from "@/lib/contract/account";
import { noticeDismissedSchema, noticeIdParamsSchema, noticeListSchema } from "@/lib/contract/notices";
import { usageQuerySchema, usageSchema } from "@/lib/contract/usage";
import { UPSTREAM, type ApiRouteEntries } from "./entry";

export const USAGE_ROUTES = {
  "GET /api/account": {
    summary: "The Render Service account: balance and plan",
    tag: "Account",
    access: "member",
    success: { status: 200, description: "The service's account record.", schema: accountSchema },
    errors: UPSTREAM,
  },
  "GET /api/usage": {
    summary: "Spend per UTC day, model and member, with caps, boards and the balance's forecast",
    description:
      "Admins (everyone while sign-in is off) get the team's spend and the forecast; a member gets their own spend.",
    tag: "Account",
    access: "member",
    query: usageQuerySchema,
    success: { status: 200, description: "The range's spend.", schema: usageSchema },
  },
  "GET /api/notices": {
    summary: "The caller's spend notices: caps, budget and balance alerts not dismissed",
    description:
      "A member gets the notices of their own cap; admins (everyone while sign-in is off) get every notice. Newest first, at most 50.",
    tag: "Account",
    access: "member",
    success: { status: 200, description: "The notices.", schema: noticeListSchema },
  },
  "POST /api/notices/{id}/dismiss": {
    summary: "Dismiss a notice for the caller",
    description: "Others who read it keep it. A notice the caller may not read answers 404.",
    tag: "Account",
    access: "member",
    params: noticeIdParamsSchema,
    success: { status: 200, description: "Dismissed.", schema: noticeDismissedSchema },
    errors: ["not_found"],
  },
} satisfies ApiRouteEntries;
