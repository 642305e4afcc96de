/**
 * The service's own endpoints, `/api/v1/**` (spec §4). Each one authenticates first (spec §5) and
 * answers with the spec's records, plus unknown fields when that fault is on.
 */
import { accountRecord, type Caller } from "./accounts";
import { SimError } from "./errors";
import { withExtraFields, type ExtraFieldsOf } from "./faults";
import { readJson, sendJson } from "./http";
import { retryAfterSeconds } from "./limits";
import { createRenders } from "./render-create";
import { renderRecord } from "./renders";
import type { RequestContext, Route } from "./routes";
import { receiveUpload, uploadRecord } from "./uploads";
import { POLLS_PER_MINUTE } from "./world";

/** A render request is a few kilobytes at most (8,000-character prompt, a few URL lists). */
const MAX_JSON_BYTES = 1024 * 1024;

function authenticated(handle: (ctx: RequestContext, caller: Caller) => Promise<void> | void) {
  return (ctx: RequestContext) => handle(ctx, ctx.world.accounts.authenticate(ctx.req.headers.authorization));
}

/** Sends the record; with the `extraFields` fault on, with fields the spec does not list. */
function reply(ctx: RequestContext, status: number, record: object, of: Omit<ExtraFieldsOf, "apiUrl">): void {
  const apiUrl = `${ctx.world.config.publicBaseUrl}${API_PREFIX}`;
  sendJson(
    ctx.res,
    status,
    ctx.world.faults.extraFields ? withExtraFields(record, { ...of, apiUrl }) : record,
  );
}

async function upload(ctx: RequestContext, caller: Caller): Promise<void> {
  const { world } = ctx;
  const stored = await receiveUpload(ctx.req, {
    store: world.uploads,
    caller,
    maxBytes: world.config.uploadMaxBytes,
    publicBaseUrl: world.config.publicBaseUrl,
  });
  world.stats.recordUpload();
  reply(ctx, 201, uploadRecord(stored), { object: "upload", id: stored.id });
}

async function createRender(ctx: RequestContext, caller: Caller): Promise<void> {
  const { world } = ctx;
  let accepted = false;
  try {
    const body = await readJson(ctx.req, MAX_JSON_BYTES);
    const now = Date.now();
    world.renders.settle(now, world.accounts);
    const created = createRenders(
      {
        accounts: world.accounts,
        uploads: world.uploads,
        renders: world.renders,
        fairUse: world.fairUse,
        timeScale: world.config.timeScale,
        now,
      },
      caller,
      body,
    );
    accepted = true;
    reply(ctx, 202, created, {
      object: "render_create",
      id: created.id,
      balanceAfter: caller.account.balance,
    });
  } finally {
    world.stats.recordCreate(accepted);
  }
}

function pollRender(ctx: RequestContext, caller: Caller): void {
  const { world } = ctx;
  const id = ctx.params[0] ?? "";
  const now = Date.now();
  const taken = world.polls.tryTake(caller.account.id, now);
  world.stats.recordPoll(caller.account.id, id, taken.ok, now);
  if (!taken.ok) {
    throw new SimError(
      "rate_limited",
      `Polling limit reached: ${POLLS_PER_MINUTE} render polls per minute per account`,
      {
        retryAfterSeconds: retryAfterSeconds(taken.retryAfterMs),
      },
    );
  }
  world.renders.settle(now, world.accounts);
  const render = world.renders.findForAccount(caller.account.id, id);
  if (!render) throw new SimError("not_found", `No render with id '${id}' on this account`);
  const record = renderRecord(render, now, {
    publicBaseUrl: world.config.publicBaseUrl,
    undocumentedStatus: world.faults.undocumentedStatus,
  });
  reply(ctx, 200, record, { object: "render", id: render.id });
}

function account(ctx: RequestContext, caller: Caller): void {
  ctx.world.stats.recordAccountRead();
  ctx.world.renders.settle(Date.now(), ctx.world.accounts);
  reply(ctx, 200, accountRecord(caller), { object: "account", id: caller.key.name });
}

export const API_PREFIX = "/api/v1";

export const apiRoutes: readonly Route[] = [
  { methods: ["POST"], path: /^\/api\/v1\/uploads$/, handle: authenticated(upload) },
  { methods: ["POST"], path: /^\/api\/v1\/renders$/, handle: authenticated(createRender) },
  { methods: ["GET"], path: /^\/api\/v1\/renders\/([^/]+)$/, handle: authenticated(pollRender) },
  { methods: ["GET"], path: /^\/api\/v1\/account$/, handle: authenticated(account) },
];
