import "server-only";
/**
 * Creating a render: the one operation that spends credits, so it is written to the ledger before the
 * call, never retried once it may have reached the service, and deduplicated by Idempotency-Key. A
 * member's render the team's approval rule holds is written as waiting instead, and sent later by
 * the same `send` once an admin approves it (approvals.ts).
 */
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import {
  madeBy,
  AppError,
  errorBodySchema,
  type AwaitingApprovalResult,
  type CostEstimate,
  type CreateRenderAnswer,
  type CreateRenderResult,
  type Member,
  type RenderRequest,
} from "@/lib/contract";
import { approvalReason } from "@/lib/domain/approvals";
import { formatCredits } from "@/lib/domain/format";
import { referenceListsOf, referenceUrlsOf } from "@/lib/domain/render-request";
import { isRenderServiceError, mayHaveTakenEffect, type CreateRenderResponse } from "@/lib/render-api";
import { getAccount, invalidateAccount } from "@/lib/server/account/cached-account";
import { getClusterMember } from "@/lib/server/cluster/process-member";
import { getDb, type Db } from "@/lib/server/db/database";
import type { RenderRequestRow } from "@/lib/server/db/schema";
import { findApproval, holdForApproval } from "@/lib/server/ledger/approvals";
import { recordParents, type Parent } from "@/lib/server/ledger/render-family";
import { newLedgerId } from "@/lib/server/ledger/ids";
import {
  beginRequest,
  failRequest,
  findRequestByIdempotencyKey,
  rendersOfRequest,
  toLedgerRender,
} from "@/lib/server/ledger/renders";
import { getTeamSettings } from "@/lib/server/ledger/team-settings";
import { knownUploadUrls } from "@/lib/server/ledger/uploads";
import { processSingleton } from "@/lib/server/runtime/process-singleton";
import { renderService } from "@/lib/server/runtime/render-service";
import { toAppError } from "@/lib/server/runtime/upstream-errors";
import { getScheduler } from "@/lib/server/scheduler/process-scheduler";
import { afterCharge } from "@/lib/server/notices/spend-notices";
import { assertWithinLimits } from "@/lib/server/team/caps";
import { assertMayMake } from "@/lib/server/team/limits";
import { estimateCost } from "@/lib/server/rates/pricing";
import { resolveRenderIds } from "@/lib/server/references/resolve";

/** Creates in progress in this process, by idempotency key, so a double submit waits for the first. */
interface CreateInFlight {
  bodyHash: string;
  creation: Promise<CreateRenderAnswer>;
}
const inFlight = processSingleton("creates-in-flight", () => new Map<string, CreateInFlight>());

/** Where a create comes from: a caller (the form, a script), or a batch run's row, which its run paces. */
export interface CreateOptions {
  fromRun?: boolean;
}

/**
 * Starts a render from a request the route has validated, or holds it for an admin's approval (a
 * member's, estimated above the team's threshold); see the module comment for the rules.
 */
export async function createRender(
  request: RenderRequest,
  idempotencyKey: string | null,
  member: Member | null,
  options: CreateOptions = {},
): Promise<CreateRenderAnswer> {
  const bodyHash = createHash("sha256").update(JSON.stringify(request)).digest("hex");
  if (idempotencyKey === null) return create(request, bodyHash, null, member, options);

  // Registered before any await, so a second submit with this key always finds the first.
  const running = inFlight.get(idempotencyKey);
  if (running) {
    if (running.bodyHash !== bodyHash) throw idempotencyConflict();
    return running.creation;
  }
  const creation = create(request, bodyHash, idempotencyKey, member, options).finally(() =>
    inFlight.delete(idempotencyKey),
  );
  inFlight.set(idempotencyKey, { bodyHash, creation });
  return creation;
}

async function create(
  input: RenderRequest,
  bodyHash: string,
  idempotencyKey: string | null,
  member: Member | null,
  { fromRun = false }: CreateOptions,
) {
  const db = await getDb();
  if (idempotencyKey !== null) {
    const existing = await findRequestByIdempotencyKey(db, idempotencyKey);
    if (existing) return replay(db, existing, bodyHash);
  }
  // A replay makes nothing, so only a new create counts against the renders' rate.
  if (!fromRun) await assertMayMake("renders", member);
  // Renders named by id become upload URLs and parents before anything is estimated or sent.
  const { request, parents } = await resolveRenderIds(db, input, member);
  const estimate = await estimateCost(request);
  await assertMaySend(db, request, member, estimate);
  if (member) {
    const reason = approvalReason(await getTeamSettings(db), member.role, estimate.credits);
    if (reason) {
      await assertMayMake("approvals", member);
      return hold(db, { request, bodyHash, idempotencyKey, member, parents }, estimate);
    }
  }
  return submit(db, request, bodyHash, idempotencyKey, member, estimate, parents);
}

/**
 * What every create passes before it is sent, a direct one and one approved later: its references
 * are this dashboard's uploads, and its estimate fits the member's cap and the team's budget.
 */
export async function assertMaySend(
  db: Db,
  request: RenderRequest,
  member: Member | null,
  estimate: CostEstimate,
): Promise<void> {
  await assertKnownReferences(db, request);
  await assertWithinLimits(db, member, estimate.credits);
}

interface Held {
  request: RenderRequest;
  bodyHash: string;
  idempotencyKey: string | null;
  member: Member;
  parents: Parent[];
}

/** Writes the request as waiting for an admin's approval: nothing is sent, nothing charged. */
async function hold(db: Db, held: Held, estimate: CostEstimate): Promise<CreateRenderAnswer> {
  const { request, member } = held;
  const scheduler = await getScheduler();
  const cost = estimate.credits === null ? "Cost unknown" : `Estimated ${formatCredits(estimate.credits)}`;
  let requestRow: RenderRequestRow;
  try {
    requestRow = await holdForApproval(
      db,
      {
        id: newLedgerId("req"),
        idempotencyKey: held.idempotencyKey,
        bodyHash: held.bodyHash,
        request,
        ...scheduler.expect(request),
        madeBy: { id: member.id, name: member.name },
        estimate,
        owner: null,
      },
      { credits: estimate.credits, basis: estimate.basis },
      `${cost}: waiting for an admin's approval. Nothing is charged until then.`,
    );
  } catch (error) {
    const winner = await findByKey(db, held.idempotencyKey);
    if (winner) return replay(db, winner, held.bodyHash);
    throw error;
  }
  await recordParents(db, requestRow.id, held.parents);
  return awaiting(db, requestRow.id, estimate.credits);
}

async function awaiting(
  db: Db,
  requestId: string,
  estimateCredits: number | null,
): Promise<AwaitingApprovalResult> {
  const renders = await rendersOfRequest(db, requestId);
  return {
    requestId,
    state: "awaiting_approval" as const,
    estimateCredits,
    renders: renders.map(toLedgerRender),
  };
}

const findByKey = (db: Db, key: string | null) =>
  key === null ? Promise.resolve(undefined) : findRequestByIdempotencyKey(db, key);

const idempotencyConflict = () =>
  new AppError(
    "idempotency_conflict",
    "This Idempotency-Key was already used for a different render request.",
  );

/** The service accepts only its own upload URLs; the ledger knows which ones this dashboard got. */
async function assertKnownReferences(db: Db, request: RenderRequest): Promise<void> {
  const known = await knownUploadUrls(db, referenceUrlsOf(request));
  for (const [field, urls] of referenceListsOf(request)) {
    const unknown = urls.find((url) => !known.has(url));
    if (unknown !== undefined) {
      throw new AppError(
        "invalid_request",
        `${field} contains a URL that was not uploaded through this dashboard.`,
        {
          field,
        },
      );
    }
  }
}

async function submit(
  db: Db,
  request: RenderRequest,
  bodyHash: string,
  idempotencyKey: string | null,
  member: Member | null,
  estimate: CostEstimate,
  parents: Parent[],
): Promise<CreateRenderAnswer> {
  const scheduler = await getScheduler();
  let requestRow: RenderRequestRow;
  try {
    requestRow = await beginRequest(db, {
      id: newLedgerId("req"),
      idempotencyKey,
      bodyHash,
      request,
      ...scheduler.expect(request),
      madeBy: madeBy(member),
      estimate,
      owner: (await getClusterMember()).id,
    });
  } catch (error) {
    // Another process won the race for this key (unique index): answer as it does.
    const winner = await findByKey(db, idempotencyKey);
    if (winner) return replay(db, winner, bodyHash);
    throw error;
  }
  // Before the call: a render's family is known whatever the service answers.
  await recordParents(db, requestRow.id, parents);
  return send(db, requestRow, request, member);
}

/**
 * Sends a create request the ledger holds as `submitting` (just written, or just approved): once,
 * never retried once it may have reached the service.
 */
export async function send(
  db: Db,
  requestRow: RenderRequestRow,
  request: RenderRequest,
  member: Member | null,
): Promise<CreateRenderResult> {
  const scheduler = await getScheduler();
  let response: CreateRenderResponse;
  try {
    response = await renderService().createRender(request);
  } catch (error) {
    throw await recordFailedCreate(db, requestRow.id, error);
  }
  const rows = await scheduler.track({
    requestId: requestRow.id,
    request,
    createdAt: requestRow.created_at,
    response,
  });
  invalidateAccount();
  // The balance is read again at once, so the low-balance alert does not wait for a page to ask.
  afterCharge(member);
  void getAccount().catch(() => undefined);
  return { ...response, requestId: requestRow.id, renders: rows.map(toLedgerRender) };
}

async function recordFailedCreate(db: Db, requestId: string, error: unknown): Promise<AppError> {
  const appError = toAppError(error);
  const outcomeUnknown = isRenderServiceError(error) && mayHaveTakenEffect(error);
  if (!outcomeUnknown) {
    await failRequest(db, requestId, "rejected", appError.toBody());
    return appError;
  }
  const what =
    appError.code === "upstream_timeout" ? "did not answer in time" : "failed before confirming the render";
  const unknown = new AppError(
    appError.code === "upstream_timeout" ? "upstream_timeout" : "upstream_error",
    `The Render Service ${what}. The render may or may not have been created: it is listed in the gallery as "outcome unknown". Check the balance before trying again.`,
    { cause: error },
  );
  await failRequest(db, requestId, "unknown", unknown.toBody());
  return unknown;
}

/**
 * How long a repeat waits for a create another process is still sending (this process's own wait
 * on the first call's promise): past the service's timeout, by when the sender has its answer or
 * crash recovery has marked it.
 */
const OTHER_PROCESS_CREATE_WAIT_MS = 45_000;
const OTHER_PROCESS_CREATE_POLL_MS = 200;

/**
 * Answers a repeated Idempotency-Key as the first request was answered, without a second create. A
 * first request still being sent (by another process: this one's are awaited in `createRender`) is
 * waited for.
 */
async function replay(db: Db, first: RenderRequestRow, bodyHash: string): Promise<CreateRenderAnswer> {
  if (first.body_hash !== bodyHash) throw idempotencyConflict();
  const existing = await settled(db, first);
  if (existing.state === "awaiting_approval") {
    const approval = await findApproval(db, existing.id);
    return awaiting(db, existing.id, approval?.estimateCredits ?? null);
  }
  if (existing.state === "created" && existing.response) {
    const response = JSON.parse(existing.response) as CreateRenderResponse;
    const renders = await rendersOfRequest(db, existing.id);
    return { ...response, requestId: existing.id, renders: renders.map(toLedgerRender) };
  }
  if (existing.state === "submitting") {
    throw new AppError(
      "idempotency_conflict",
      "A render with this Idempotency-Key is still being submitted. Try again in a minute.",
    );
  }
  const stored = errorBodySchema.safeParse(JSON.parse(existing.error ?? "null"));
  if (!stored.success)
    throw new AppError("upstream_error", "The earlier attempt with this Idempotency-Key failed.");
  const { code, message, field } = stored.data.error;
  throw new AppError(code, message, field === undefined ? {} : { field });
}

/** The request once it is no longer being sent, or as it stands after the wait. */
async function settled(db: Db, request: RenderRequestRow): Promise<RenderRequestRow> {
  const key = request.idempotency_key;
  if (key === null) return request;
  const deadline = Date.now() + OTHER_PROCESS_CREATE_WAIT_MS;
  let current = request;
  while (current.state === "submitting" && Date.now() < deadline) {
    await sleep(OTHER_PROCESS_CREATE_POLL_MS);
    current = (await findRequestByIdempotencyKey(db, key)) ?? current;
  }
  return current;
}
