/** The route map's entries for the reference library (lib/contract/api-routes.ts). */
import { z } from "zod/mini";
import { UPLOAD_KINDS } from "@/lib/domain/uploads";
import { ledgerUploadSchema, uploadListQuerySchema, uploadListSchema } from "@/lib/contract/uploads";
import { UPSTREAM, type ApiRouteEntries } from "./entry";

const uploadFieldsSchema = z.object({ kind: z.enum(UPLOAD_KINDS) });

export const UPLOAD_ROUTES = {
  "GET /api/uploads": {
    summary: "The reference library, newest first",
    tag: "Uploads",
    access: "member",
    query: uploadListQuerySchema,
    success: { status: 200, description: "A page of uploads.", schema: uploadListSchema },
  },
  "POST /api/uploads": {
    summary: "Upload a reference image, video or audio file",
    description: "Multipart, `kind` before `file`; streamed to the service as it arrives.",
    tag: "Uploads",
    access: "member",
    multipart: { fields: uploadFieldsSchema, file: "file" },
    success: { status: 201, description: "The upload record.", schema: ledgerUploadSchema },
    errors: ["invalid_request", "payload_too_large", "unsupported_media_type", ...UPSTREAM],
  },
} satisfies ApiRouteEntries;
