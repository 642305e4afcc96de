/**
 * `/__sim/**`: endpoints for tests and demos that the real service does not have. No authentication,
 * and never subject to faults, so a test can always inspect and steer the simulator.
 */
import { SimError } from "./errors";
import { faultPatchSchema, mergeFaults } from "./faults";
import { readJson, sendJson } from "./http";
import type { RequestContext, Route } from "./routes";

function stats({ world, res }: RequestContext): void {
  sendJson(res, 200, world.stats.snapshot(world.renders, world.accounts, Date.now()));
}

function faults({ world, res }: RequestContext): void {
  sendJson(res, 200, world.faults);
}

async function updateFaults({ world, req, res }: RequestContext): Promise<void> {
  const parsed = faultPatchSchema.safeParse(await readJson(req, 64 * 1024));
  if (!parsed.success)
    throw new SimError("invalid_request", parsed.error.issues[0]?.message ?? "invalid faults");
  world.faults = mergeFaults(world.faults, parsed.data);
  sendJson(res, 200, world.faults);
}

async function reset({ world, res }: RequestContext): Promise<void> {
  await world.reset();
  sendJson(res, 200, { reset: true, faults: world.faults });
}

/** The service stops serving a render's output (404 from then on), as a CDN does once media expire. */
function expireMedia({ world, res, params }: RequestContext): void {
  const render = world.renders.find(params[0] ?? "");
  if (!render) throw new SimError("not_found", "No such render");
  world.expiredMedia.add(render.id);
  sendJson(res, 200, { expired: render.id });
}

/** The service loses an upload: its URL answers 404 and renders naming it are refused (422). */
async function dropUpload({ world, res, params }: RequestContext): Promise<void> {
  const id = params[0] ?? "";
  if (!(await world.uploads.remove(id))) throw new SimError("not_found", "No such upload");
  sendJson(res, 200, { dropped: id });
}

function health({ world, res }: RequestContext): void {
  sendJson(res, 200, { ok: true, timeScale: world.config.timeScale });
}

export const adminRoutes: readonly Route[] = [
  { methods: ["GET"], path: /^\/__sim\/health$/, handle: health },
  { methods: ["GET"], path: /^\/__sim\/stats$/, handle: stats },
  { methods: ["GET"], path: /^\/__sim\/faults$/, handle: faults },
  { methods: ["PUT"], path: /^\/__sim\/faults$/, handle: updateFaults },
  { methods: ["POST"], path: /^\/__sim\/reset$/, handle: reset },
  { methods: ["DELETE"], path: /^\/__sim\/media\/(rnd_[a-z0-9]+)$/, handle: expireMedia },
  { methods: ["DELETE"], path: /^\/__sim\/uploads\/(up_[a-z0-9]+)$/, handle: dropUpload },
];
