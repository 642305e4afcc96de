import "server-only";
/**
 * The audit log as admins read it: a page of entries by member, kind and date, the same entries as
 * CSV, and the retention sweep the deployment's leader runs. Entries are appended by the services
 * that do what they record (`recordAudit`, lib/server/ledger/audit.ts).
 */
import type { AuditFilter, AuditListQuery, AuditPage } from "@/lib/contract";
import { auditCsvHeader, auditCsvRows } from "@/lib/domain/audit";
import { attachmentDisposition } from "@/lib/domain/download-names";
import { startDuty, stopDuty, type LeaderDuty } from "@/lib/server/cluster/process-member";
import { getDb } from "@/lib/server/db/database";
import { listAudit, sweepAudit } from "@/lib/server/ledger/audit";
import { settings } from "@/lib/server/runtime/config";

export async function auditLog({ cursor, limit, ...filter }: AuditListQuery): Promise<AuditPage> {
  return listAudit(await getDb(), filter, { cursor, limit });
}

/** Entries read from the ledger per step of an export: its memory stays flat however many match. */
const EXPORT_PAGE = 500;

/**
 * Every entry the filter matches as CSV, newest first, streamed: each page is read from the ledger
 * only when the client has taken the one before. Paging by position, newest first, the export holds
 * exactly the entries written before it started, whatever is appended meanwhile.
 */
export async function auditCsv(filter: AuditFilter, now = new Date()): Promise<Response> {
  const db = await getDb();
  const encoder = new TextEncoder();
  let cursor: string | undefined;
  let started = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(auditCsvHeader()));
          return;
        }
        const page = await listAudit(db, filter, { cursor, limit: EXPORT_PAGE });
        if (page.items.length > 0) controller.enqueue(encoder.encode(auditCsvRows(page.items)));
        if (page.nextCursor === null) controller.close();
        else cursor = page.nextCursor;
      },
    },
    { highWaterMark: 0 },
  );
  const name = `audit-log-${now.toISOString().slice(0, 10)}.csv`;
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": attachmentDisposition({ name, ascii: name }),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Deletes the entries older than `AUDIT_RETENTION_DAYS`; answers how many went. */
export async function sweepAuditLog(now = new Date()): Promise<number> {
  const days = settings().AUDIT_RETENTION_DAYS;
  return sweepAudit(await getDb(), new Date(now.getTime() - days * 24 * 3600 * 1000));
}

/** How often the leader sweeps: retention is counted in days, so an hour late is nothing. */
const SWEEP_EVERY_MS = 3600 * 1000;

/** The sweep as a duty of the deployment's leader: once on election, then every hour. */
class AuditSweeper implements LeaderDuty {
  private timer: NodeJS.Timeout | null = null;

  async lead(): Promise<void> {
    await this.sweep();
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async standDown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async sweep(): Promise<void> {
    try {
      await sweepAuditLog();
    } catch (error) {
      // The next hour tries again; a failed sweep only keeps entries a little longer.
      console.error(
        `[audit] retention sweep failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

const SWEEPER = "audit-sweeper";

/** Starts the process's sweeper (instrumentation), swept while this process leads. */
export async function startAuditSweeper(): Promise<void> {
  await startDuty(SWEEPER, async () => new AuditSweeper());
}

/** Stops it (tests); the next start makes a fresh one. */
export function stopAuditSweeper(): Promise<void> {
  return stopDuty(SWEEPER);
}
