/**
 * Schema migrations, one set for both databases, one file each, written with Kysely's schema builder
 * (through ./tables) so each dialect writes its own SQL; where the two differ (column types, the
 * prompt search's index) the migration says so per dialect. A migration's name is the one Kysely
 * records in the ledger: never rename one that has shipped.
 */
import type { Migration, MigrationProvider } from "kysely";
import * as ledger from "./001_ledger";
import * as teamAccess from "./002_team_access";
import * as changeLog from "./003_change_log";
import * as favouritesArchive from "./004_favourites_archive";
import * as promptSearch from "./005_prompt_search";
import * as presets from "./006_presets";
import * as boards from "./007_boards";
import * as shares from "./008_shares";
import * as apiTokens from "./009_api_tokens";
import * as batchRuns from "./010_batch_runs";
import * as estimates from "./011_estimates";
import * as notices from "./012_notices";
import * as approvals from "./013_approvals";
import * as replicas from "./014_replicas";
import * as signInFailures from "./015_sign_in_failures";
import * as people from "./016_people";
import * as identities from "./017_identities";
import * as audit from "./018_audit";
import * as review from "./019_review";
import * as iterate from "./020_iterate";
import * as runGrids from "./021_run_grids";
import * as cull from "./022_cull";
import * as outbox from "./023_outbox";
import * as push from "./024_push";
import * as notify from "./025_notify";
import * as renderFamilies from "./026_render_families";
import * as spendChat from "./027_spend_chat";
import * as listPositionsUsageDays from "./028_list_positions_usage_days";
import * as rendersByRequest from "./029_renders_by_request";

/** Every migration by its name, in the order they run. */
const migrations: Record<string, Migration> = {
  "001_ledger": ledger,
  "002_team_access": teamAccess,
  "003_change_log": changeLog,
  "004_favourites_archive": favouritesArchive,
  "005_prompt_search": promptSearch,
  "006_presets": presets,
  "007_boards": boards,
  "008_shares": shares,
  "009_api_tokens": apiTokens,
  "010_batch_runs": batchRuns,
  "011_estimates": estimates,
  "012_notices": notices,
  "013_approvals": approvals,
  "014_replicas": replicas,
  "015_sign_in_failures": signInFailures,
  "016_people": people,
  "017_identities": identities,
  "018_audit": audit,
  "019_review": review,
  "020_iterate": iterate,
  "021_run_grids": runGrids,
  "022_cull": cull,
  "023_outbox": outbox,
  "024_push": push,
  "025_notify": notify,
  "026_render_families": renderFamilies,
  "027_spend_chat": spendChat,
  "028_list_positions_usage_days": listPositionsUsageDays,
  "029_renders_by_request": rendersByRequest,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
