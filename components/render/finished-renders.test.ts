import { describe, expect, it } from "vitest";
import { justFinished, remember, rememberUnfinished } from "./finished-renders";

const row = (requestId: string, status: string, variantIndex = 0) => ({ requestId, variantIndex, status });

describe("justFinished", () => {
  it("reports renders that went from unfinished to final", () => {
    const seen = new Map<string, string>();
    remember(seen, [row("a", "running"), row("b", "pending"), row("c", "ready")]);
    const finished = justFinished(seen, [row("a", "ready"), row("b", "running"), row("c", "ready")]);
    expect(finished.map((r) => r.requestId)).toEqual(["a"]);
  });

  it("ignores renders seen for the first time, even when final", () => {
    expect(justFinished(new Map(), [row("a", "failed")])).toEqual([]);
  });

  it("counts each variant of a batch on its own", () => {
    const seen = new Map<string, string>();
    remember(seen, [row("r", "running", 0), row("r", "running", 1)]);
    expect(justFinished(seen, [row("r", "ready", 0), row("r", "running", 1)])).toHaveLength(1);
  });

  it("treats ledger-only final statuses as finished", () => {
    const seen = new Map([["r#0", "submitting"]]);
    expect(justFinished(seen, [row("r", "rejected")])).toHaveLength(1);
  });

  it("reports a finish once", () => {
    const seen = new Map<string, string>();
    remember(seen, [row("a", "running")]);
    const next = [row("a", "ready")];
    expect(justFinished(seen, next)).toHaveLength(1);
    remember(seen, next);
    expect(justFinished(seen, next)).toHaveLength(0);
  });
});

describe("rememberUnfinished", () => {
  it("makes a render the stream told of as unfinished count when a list first shows it final", () => {
    const seen = new Map<string, string>();
    rememberUnfinished(seen, [row("a", "submitting"), row("a", "running")]);
    expect(justFinished(seen, [row("a", "ready")]).map((r) => r.requestId)).toEqual(["a"]);
  });

  it("leaves final states to the list: told final first, the list's final state still counts once", () => {
    const seen = new Map<string, string>();
    rememberUnfinished(seen, [row("a", "running"), row("a", "ready")]);
    expect(justFinished(seen, [row("a", "ready")])).toHaveLength(1);
    remember(seen, [row("a", "ready")]);
    rememberUnfinished(seen, [row("a", "running")]);
    expect(justFinished(seen, [row("a", "ready")])).toHaveLength(0);
  });
});
