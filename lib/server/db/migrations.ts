/**
 * Schema migrations, written with Kysely's schema builder so the ledger can move to PostgreSQL
 * with a new dialect and no new SQL.
 */
import type { Kysely, Migration, MigrationProvider } from "kysely";
import { sql } from "kysely";

const migrations: Record<string, Migration> = {
  "001_ledger": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("uploads")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("url", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("content_type", "text", (c) => c.notNull())
        .addColumn("bytes", "integer", (c) => c.notNull())
        .addColumn("filename", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("uploads_kind_created")
        .on("uploads")
        .columns(["kind", "created_at"])
        .execute();

      await db.schema
        .createTable("render_requests")
        .addColumn("seq", "integer", (c) => c.primaryKey().autoIncrement())
        .addColumn("id", "text", (c) => c.notNull().unique())
        .addColumn("idempotency_key", "text", (c) => c.unique())
        .addColumn("body_hash", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("model", "text", (c) => c.notNull())
        .addColumn("resolution", "text")
        .addColumn("prompt", "text", (c) => c.notNull())
        .addColumn("params", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull())
        .addColumn("response", "text")
        .addColumn("error", "text")
        .addColumn("batch_id", "text")
        .addColumn("credits_charged", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("render_requests_state").on("render_requests").column("state").execute();

      await db.schema
        .createTable("renders")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("request_id", "text", (c) => c.notNull())
        .addColumn("request_seq", "integer", (c) => c.notNull())
        .addColumn("variant_index", "integer", (c) => c.notNull())
        .addColumn("batch_id", "text")
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("model", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("render_model", "text")
        .addColumn("prompt", "text", (c) => c.notNull())
        .addColumn("params", "text", (c) => c.notNull())
        .addColumn("output_url", "text")
        .addColumn("error_message", "text")
        .addColumn("credits_charged", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("credits_refunded", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("chain_ready", "integer")
        .addColumn("chain_total", "integer")
        .addColumn("upstream_created_at", "text")
        .addColumn("upstream_updated_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addColumn("completed_at", "text")
        .addColumn("timing_key", "text", (c) => c.notNull())
        .addColumn("expected_seconds", "real", (c) => c.notNull())
        .addColumn("next_poll_at", "integer")
        .addColumn("poll_count", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("unchanged_polls", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("error_polls", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("not_found_polls", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("watched_until", "integer")
        .execute();
      await db.schema
        .createIndex("renders_order")
        .on("renders")
        .columns(["request_seq desc", "variant_index"])
        .execute();
      await db.schema.createIndex("renders_due").on("renders").column("next_poll_at").execute();
      await db.schema.createIndex("renders_batch").on("renders").column("batch_id").execute();
      await db.schema
        .createIndex("renders_status")
        .on("renders")
        .columns(["status", "request_seq"])
        .execute();
      await db.schema.createIndex("renders_model").on("renders").columns(["model", "request_seq"]).execute();

      await db.schema
        .createTable("timing_stats")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("samples", "integer", (c) => c.notNull())
        .addColumn("ratio_mean", "real", (c) => c.notNull())
        .addColumn("ratio_dev", "real", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("poll_log")
        .addColumn("polled_at", "integer", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("poll_log_time").on("poll_log").column("polled_at").execute();
      await sql`select 1`.execute(db);
    },
  },
  "002_team_access": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("members")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("role", "text", (c) => c.notNull())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("session_version", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("monthly_cap_credits", "integer")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("team_settings")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
      for (const table of ["render_requests", "renders", "uploads"]) {
        await db.schema.alterTable(table).addColumn("member_id", "text").execute();
        await db.schema.alterTable(table).addColumn("member_name", "text").execute();
      }
      await db.schema
        .createIndex("renders_member")
        .on("renders")
        .columns(["member_id", "request_seq"])
        .execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};
