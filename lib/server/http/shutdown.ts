import "server-only";
/**
 * A graceful stop, on SIGTERM or SIGINT, alongside Next's own (which stops taking connections, lets
 * open requests finish, then exits): every live event stream is ended first, since a stream never
 * finishes on its own and browsers reconnect to whatever serves next; the leader's duties stop (the
 * polls and the batch-run create under way finish and are recorded) and the process leaves the
 * deployment, so a standby takes the lead at once; the database closes once the last API request
 * is done. All within SHUTDOWN_MS, the time a container runtime gives before it kills.
 */
import { leaveCluster } from "@/lib/server/cluster";
import { closeDb } from "@/lib/server/db";
import { stopEventHub } from "@/lib/server/events";
import { stopWebhookSender } from "@/lib/server/notices";
import { requestsDrained } from "@/lib/server/runtime/requests-in-flight";
import { stopRunRunner } from "@/lib/server/runs";
import { stopScheduler } from "@/lib/server/scheduler";

const SHUTDOWN_MS = 10_000;
/** Left for the database to close after the requests are waited for. */
const CLOSE_MS = 1_000;

export async function shutDown(log: (message: string) => void = console.info): Promise<void> {
  const started = Date.now();
  await stopEventHub();
  await Promise.all([stopRunRunner(), stopScheduler(), stopWebhookSender()]);
  await leaveCluster();
  log(`[server] stopping: duties stopped and leadership released after ${Date.now() - started} ms`);
  await requestsDrained(Math.max(0, SHUTDOWN_MS - CLOSE_MS - (Date.now() - started)));
  // Next's own stop may end the process first, once its last connection closes: the sockets go with it.
  await closeDb();
  log(`[server] stopped: the database closed after ${Date.now() - started} ms`);
}
