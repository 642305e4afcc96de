/**
 * Accepting a render request (spec §4.2): validation, references, fair use, the debit, and the plan
 * of each render's life.
 *
 * Everything after the body has been read is synchronous, so no other request can run between the
 * balance check and the debit (concurrent creates cannot overdraw the account).
 */
import {
  DEFAULT_IMAGE_ASPECT_RATIO,
  DEFAULT_IMAGE_MODEL,
  DEFAULT_VIDEO_MODEL,
  REFERENCE_URL_FIELDS,
  clipCount,
  effectiveDuration,
  imageModel,
  typicalCompletionSeconds,
  videoModel,
  type AspectRatio,
  type ImageResolution,
  type VideoResolution,
} from "@/lib/domain/catalogue";
import {
  effectiveReferenceImages,
  firstIssue,
  renderRequestSchema,
  type ImageRenderRequest,
  type RenderRequest,
  type VideoRenderRequest,
} from "@/lib/domain/render-request";
import { UPLOAD_KINDS, type UploadKind } from "@/lib/domain/uploads";
import type { Accounts, Caller } from "./accounts";
import { SimError } from "./errors";
import { newId } from "./ids";
import { planLife } from "./lifecycle";
import { retryAfterSeconds, type AccountLimiter } from "./limits";
import { IMAGE_COST, videoCost } from "./rates";
import type { RenderStore, StoredRender } from "./renders";
import type { UploadStore } from "./uploads";

/** Defaults for fields the spec leaves without one (§4.2 rule 3). */
const DEFAULTS = {
  imageResolution: "1K" as ImageResolution,
  imageCount: 1,
  resolution: "720p" as VideoResolution,
  aspectRatio: "16:9" as AspectRatio,
  generateAudio: false,
} as const;

/** Fair use: at most this many image variants per account per minute (scaled by the time scale). */
export const FAIR_USE_IMAGE_VARIANTS = 30;
export const FAIR_USE_WINDOW_MS = 60_000;

export interface CreateContext {
  accounts: Accounts;
  uploads: UploadStore;
  renders: RenderStore;
  fairUse: AccountLimiter;
  timeScale: number;
  now: number;
}

export interface CreateResponse {
  id: string;
  ids: string[];
  batchId: string | null;
  kind: "image" | "video";
  status: "pending";
  renderModel: string;
  creditsCharged: number;
}

const invalid = (message: string) => new SimError("invalid_request", message);

/** Reference URLs must be this account's uploads of the list's kind, even those dropped past the cap. */
function checkReferences(
  ctx: CreateContext,
  caller: Caller,
  field: string,
  urls: readonly string[] | undefined,
  kind: UploadKind,
) {
  for (const url of urls ?? []) {
    const upload = ctx.uploads.findByUrl(url);
    if (!upload || upload.accountId !== caller.account.id) {
      throw invalid(`${field} contains a URL that was not returned by the upload endpoint`);
    }
    if (upload.kind !== kind) {
      throw invalid(`${field} contains a URL of a ${upload.kind} upload; it takes ${kind} uploads`);
    }
  }
}

function newRender(
  ctx: CreateContext,
  caller: Caller,
  fields: Pick<
    StoredRender,
    "kind" | "batchId" | "renderModel" | "prompt" | "aspectRatio" | "creditsCharged" | "referenceImageUrls"
  >,
  typicalSeconds: number,
  clipsTotal: number,
): StoredRender {
  const id = newId("rnd");
  const plan = planLife({
    id,
    createdAt: ctx.now,
    typicalSeconds,
    timeScale: ctx.timeScale,
    clipsTotal,
    prompt: fields.prompt,
    creditsCharged: fields.creditsCharged,
  });
  return { id, accountId: caller.account.id, ...fields, plan };
}

function createImages(ctx: CreateContext, caller: Caller, req: ImageRenderRequest): CreateResponse {
  checkReferences(ctx, caller, "referenceImageUrls", req.referenceImageUrls, "image");
  const modelId = req.imageModel ?? DEFAULT_IMAGE_MODEL;
  const model = imageModel(modelId);
  const count = req.imageCount ?? DEFAULTS.imageCount;
  const taken = ctx.fairUse.tryTake(caller.account.id, ctx.now, count);
  if (!taken.ok) {
    throw new SimError(
      "fair_use_limited",
      `Fair-use limit reached: at most ${FAIR_USE_IMAGE_VARIANTS} image variants per minute per account`,
      { retryAfterSeconds: retryAfterSeconds(taken.retryAfterMs) },
    );
  }
  const batchId = count > 1 ? newId("batch") : null;
  const renderModel = `${modelId} ${req.imageResolution ?? DEFAULTS.imageResolution}`;
  const renders = Array.from({ length: count }, () =>
    newRender(
      ctx,
      caller,
      {
        kind: "image",
        batchId,
        renderModel,
        prompt: req.prompt,
        aspectRatio: req.imageAspectRatio ?? DEFAULT_IMAGE_ASPECT_RATIO,
        creditsCharged: IMAGE_COST,
        referenceImageUrls: effectiveReferenceImages(req),
      },
      model.typicalSeconds,
      1,
    ),
  );
  for (const render of renders) ctx.renders.add(render);
  const ids = renders.map((r) => r.id);
  return {
    id: ids[0] as string,
    ids,
    batchId,
    kind: "image",
    status: "pending",
    renderModel,
    creditsCharged: IMAGE_COST * count,
  };
}

function createVideo(ctx: CreateContext, caller: Caller, req: VideoRenderRequest): CreateResponse {
  for (const kind of UPLOAD_KINDS) {
    const field = REFERENCE_URL_FIELDS[kind];
    checkReferences(ctx, caller, field, req[field], kind);
  }
  const modelId = req.model ?? DEFAULT_VIDEO_MODEL;
  const model = videoModel(modelId);
  const resolution = req.resolution ?? DEFAULTS.resolution;
  const seconds = effectiveDuration(model.duration, req.durationSeconds ?? model.duration.min);
  const cost = videoCost(modelId, resolution, seconds, req.generateAudio ?? DEFAULTS.generateAudio);
  if (!ctx.accounts.tryDebit(caller.account, cost)) {
    throw new SimError(
      "insufficient_credits",
      `This render costs ${cost} credits but the balance is ${caller.account.balance}`,
    );
  }
  const renderModel = `${modelId} ${resolution}`;
  const render = newRender(
    ctx,
    caller,
    {
      kind: "video",
      batchId: null,
      renderModel,
      prompt: req.prompt,
      aspectRatio: req.aspectRatio ?? DEFAULTS.aspectRatio,
      creditsCharged: cost,
      referenceImageUrls: effectiveReferenceImages(req),
    },
    typicalCompletionSeconds({ kind: "video", model: modelId, durationSeconds: seconds }),
    clipCount(model.duration, seconds),
  );
  ctx.renders.add(render);
  return {
    id: render.id,
    ids: [render.id],
    batchId: null,
    kind: "video",
    status: "pending",
    renderModel,
    creditsCharged: cost,
  };
}

/** Parses and accepts a create request, or throws the 4xx the service would answer. */
export function createRenders(ctx: CreateContext, caller: Caller, body: unknown): CreateResponse {
  const parsed = renderRequestSchema.safeParse(body);
  if (!parsed.success) throw invalid(firstIssue(parsed.error).message);
  const req: RenderRequest = parsed.data;
  return req.kind === "image" ? createImages(ctx, caller, req) : createVideo(ctx, caller, req);
}
