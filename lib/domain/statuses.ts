/**
 * Every render status the dashboard knows, in one place.
 *
 * The service's own (spec §3) are `pending`, `running`, `ready` and `failed`; it may send others,
 * which mean "not finished". The ledger adds six of its own:
 * - `awaiting_approval`: held for an admin's approval; nothing sent, nothing charged.
 * - `declined`: an admin declined it; never sent.
 * - `submitting`: the create call is under way; no upstream id yet.
 * - `unknown`: the create call's outcome is unknown (timeout, crash); it may or may not exist upstream.
 * - `rejected`: the service refused the create (no render exists, nothing charged).
 * - `lost`: the service no longer knows the id (404 twice).
 */
const SERVICE_STATUSES = ["pending", "running", "ready", "failed"] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

const LEDGER_ONLY_STATUSES = [
  "awaiting_approval",
  "declined",
  "submitting",
  "unknown",
  "rejected",
  "lost",
] as const;

/** Every status a gallery filter offers. */
export const ALL_STATUSES: readonly string[] = [...SERVICE_STATUSES, ...LEDGER_ONLY_STATUSES];

/** The service's statuses after which a render never changes again. */
const SERVICE_FINAL: readonly string[] = ["ready", "failed"];

/** Statuses after which a ledger row never changes again. */
const LEDGER_FINAL: readonly string[] = [...SERVICE_FINAL, "rejected", "lost", "declined"];

export function isTerminalServiceStatus(status: string): boolean {
  return SERVICE_FINAL.includes(status);
}

export function isFinalLedgerStatus(status: string): boolean {
  return LEDGER_FINAL.includes(status);
}

/** Renders per page of the gallery and of `GET /api/renders` when no limit is given. */
export const RENDER_PAGE_SIZE = 30;
/** Uploads per page of the reference library and of `GET /api/uploads` when no limit is given. */
export const UPLOAD_PAGE_SIZE = 24;
/** Most items one page may hold, whatever the caller asks. */
export const MAX_PAGE_SIZE = 100;

/** Final with nothing to look at (failed, rejected, lost, declined): shown without a media box. */
export function endedWithoutOutput(status: string): boolean {
  return isFinalLedgerStatus(status) && status !== "ready";
}
