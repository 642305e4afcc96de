import { QueryClient } from "@tanstack/react-query";
import { describe, expect, test } from "vitest";
import { inboxKeys } from "@/lib/client/queries/inbox";
import { approvalKeys } from "@/lib/client/queries/approvals";
import { queryKeys } from "@/lib/client/queries/keys";
import { followInThisTab } from "./tab-updates";

const hello = { type: "live", at: "2026-11-25T10:00:00.000Z", lastEventId: null } as const;

describe("followInThisTab", () => {
  test("the stream's first hello re-reads what the page read before it (an inbox item may have come between)", () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    for (const key of [inboxKeys.unread, approvalKeys.all, queryKeys.presets]) client.setQueryData(key, {});
    const tab = followInThisTab(client, () => undefined);
    tab.apply(hello);
    expect(client.getQueryState(inboxKeys.unread)?.isInvalidated).toBe(true);
    expect(client.getQueryState(approvalKeys.all)?.isInvalidated).toBe(true);
    // Presets change only by the member's own hand: no event keeps them, no hello re-reads them.
    expect(client.getQueryState(queryKeys.presets)?.isInvalidated).toBe(false);

    // A later hello (the stream reopened from its last id, which the server replays) re-reads nothing.
    client.setQueryData(inboxKeys.unread, {});
    tab.apply(hello);
    expect(client.getQueryState(inboxKeys.unread)?.isInvalidated).toBe(false);
    tab.stop();
  });
});
