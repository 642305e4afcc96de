/**
 * The ledger's first tables: create requests and their renders, uploads, the poll log and the
 * timing statistics.
 */
import type { Kysely } from "kysely";
import { createIndexes, createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    poll_log: `
      polled_at  integer  not null
    `,
    timing_stats: `
      key         text     primary key
      samples     integer  not null
      ratio_mean  real     not null
      ratio_dev   real     not null
      updated_at  text     not null
    `,
    uploads: `
      id            text     primary key
      url           text     not null unique
      kind          text     not null
      content_type  text     not null
      bytes         integer  not null
      filename      text     not null
      created_at    text     not null
    `,
    render_requests: `
      seq              integer  primary key autoincrement
      id               text     not null unique
      idempotency_key  text     unique
      body_hash        text     not null
      kind             text     not null
      model            text     not null
      resolution       text
      prompt           text     not null
      params           text     not null
      state            text     not null
      response         text
      error            text
      batch_id         text
      credits_charged  integer  not null default 0
      created_at       text     not null
      updated_at       text     not null
    `,
    renders: `
      id                   text     primary key
      request_id           text     not null
      request_seq          integer  not null
      variant_index        integer  not null
      batch_id             text
      kind                 text     not null
      model                text     not null
      status               text     not null
      render_model         text
      prompt               text     not null
      params               text     not null
      output_url           text
      error_message        text
      credits_charged      integer  not null default 0
      credits_refunded     integer  not null default 0
      chain_ready          integer
      chain_total          integer
      upstream_created_at  text
      upstream_updated_at  text
      created_at           text     not null
      updated_at           text     not null
      completed_at         text
      timing_key           text     not null
      expected_seconds     real     not null
      next_poll_at         integer
      poll_count           integer  not null default 0
      unchanged_polls      integer  not null default 0
      error_polls          integer  not null default 0
      not_found_polls      integer  not null default 0
      watched_until        integer
    `,
  });
  await createIndexes(db, {
    uploads_kind_created: "uploads (kind, created_at)",
    render_requests_state: "render_requests (state)",
    renders_order: "renders (request_seq desc, variant_index)",
    renders_due: "renders (next_poll_at)",
    renders_batch: "renders (batch_id)",
    renders_status: "renders (status, request_seq)",
    renders_model: "renders (model, request_seq)",
    poll_log_time: "poll_log (polled_at)",
  });
}
