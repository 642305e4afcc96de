import { z } from "zod";
import { UPLOAD_KINDS } from "@/lib/domain/service-records";
import { serverConfig } from "@/lib/server/runtime/config";
import { getDb } from "@/lib/server/db";
import { apiRoute, json, readQuery } from "@/lib/server/http/route";
import { listUploads } from "@/lib/server/ledger/uploads";
import { streamUpload } from "@/lib/server/uploads/stream-upload";

export const dynamic = "force-dynamic";

export const POST = apiRoute(async ({ request, member }) => {
  return json(await streamUpload(request, serverConfig().UPLOAD_MAX_BYTES, member), 201);
});

const uploadListQuerySchema = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: "kind must be one of 'image', 'video', 'audio'" }).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, { error: "limit must be between 1 and 100" })
    .max(100, { error: "limit must be between 1 and 100" })
    .default(30),
});

export const GET = apiRoute(async ({ request }) => {
  return json(await listUploads(await getDb(), readQuery(request, uploadListQuerySchema)));
});
