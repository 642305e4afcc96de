import "server-only";
/**
 * The wake-up call of the change log: after a write that logged changes commits, whoever follows
 * the log (the live event hub) is told to read it. Only a nudge: what changed is read from the log
 * itself, so a missed or merged signal loses nothing. In-process; a deployment that writes from
 * several processes needs a cross-process nudge as well (or reads the log on a timer).
 */
import { EventEmitter } from "node:events";
import { processSingleton } from "@/lib/server/runtime/process-singleton";

const signal = () => processSingleton("ledger-change-signal", () => new EventEmitter());

export function signalChange(): void {
  signal().emit("change");
}

/** Calls `listener` after every committed change; returns the function that stops it. */
export function onChange(listener: () => void): () => void {
  signal().on("change", listener);
  return () => signal().off("change", listener);
}
