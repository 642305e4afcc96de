import { runCreateSchema } from "@/lib/contract";
import { RUN_MAX_BODY_BYTES } from "@/lib/domain/runs";
import { apiRoute, json } from "@/lib/server/http/route";
import { createRun, listRuns } from "@/lib/server/runs";

export const dynamic = "force-dynamic";

export const GET = apiRoute({}, async () => json({ items: await listRuns() }));

export const POST = apiRoute(
  { body: runCreateSchema, maxBodyBytes: RUN_MAX_BODY_BYTES, fullFieldPath: true },
  async ({ body, member }) => json(await createRun(body, member), 201),
);
