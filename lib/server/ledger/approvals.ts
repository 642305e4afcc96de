import "server-only";
/**
 * Renders held for an admin's approval (docs/architecture.md, "Approval before spending"). The
 * request row's state is the one truth: `awaiting_approval` until a decision moves it, in one
 * conditional UPDATE, to `submitting` (approved: the caller then sends it) or `declined`, so of two
 * decisions at once exactly one finds the row still waiting.
 */
import type { Approval, ErrorBody, MadeBy } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import type { ApprovalRow, RenderRequestRow } from "@/lib/server/db/schema";
import { excerpt } from "@/lib/domain/review";
import { withChanges } from "./changes";
import { insertInboxItems, teamReaders } from "./inbox";
import { insertRequest, type BeginRequestInput } from "./renders";
import { touchedAt } from "./updated-at";

export interface HeldEstimate {
  credits: number | null;
  basis: string | null;
}

/**
 * Writes the request as waiting: its row, its placeholder render (status `awaiting_approval`,
 * saying `message`), its approval and the admins' inbox items, in one transaction. Nothing is sent.
 */
export async function holdForApproval(
  db: Db,
  input: BeginRequestInput,
  estimate: HeldEstimate,
  message: string,
): Promise<RenderRequestRow> {
  return withChanges(db, async (tx, note) => {
    const row = await insertRequest(tx, note, input, { message });
    await tx
      .insertInto("approvals")
      .values({
        request_id: row.id,
        estimate_credits: estimate.credits,
        estimate_basis: estimate.basis,
        decision: null,
        note: null,
        decided_by_id: null,
        decided_by_name: null,
        decided_at: null,
        created_at: row.created_at,
      })
      .execute();
    // Every admin hears of it (and the team, with sign-in off): it waits on them.
    const readers = await teamReaders(tx);
    await insertInboxItems(
      tx,
      readers.map((owner) => ({
        owner,
        sourceKey: `approval:${row.id}`,
        kind: "approval_waiting" as const,
        renderId: row.id,
        commentId: null,
        actor: row.member_name,
        text: excerpt(row.prompt),
      })),
      note,
    );
    return row;
  });
}

const approvals = (db: Db) =>
  db
    .selectFrom("approvals")
    .innerJoin("render_requests", "render_requests.id", "approvals.request_id")
    .selectAll("approvals")
    .select([
      "render_requests.kind",
      "render_requests.model",
      "render_requests.prompt",
      "render_requests.params",
      "render_requests.member_id",
      "render_requests.member_name",
      "render_requests.created_at as requested_at",
      "render_requests.seq",
    ]);

type JoinedRow = ApprovalRow &
  Pick<RenderRequestRow, "kind" | "model" | "prompt" | "params" | "member_id" | "member_name"> & {
    requested_at: string;
  };

function toApproval(row: JoinedRow): Approval {
  return {
    id: row.request_id,
    member: row.member_id ? { id: row.member_id, name: row.member_name ?? "" } : null,
    kind: row.kind === "video" ? "video" : "image",
    model: row.model,
    prompt: row.prompt,
    params: JSON.parse(row.params) as Record<string, unknown>,
    estimateCredits: row.estimate_credits,
    estimateBasis: row.estimate_basis,
    requestedAt: row.requested_at,
    decision: row.decision === "approved" || row.decision === "declined" ? row.decision : null,
    note: row.note,
    decidedBy: row.decided_by_id ? { id: row.decided_by_id, name: row.decided_by_name ?? "" } : null,
    decidedAt: row.decided_at,
  };
}

/** Every render still waiting, oldest first. */
export async function listWaiting(db: Db): Promise<Approval[]> {
  const rows = await approvals(db)
    .where("render_requests.state", "=", "awaiting_approval")
    .orderBy("render_requests.seq")
    .execute();
  return rows.map(toApproval);
}

/** How many renders wait. */
export async function countWaiting(db: Db): Promise<number> {
  const row = await db
    .selectFrom("render_requests")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("state", "=", "awaiting_approval")
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function findApproval(db: Db, requestId: string): Promise<Approval | undefined> {
  const row = await approvals(db).where("approvals.request_id", "=", requestId).executeTakeFirst();
  return row && toApproval(row);
}

export interface Decision {
  decision: "approved" | "declined";
  by: MadeBy;
  note: string | null;
  /** A decline: the error a replay of the member's Idempotency-Key answers, and the card's words. */
  declined?: ErrorBody;
  /** An approval: the process that sends it (lib/server/cluster). */
  owner?: string;
}

/**
 * Moves a waiting request on, if it still waits: approved → `submitting` (the placeholder too; the
 * caller sends it), declined → `declined` (never sent; the placeholder keeps the decision's words).
 * Undefined when another decision got there first: nothing is changed then.
 */
export async function decide(
  db: Db,
  requestId: string,
  decision: Decision,
): Promise<RenderRequestRow | undefined> {
  const now = new Date().toISOString();
  const approved = decision.decision === "approved";
  return withChanges(db, async (tx, note) => {
    const row = await tx
      .updateTable("render_requests")
      .set({
        state: approved ? "submitting" : "declined",
        error: decision.declined ? JSON.stringify(decision.declined) : null,
        updated_at: now,
        // Sent now: the scheduler times the render, and the card its clock, from when it was sent.
        ...(approved && { created_at: now, owner: decision.owner ?? null }),
      })
      .where("id", "=", requestId)
      .where("state", "=", "awaiting_approval")
      .returningAll()
      .executeTakeFirst();
    if (!row) return undefined;
    await tx
      .updateTable("approvals")
      .set({
        decision: decision.decision,
        note: decision.note,
        decided_by_id: decision.by?.id ?? null,
        decided_by_name: decision.by?.name ?? null,
        decided_at: now,
      })
      .where("request_id", "=", requestId)
      .execute();
    await tx
      .updateTable("renders")
      .set({
        status: approved ? "submitting" : "declined",
        error_message: decision.declined?.error.message ?? null,
        completed_at: approved ? null : now,
        updated_at: touchedAt(now),
        ...(approved && { created_at: now }),
      })
      .where("id", "=", requestId)
      .execute();
    note("render", requestId);
    return row;
  });
}
