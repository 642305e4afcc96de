/** The route map's entries for iterating on outputs (lib/contract/api-routes.ts). */
import { outputCopySchema, renderFamilySchema } from "@/lib/contract/references";
import { renderIdParamsSchema } from "@/lib/contract/renders";
import { UPSTREAM, type ApiRouteEntries } from "./entry";

export const REFERENCE_ROUTES = {
  "POST /api/renders/{id}/reference": {
    summary: "Copy a render's output to the service, to use as a reference",
    description:
      "Streamed from the output's media origin into the service's upload endpoint, once per output: a later call answers the same upload (copied: false) unless the service no longer serves it. Charges nothing and starts no render.",
    tag: "Uploads",
    access: "member",
    params: renderIdParamsSchema,
    success: { status: 200, description: "The upload the output now is.", schema: outputCopySchema },
    errors: ["not_found", "render_not_ready", "output_unavailable", "limit_reached", ...UPSTREAM],
  },
  "GET /api/renders/{id}/family": {
    summary: "A render's family: its ancestors and descendants",
    description:
      "Every render it was made from (settings reused, outputs taken as references), theirs in turn, and every render made from it or from those, at most 200.",
    tag: "Renders",
    access: "member",
    params: renderIdParamsSchema,
    success: { status: 200, description: "The family, the render included.", schema: renderFamilySchema },
    errors: ["not_found"],
  },
} satisfies ApiRouteEntries;
