/** The route map's entry for readiness (lib/contract/api-routes.ts). */
import { z } from "zod/mini";
import { healthSchema, publicHealthSchema } from "@/lib/contract/health";
import type { ApiRouteEntries } from "./entry";

/** `GET /api/health` answers either, by the caller's role, with 200 or 503. */
const healthAnswerSchema = z.union([healthSchema, publicHealthSchema]);

export const HEALTH_ROUTES = {
  "GET /api/health": {
    summary: "Readiness, with details for admins",
    description:
      "Anyone gets `{ status }`; admins (everyone while sign-in is off) get the ledger's, scheduler's and service's state.",
    tag: "Account",
    access: "public",
    success: { status: 200, description: "Ready.", schema: healthAnswerSchema },
    otherAnswers: [{ status: 503, description: "Not ready.", schema: healthAnswerSchema }],
  },
} satisfies ApiRouteEntries;
