import "server-only";
/**
 * Whether the dashboard still needs setting up, for the root layout: while the Render Service's
 * address or key is missing, every page shows what to set instead of failing on the first read of
 * the service's settings.
 */
import { missingSettings, type MissingSetting } from "@/lib/server/runtime/config";

export type { MissingSetting };

/** The settings still to set; empty once the dashboard is configured. */
export function pageSetupNeeds(): MissingSetting[] {
  return missingSettings();
}
