import "server-only";
/**
 * A create request's renders named by id, made what the service takes: `referenceRenderIds` become
 * upload URLs (each output copied once, as "Use as reference" does) appended to the reference list
 * of their kind, and the request's parents are gathered: `parentIds` (whose settings it reused) and
 * every render whose copied output it names, by id or by the copy's URL. Every referenced render is
 * checked before anything is copied (checkRenderIds, which a batch run also calls when it is
 * accepted): one that is unknown, not ready or of a kind the model cannot
 * take refuses the request (422 naming the field), with nothing copied or sent.
 */
import { AppError, type Member } from "@/lib/contract";
import { DEFAULT_VIDEO_MODEL, REFERENCE_URL_FIELDS, videoModel } from "@/lib/domain/catalogue";
import {
  firstIssue,
  referenceUrlsOf,
  renderRequestSchema,
  type RenderRequest,
} from "@/lib/domain/render-request";
import type { Db } from "@/lib/server/db/database";
import type { RenderRow } from "@/lib/server/db/schema";
import { rendersCopiedTo, type Parent } from "@/lib/server/ledger/render-family";
import { getRenderRow } from "@/lib/server/ledger/renders";
import { copyOf } from "./output-copy";

export interface ResolvedRequest {
  /** The request as the service takes it: no ids, the copies' URLs in its reference lists. */
  request: RenderRequest;
  parents: Parent[];
}

const refused = (field: string, message: string) => new AppError("invalid_request", message, { field });

/**
 * Checks every render the request names by id, copying nothing: the parents are known, and each
 * referenced render is referable and fits the model's caps. Answers the request without the ids and
 * the referenced renders' rows.
 */
export async function checkRenderIds(
  db: Db,
  input: RenderRequest,
): Promise<{ request: RenderRequest; referenced: RenderRow[] }> {
  const { parentIds = [], referenceRenderIds = [], ...request } = input;
  for (const id of parentIds) {
    if (!(await getRenderRow(db, id))) {
      throw refused("parentIds", `parentIds names ${id}, which is not a render in the dashboard's history.`);
    }
  }
  const referenced: RenderRow[] = [];
  for (const id of [...new Set(referenceRenderIds)]) referenced.push(await referable(db, request, id));
  assertFits(request, referenced);
  return { request, referenced };
}

export async function resolveRenderIds(
  db: Db,
  input: RenderRequest,
  member: Member | null,
): Promise<ResolvedRequest> {
  const { request, referenced } = await checkRenderIds(db, input);
  const { parentIds = [] } = input;

  let resolved: RenderRequest = request;
  for (const row of referenced) {
    const { upload } = await copyOf(row, member);
    resolved = withReference(resolved, row.kind === "video" ? "video" : "image", upload.url);
  }
  const copiedFrom = await rendersCopiedTo(db, referenceUrlsOf(resolved));
  const parents: Parent[] = [
    ...parentIds.map((id) => ({ id, relation: "settings" as const })),
    ...[...copiedFrom.values()].map((id) => ({ id, relation: "reference" as const })),
  ];
  return {
    request: resolved,
    parents: parents.filter((p, i) => parents.findIndex((q) => q.id === p.id) === i),
  };
}

/** A render named in `referenceRenderIds`: known, ready, and of a kind the request's model takes. */
async function referable(db: Db, request: RenderRequest, id: string): Promise<RenderRow> {
  const row = await getRenderRow(db, id);
  if (!row) {
    throw refused(
      "referenceRenderIds",
      `referenceRenderIds names ${id}, which is not a render in the dashboard's history.`,
    );
  }
  if (row.status !== "ready" || !row.output_url) {
    throw refused(
      "referenceRenderIds",
      `referenceRenderIds names ${id}, which has no output (it is ${row.status}).`,
    );
  }
  if (row.kind === "video") {
    if (request.kind === "image") {
      throw refused(
        "referenceRenderIds",
        `referenceRenderIds names ${id}, a video: an image render takes only images as references.`,
      );
    }
    const model = videoModel(request.model ?? DEFAULT_VIDEO_MODEL);
    if (model.maxReferenceVideos === 0) {
      throw refused(
        "referenceRenderIds",
        `referenceRenderIds names ${id}, a video: ${model.id} takes no reference videos.`,
      );
    }
  }
  return row;
}

/** The request with the references' lists as long as they will be, checked against the model's caps. */
function assertFits(request: RenderRequest, referenced: readonly RenderRow[]): void {
  if (referenced.length === 0) return;
  const provisional = referenced.reduce(
    (r, row) =>
      withReference(r, row.kind === "video" ? "video" : "image", `https://reference.invalid/${row.id}`),
    request,
  );
  const parsed = renderRequestSchema.safeParse(provisional);
  if (!parsed.success) {
    const { message } = firstIssue(parsed.error);
    throw refused("referenceRenderIds", `referenceRenderIds: with these renders, ${message}.`);
  }
}

function withReference(request: RenderRequest, kind: "image" | "video", url: string): RenderRequest {
  if (request.kind === "image") {
    return { ...request, referenceImageUrls: [...(request.referenceImageUrls ?? []), url] };
  }
  const field = REFERENCE_URL_FIELDS[kind];
  return { ...request, [field]: [...(request[field] ?? []), url] };
}
