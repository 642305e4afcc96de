/**
 * The election and relay between tabs, with Node's own BroadcastChannel (the browser's, between
 * objects of one process) and, since Node has no Web Locks, a lock manager that grants one lock in
 * request order as the browser's does. Each "tab" is a set of objects of its own; a real browser's
 * tabs are covered end to end (e2e/one-stream.spec.ts).
 */
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { LiveMessage } from "./live-messages";
import { resumePoint, sharedStreamName } from "./live-messages";
import { joinTabElection, type Leadership } from "./tab-election";
import { followInThisTab } from "./tab-updates";

/** Web Locks' exclusive mode: one holder per name, the rest waiting in order; abortable while waiting. */
function lockManager() {
  const held = new Set<string>();
  const waiting = new Map<string, (() => void)[]>();
  const grantNext = (name: string) => {
    const next = waiting.get(name)?.shift();
    if (next) next();
    else held.delete(name);
  };
  return {
    request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const run = () => {
          held.add(name);
          void callback().then(() => {
            grantNext(name);
            resolve();
          });
        };
        if (!held.has(name)) return run();
        const queue = waiting.get(name) ?? [];
        queue.push(run);
        waiting.set(name, queue);
        options.signal?.addEventListener("abort", () => {
          queue.splice(queue.indexOf(run), 1);
          reject(new DOMException("aborted", "AbortError"));
        });
      });
    },
  };
}

/** Waits for channel messages and lock grants, which arrive as tasks of their own. */
const eventually = (check: () => void) => vi.waitFor(check, { timeout: 5_000, interval: 5 });

interface Tab {
  heard: LiveMessage[];
  leading: boolean;
  /** Where the tab resumed the stream from when it came to lead. */
  resumedFrom: string | null | undefined;
  relay?: (message: LiveMessage) => void;
  state: LiveMessage | null;
  leave: () => void;
}

function openTab(name: string): Tab {
  const updates = followInThisTab(new QueryClient(), () => {});
  const tab: Tab = { heard: [], leading: false, resumedFrom: undefined, state: null, leave: () => {} };
  tab.leave = joinTabElection(name, {
    lead: (relay): Leadership => {
      tab.leading = true;
      tab.resumedFrom = updates.resumeFrom();
      tab.relay = (message) => {
        if (message.type === "live" || message.type === "paused") tab.state = message;
        relay(message);
        updates.apply(message);
      };
      return { state: () => tab.state, close: () => (tab.leading = false) };
    },
    follow: (message) => {
      tab.heard.push(message);
      updates.apply(message);
    },
  });
  return tab;
}

let name: string;
beforeEach(() => {
  vi.stubGlobal("navigator", { locks: lockManager() });
  name = sharedStreamName(`mem_${Math.random().toString(36).slice(2)}`);
});
afterEach(() => vi.unstubAllGlobals());

describe("one stream per browser", () => {
  test("one tab of eight leads, and every other tab hears what it relays", async () => {
    const tabs = Array.from({ length: 8 }, () => openTab(name));
    await eventually(() => expect(tabs.filter((tab) => tab.leading)).toHaveLength(1));
    const message: LiveMessage = {
      type: "events",
      events: [{ type: "board", id: "brd_a" }],
      lastEventId: "12",
    };
    tabs.find((tab) => tab.leading)?.relay?.(message);
    await eventually(() => {
      for (const tab of tabs) expect(tab.heard).toEqual(tab.leading ? [] : [message]);
    });
    expect(tabs.filter((tab) => tab.leading)).toHaveLength(1);
    for (const tab of tabs) tab.leave();
  });

  test("a tab that starts following is told the stream's state", async () => {
    const leader = openTab(name);
    await eventually(() => expect(leader.leading).toBe(true));
    const live: LiveMessage = { type: "live", at: new Date().toISOString(), lastEventId: "3" };
    leader.relay?.(live);
    const late = openTab(name);
    await eventually(() => expect(late.heard).toEqual([live]));
    expect(late.leading).toBe(false);
    for (const tab of [leader, late]) tab.leave();
  });

  test("when the leader goes, the next tab leads, resuming from the last event id it heard", async () => {
    const [first, second, third] = [openTab(name), openTab(name), openTab(name)];
    await eventually(() => expect(first.leading).toBe(true));
    first.relay?.({ type: "live", at: new Date().toISOString(), lastEventId: "5" });
    first.relay?.({ type: "events", events: [{ type: "board", id: "brd_a" }], lastEventId: "9" });
    first.relay?.({ type: "paused" });
    // A tab's question for the state is answered to every tab: what matters is that the batch came.
    await eventually(() =>
      expect(second.heard).toContainEqual(expect.objectContaining({ lastEventId: "9" })),
    );
    first.leave();
    await eventually(() => expect(second.leading).toBe(true));
    expect(first.leading).toBe(false);
    expect(second.resumedFrom).toBe("9");
    expect(third.leading).toBe(false);
    second.relay?.({ type: "resync", lastEventId: "10" });
    await eventually(() => expect(third.heard.at(-1)).toEqual({ type: "resync", lastEventId: "10" }));
    for (const tab of [second, third]) tab.leave();
  });

  test("tabs of another member never hear the stream", async () => {
    const mine = [openTab(name), openTab(name)];
    const other = openTab(sharedStreamName("mem_other"));
    await eventually(() => expect(other.leading && mine.some((tab) => tab.leading)).toBe(true));
    mine.find((tab) => tab.leading)?.relay?.({ type: "paused" });
    await eventually(() =>
      expect(mine.find((tab) => !tab.leading)?.heard).toContainEqual({ type: "paused" }),
    );
    expect(other.heard).toEqual([]);
    for (const tab of [...mine, other]) tab.leave();
  });
});

describe("resumePoint", () => {
  test("follows the ids of events, hellos and resyncs, and keeps its place through messages without one", () => {
    let at: string | null = null;
    at = resumePoint(at, { type: "live", at: "2026-11-28T05:00:00.000Z", lastEventId: "4" });
    expect(at).toBe("4");
    at = resumePoint(at, { type: "events", events: [], lastEventId: "8" });
    expect(at).toBe("8");
    at = resumePoint(at, { type: "paused" });
    at = resumePoint(at, { type: "events", events: [], lastEventId: null });
    expect(at).toBe("8");
  });
});
