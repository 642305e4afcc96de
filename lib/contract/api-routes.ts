/**
 * The one map of the dashboard's HTTP API: every route and method, who may call it, the schemas of
 * its path, query and body, what it answers and the error codes it may answer with beyond the ones
 * every route shares. Each route handler takes its entry (`apiRoute(API_ROUTES["GET /api/renders"],
 * …)`), so the inputs it validates are the ones the OpenAPI document (`GET /api/openapi.json`,
 * lib/server/openapi) describes. Each resource's entries are in a file of their own (routes/); a new
 * route is one entry there and a route file that uses it.
 *
 * Not exported from the contract's index: the browser, which loads the index on demand, never needs it.
 */
import { APPROVAL_ROUTES } from "./routes/approvals";
import { AUDIT_ROUTES } from "./routes/audit";
import { BOARD_ROUTES } from "./routes/boards";
import { CULL_ROUTES } from "./routes/cull";
import { DOCS_ROUTES } from "./routes/docs";
import { DOWNLOAD_ROUTES } from "./routes/downloads";
import type { ApiMethod, ApiRouteEntries, ApiRouteEntry } from "./routes/entry";
import { EVENT_ROUTES } from "./routes/events";
import { HEALTH_ROUTES } from "./routes/health";
import { NOTIFICATION_ROUTES } from "./routes/notifications";
import { PEOPLE_ROUTES } from "./routes/people";
import { PRESET_ROUTES } from "./routes/presets";
import { PUSH_ROUTES } from "./routes/push";
import { RATE_ROUTES } from "./routes/rates";
import { REFERENCE_ROUTES } from "./routes/references";
import { RENDER_ROUTES } from "./routes/renders";
import { REVIEW_ROUTES } from "./routes/review";
import { RUN_ROUTES } from "./routes/runs";
import { SHARE_ROUTES } from "./routes/shares";
import { TEAM_ROUTES } from "./routes/team";
import { TOKEN_ROUTES } from "./routes/tokens";
import { UPLOAD_ROUTES } from "./routes/uploads";
import { USAGE_ROUTES } from "./routes/usage";

export {
  API_METHODS,
  type Access,
  type ApiMethod,
  type ApiRouteEntry,
  type MediaAnswer,
} from "./routes/entry";

/** Every resource's entries, in the order the document lists their paths and tags. */
export const API_ROUTES = {
  ...DOCS_ROUTES,
  ...TEAM_ROUTES,
  ...AUDIT_ROUTES,
  ...PEOPLE_ROUTES,
  ...NOTIFICATION_ROUTES,
  ...PUSH_ROUTES,
  ...APPROVAL_ROUTES,
  ...USAGE_ROUTES,
  ...RUN_ROUTES,
  ...TOKEN_ROUTES,
  ...HEALTH_ROUTES,
  ...RATE_ROUTES,
  ...RENDER_ROUTES,
  ...CULL_ROUTES,
  ...DOWNLOAD_ROUTES,
  ...EVENT_ROUTES,
  ...UPLOAD_ROUTES,
  ...REFERENCE_ROUTES,
  ...PRESET_ROUTES,
  ...BOARD_ROUTES,
  ...SHARE_ROUTES,
  ...REVIEW_ROUTES,
} satisfies ApiRouteEntries;

export type ApiRouteKey = keyof typeof API_ROUTES;

/** Every entry of the map as a list, with its method and its path in OpenAPI's style (`/api/renders/{id}`). */
export function apiRouteList(): { method: ApiMethod; path: string; entry: ApiRouteEntry }[] {
  return Object.entries(API_ROUTES).map(([key, entry]: [string, ApiRouteEntry]) => {
    const [method, path] = key.split(" ") as [ApiMethod, string];
    return { method, path, entry };
  });
}
