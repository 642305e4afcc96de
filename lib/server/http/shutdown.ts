import "server-only";
/**
 * A graceful stop, on SIGTERM or SIGINT, alongside Next's own (which stops taking connections, lets
 * open requests finish, then exits): every live event stream is ended first, since a stream never
 * finishes on its own and browsers reconnect to whatever serves next; the process resigns the
 * deployment's lead (its duties stand down: a batch create under way finishes and the polls in
 * flight are recorded; then the lock is free and a standby leads within seconds) while it stays a
 * live member, so the creates it is still sending are not taken for a dead process's; once the last
 * API request is done it leaves the deployment and closes the database. All within SHUTDOWN_MS, the
 * time a container runtime gives before it kills.
 */
import { joinedClusterMember } from "@/lib/server/cluster/process-member";
import { closeDb } from "@/lib/server/db/database";
import { stopEventHub } from "@/lib/server/events/live-events";
import { requestsDrained } from "@/lib/server/runtime/requests-in-flight";

const SHUTDOWN_MS = 10_000;
/** Left for the database to close after the requests are waited for. */
const CLOSE_MS = 1_000;

export async function shutDown(log: (message: string) => void = console.info): Promise<void> {
  const started = Date.now();
  await stopEventHub();
  const member = await joinedClusterMember();
  await member?.resign();
  log(`[server] stopping: duties stopped and leadership released after ${Date.now() - started} ms`);
  await requestsDrained(Math.max(0, SHUTDOWN_MS - CLOSE_MS - (Date.now() - started)));
  // The member stays in place, stopped, so a late request cannot join (and lead) again.
  await member?.stop();
  // Next's own stop may end the process first, once its last connection closes: the sockets go with it.
  await closeDb();
  log(`[server] stopped: the database closed after ${Date.now() - started} ms`);
}
