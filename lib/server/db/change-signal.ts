import "server-only";
/**
 * The wake-up call of the change log: after a write that logged changes commits, whoever follows
 * the log (the live event hub, the poll scheduler, the run runner) is told to read it. Only a nudge:
 * what changed is read from the log itself, so a missed or merged signal loses nothing.
 *
 * Within a process the nudge is an event. Between the processes of a PostgreSQL deployment it is a
 * `NOTIFY` on CHANGE_CHANNEL sent in the write's own transaction (so it arrives after the commit, or
 * never for a write rolled back), carrying the sending process's origin; each process listens on
 * its cluster connection (lib/server/cluster) and passes on the nudges of the others.
 */
import { randomUUID } from "node:crypto";
import { EventEmitter } from "node:events";
import { processSingleton } from "@/lib/server/runtime/process-singleton";

/** The PostgreSQL channel of the cross-process nudge. */
export const CHANGE_CHANNEL = "ledger_changes";

const signal = () => processSingleton("ledger-change-signal", () => new EventEmitter());

/** This process's mark on the nudges it sends, so it does not wake itself twice. */
export const changeOrigin = (): string => processSingleton("ledger-change-origin", () => randomUUID());

export function signalChange(): void {
  signal().emit("change");
}

/** A nudge from the channel: passed on unless this process sent it (it was woken when it wrote). */
export function signalChangeFrom(origin: string): void {
  if (origin !== changeOrigin()) signalChange();
}

/** Calls `listener` after every committed change; returns the function that stops it. */
export function onChange(listener: () => void): () => void {
  signal().on("change", listener);
  return () => signal().off("change", listener);
}
