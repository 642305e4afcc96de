/**
 * The route map's entries for prices: a render's estimate and the rate card it comes from
 * (lib/contract/api-routes.ts).
 */
import { z } from "zod/mini";
import { REFERENCE_URL_FIELDS, RENDER_KINDS } from "@/lib/domain/catalogue";
import { imageRenderRequestSchema, videoRenderRequestSchema } from "@/lib/domain/render-request";
import { rateCardSchema, rateOverrideSchema } from "@/lib/contract/rates";
import { costEstimateSchema, estimateQuerySchema } from "@/lib/contract/renders";
import { UPSTREAM, type ApiRouteEntries } from "./entry";

/*
 * The estimate's query is checked through a transform, whose input zod's JSON Schema cannot
 * describe: the shape it accepts, for the document only (never loaded by a page).
 */

const NOT_QUERYABLE = new Set<string>(["prompt", ...Object.values(REFERENCE_URL_FIELDS)]);

/** A request schema's fields a query string can carry: all but the prompt and the reference lists. */
const queryableFields = (shape: Record<string, z.core.SomeType>) =>
  Object.fromEntries(Object.entries(shape).filter(([name]) => !NOT_QUERYABLE.has(name)));

/** What `GET /api/estimate` accepts: the request's fields as text values. */
const estimateQueryFieldsSchema = z.object({
  ...queryableFields(imageRenderRequestSchema.shape),
  ...queryableFields(videoRenderRequestSchema.shape),
  kind: z.enum(RENDER_KINDS),
});

export const RATE_ROUTES = {
  "GET /api/estimate": {
    summary: "The cost of a render before it is started",
    description: "The render request's fields (without `prompt`) as query parameters.",
    tag: "Renders",
    access: "member",
    query: estimateQuerySchema,
    documented: { query: estimateQueryFieldsSchema },
    success: { status: 200, description: "The estimate.", schema: costEstimateSchema },
    errors: UPSTREAM,
  },
  "GET /api/rates": {
    summary: "The rate card: every price key's learned, card and override rates",
    description:
      "A rate is credits per output second (video) or per image. Estimates use the override, else the env `RATE_CARD`, else the learned rate.",
    tag: "Rates",
    access: "admin",
    success: { status: 200, description: "The rate card.", schema: rateCardSchema },
  },
  "POST /api/rates": {
    summary: "Set or clear the override rate of one price key",
    tag: "Rates",
    access: "admin",
    body: rateOverrideSchema,
    success: { status: 200, description: "The rate card as it now is.", schema: rateCardSchema },
    errors: ["not_found"],
  },
} satisfies ApiRouteEntries;
