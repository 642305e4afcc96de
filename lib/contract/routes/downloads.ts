/** The route map's entries for downloads: a render's file and zips of many (lib/contract/api-routes.ts). */
import { zipSelectionSchema } from "@/lib/contract/downloads";
import { renderIdParamsSchema } from "@/lib/contract/renders";
import { UPSTREAM, type ApiRouteEntries } from "./entry";

export const DOWNLOAD_ROUTES = {
  "GET /api/renders/{id}/file": {
    summary: "A render's output as a file",
    tag: "Downloads",
    access: "member",
    params: renderIdParamsSchema,
    success: {
      status: 200,
      description: "The output, streamed as an attachment.",
      media: "application/octet-stream",
    },
    errors: ["not_found", "render_not_ready", "output_unavailable", ...UPSTREAM],
  },
  "GET /api/renders/zip": {
    summary: "A zip of renders: by ids, batch or the list's filters",
    tag: "Downloads",
    access: "member",
    query: zipSelectionSchema,
    success: { status: 200, description: "The zip, streamed as it is built.", media: "application/zip" },
    errors: ["not_found", "too_many_renders", "output_unavailable", ...UPSTREAM],
  },
  "POST /api/renders/zip": {
    summary: "A zip of renders, the selection sent as JSON or a form",
    tag: "Downloads",
    access: "member",
    body: zipSelectionSchema,
    formBody: true,
    success: { status: 200, description: "The zip, streamed as it is built.", media: "application/zip" },
    errors: ["not_found", "too_many_renders", "output_unavailable", ...UPSTREAM],
  },
} satisfies ApiRouteEntries;
