/** Driving a running dashboard as its browsers do: create renders and wait for them to finish. */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { LedgerRender } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import type { RenderRequest } from "@/lib/domain/render-request";

/** Creates each request through `POST /api/renders` and waits until every render is final. */
export async function createFinishedRenders(
  appUrl: string,
  requests: readonly RenderRequest[],
  timeoutMs = 120_000,
): Promise<LedgerRender[]> {
  const ids: string[] = [];
  for (const request of requests) {
    const send = () =>
      fetch(`${appUrl}/api/renders`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
        body: JSON.stringify(request),
      });
    let response = await send();
    // Image batches in a burst meet the service's fair-use limit: a 429 created nothing, so wait
    // as told and send again.
    while (response.status === 429) {
      await sleep(Number(response.headers.get("retry-after") ?? 1) * 1000);
      response = await send();
    }
    const body = (await response.json()) as { ids?: string[] };
    if (response.status !== 202 || !body.ids)
      throw new Error(`create answered ${response.status}: ${JSON.stringify(body)}`);
    ids.push(...body.ids);
  }
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${appUrl}/api/renders?limit=100&ids=${ids.join(",")}`);
    const { items } = (await response.json()) as { items: LedgerRender[] };
    if (items.length === ids.length && items.every((r) => isFinalLedgerStatus(r.status))) return items;
    if (Date.now() > deadline) throw new Error(`renders not finished within ${timeoutMs} ms`);
    await sleep(250);
  }
}
