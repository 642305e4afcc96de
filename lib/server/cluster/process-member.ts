import "server-only";
/**
 * The process's member of the deployment (a process singleton): PostgreSQL's elect a leader among
 * themselves, SQLite's one process leads alone. See ./member.ts.
 */
import { randomInt } from "node:crypto";
import { getDb } from "@/lib/server/db/database";
import { dialectOfUrl } from "@/lib/server/db/dialect";
import { settings } from "@/lib/server/runtime/config";
import {
  existingProcessSingleton,
  startedSingleton,
  stopStartedSingleton,
} from "@/lib/server/runtime/process-singleton";
import { SoleMember, type ClusterMember, type LeaderDuty } from "./member";
import { PostgresMember } from "./postgres-member";

export { NotLeaderError, type ClusterMember, type LeaderDuty } from "./member";

const MEMBER = "cluster-member";

export function getClusterMember(): Promise<ClusterMember> {
  return startedSingleton(MEMBER, async () => {
    const url = settings().DATABASE_URL;
    const db = await getDb(url);
    if (dialectOfUrl(url) === "postgres") return PostgresMember.join(url, db);
    return new SoleMember(String(randomInt(1, 2 ** 31 - 1)), db);
  });
}

/**
 * Stands this process's duties down and leaves the deployment, releasing leadership; the next
 * `getClusterMember` joins again, as a new process would (tests' restarts).
 */
export function leaveCluster(): Promise<void> {
  return stopStartedSingleton<ClusterMember>(MEMBER, (member) => member.stop());
}

/**
 * The process's member if it joined, kept as it is: a process shutting down resigns and then
 * stops its member in place, so a late request cannot make it join (and lead) again.
 */
export async function joinedClusterMember(): Promise<ClusterMember | null> {
  const joining = existingProcessSingleton<Promise<ClusterMember>>(MEMBER);
  return joining ? joining.catch(() => null) : null;
}

interface HeldDuty<T> {
  duty: T;
  remove: () => Promise<void>;
}

/**
 * A process singleton that is one of the leader's duties (the poll scheduler, the run runner):
 * created once, added to the member's duties (so led now if this process leads), and returned.
 */
export async function startDuty<T extends LeaderDuty>(name: string, create: () => Promise<T>): Promise<T> {
  const held = await startedSingleton<HeldDuty<T>>(name, async () => {
    const member = await getClusterMember();
    const duty = await create();
    return { duty, remove: await member.addDuty(duty) };
  });
  return held.duty;
}

/** Removes a duty started with `startDuty`, stood down if it was led; the next `startDuty` makes a fresh one. */
export function stopDuty(name: string): Promise<void> {
  return stopStartedSingleton<HeldDuty<LeaderDuty>>(name, ({ remove }) => remove());
}
