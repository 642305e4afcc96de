import "server-only";
/** Settings pages hand to the browser: read at request time, never at build. */
import type { PublicSettings } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { getTeamSettings } from "@/lib/server/ledger/team-settings";
import { settings } from "@/lib/server/runtime/config";

export async function publicSettings(): Promise<PublicSettings> {
  const team = await getTeamSettings(await getDb());
  return {
    uploadMaxBytes: settings().UPLOAD_MAX_BYTES,
    confirmAboveCredits: team.confirmAboveCredits,
    lowBalanceCredits: team.lowBalanceCredits,
  };
}

/** Whether pages register the service worker: in a production build only (under `next dev` it would keep stale code). */
export const serviceWorkerWanted = (): boolean => settings().NODE_ENV === "production";
