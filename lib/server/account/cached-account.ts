import "server-only";
/**
 * The account record, cached briefly and fetched single-flight: however many tabs ask at once, the
 * service sees one call. Creates and refunds invalidate it so the balance shown follows spending.
 * Each fresh reading is checked against the low-balance alert (lib/server/notices).
 */
import { accountSchema, type Account } from "@/lib/contract";
import { afterBalanceRead } from "@/lib/server/notices/spend-notices";
import { serverConfig } from "@/lib/server/runtime/config";
import { processSingleton } from "@/lib/server/runtime/process-singleton";
import { renderService } from "@/lib/server/runtime/render-service";

interface AccountCache {
  value?: { record: Account; fetchedAt: number };
  inFlight?: Promise<Account>;
  /** Bumped by invalidation so a fetch started before it cannot refill the cache with stale data. */
  generation: number;
}

const cache = () => processSingleton<AccountCache>("account-cache", () => ({ generation: 0 }));

export async function getAccount(): Promise<Account> {
  const state = cache();
  const ttlMs = serverConfig().ACCOUNT_CACHE_SECONDS * 1000;
  if (state.value && Date.now() - state.value.fetchedAt < ttlMs) return state.value.record;
  if (!state.inFlight) {
    const generation = state.generation;
    const request: Promise<Account> = renderService()
      .getAccount()
      // Only the documented fields leave the server, whatever else the service sends.
      .then((upstream) => accountSchema.parse(upstream))
      .then((record) => {
        if (state.generation === generation) state.value = { record, fetchedAt: Date.now() };
        afterBalanceRead(record.renderCreditsBalance);
        return record;
      })
      .finally(() => {
        if (state.inFlight === request) state.inFlight = undefined;
      });
    state.inFlight = request;
  }
  return state.inFlight;
}

export function invalidateAccount(): void {
  const state = cache();
  state.value = undefined;
  state.inFlight = undefined;
  state.generation += 1;
}
