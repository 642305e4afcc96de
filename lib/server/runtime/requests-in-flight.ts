import "server-only";
/**
 * The API requests this process is handling, so a shutdown closes the database only once the last
 * of them is done (the HTTP server stops taking new ones first).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { processSingleton } from "@/lib/server/runtime/process-singleton";

const counter = () => processSingleton("api-requests-in-flight", () => ({ count: 0 }));

/** Counts `handling` as in flight until it settles. */
export async function inFlight<T>(handling: () => Promise<T>): Promise<T> {
  counter().count++;
  try {
    return await handling();
  } finally {
    counter().count--;
  }
}

/** Resolves when no request is in flight, or after `timeoutMs` whatever remains. */
export async function requestsDrained(timeoutMs: number, checkEveryMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (counter().count > 0 && Date.now() < deadline) {
    await sleep(checkEveryMs);
  }
}
