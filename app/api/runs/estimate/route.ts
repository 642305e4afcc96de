import { runEstimateRequestSchema } from "@/lib/contract";
import { RUN_MAX_BODY_BYTES } from "@/lib/domain/runs";
import { apiRoute, json } from "@/lib/server/http/route";
import { estimateRun } from "@/lib/server/runs";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  { body: runEstimateRequestSchema, maxBodyBytes: RUN_MAX_BODY_BYTES, fullFieldPath: true },
  async ({ body }) => json(await estimateRun(body)),
);
