/** The route map's entries for batch runs (lib/contract/api-routes.ts). */
import { RUN_MAX_BODY_BYTES } from "@/lib/domain/runs";
import {
  runCreateSchema,
  runDetailSchema,
  runEstimateRequestSchema,
  runEstimateSchema,
  runIdParamsSchema,
  runListSchema,
} from "@/lib/contract/runs";
import type { ApiRouteEntries } from "./entry";

export const RUN_ROUTES = {
  "GET /api/runs": {
    summary: "The team's latest 100 batch runs, newest first",
    tag: "Batch runs",
    access: "member",
    success: { status: 200, description: "The runs with their counts.", schema: runListSchema },
  },
  "POST /api/runs": {
    summary: "Start a batch run: up to 500 render requests, each sent once (spends credits)",
    description:
      "Every row is checked before anything is stored; a bad cell answers 422 naming it as `rows.<index>.<field>`. The rows are then sent a few at a time, each under its own idempotency key.",
    tag: "Batch runs",
    access: "member",
    body: runCreateSchema,
    maxBodyBytes: RUN_MAX_BODY_BYTES,
    fullFieldPath: true,
    success: { status: 201, description: "The run and its rows.", schema: runDetailSchema },
    errors: ["limit_reached", "rate_limited"],
  },
  "POST /api/runs/estimate": {
    summary: "Price a batch run's rows before starting it",
    tag: "Batch runs",
    access: "member",
    body: runEstimateRequestSchema,
    maxBodyBytes: RUN_MAX_BODY_BYTES,
    fullFieldPath: true,
    success: { status: 200, description: "Each row's estimate and the total.", schema: runEstimateSchema },
  },
  "GET /api/runs/{id}": {
    summary: "A batch run's progress and its rows",
    tag: "Batch runs",
    access: "member",
    params: runIdParamsSchema,
    success: { status: 200, description: "The run and its rows.", schema: runDetailSchema },
    errors: ["not_found"],
  },
  "POST /api/runs/{id}/cancel": {
    summary: "Cancel a batch run: rows not yet sent are never sent",
    tag: "Batch runs",
    access: "member",
    params: runIdParamsSchema,
    success: { status: 200, description: "The run as it now is.", schema: runDetailSchema },
    errors: ["not_found", "run_ended"],
  },
} satisfies ApiRouteEntries;
