/** Batch runs: many render requests sent one by one from a file or a script (docs/api.md, "Runs"). */
import { z } from "zod/mini";
import { GRID_AXIS_KEYS } from "@/lib/domain/grid";
import { GRID_MAX_RENDERS } from "@/lib/domain/prompt-variables";
import { renderRequestSchema } from "@/lib/domain/render-request";
import {
  RUN_ID_PATTERN,
  RUN_MAX_ROWS,
  RUN_NAME_MAX_CHARS,
  RUN_ROW_STATES,
  RUN_STATES,
} from "@/lib/domain/runs";
import { rendersAsked } from "@/lib/domain/runs";
import { singleLineText } from "@/lib/domain/text";
import { madeBySchema } from "./team";

export { RUN_ID_PATTERN, RUN_MAX_ROWS, RUN_NAME_MAX_CHARS, RUN_ROW_STATES, RUN_STATES };

/** A run id, in a path or the gallery's `run` filter. */
export const runIdSchema = z.string().check(z.regex(RUN_ID_PATTERN, { error: "run must be a run id." }));

/** Path of `/api/runs/{id}` and `/api/runs/{id}/cancel`. */
export const runIdParamsSchema = z.object({ id: runIdSchema });

/** The rows of a run: each one the render request `POST /api/renders` takes. */
const runRowsSchema = z
  .array(renderRequestSchema, { error: "rows must be a list of render requests" })
  .check(
    z.minLength(1, { error: "rows must hold at least one render request" }),
    z.maxLength(RUN_MAX_ROWS, { error: `rows may hold at most ${RUN_MAX_ROWS} render requests` }),
  );

const place = z.number().check(z.int(), z.nonnegative());

/** One axis of a grid: what it varies (a prompt variable by its place in the prompt) and its values. */
export const runGridAxisSchema = z.object({
  key: z.enum(GRID_AXIS_KEYS),
  variable: z.optional(place),
  values: z.array(z.string().check(z.maxLength(200))).check(z.minLength(1), z.maxLength(GRID_MAX_RENDERS)),
});

/**
 * A run started from a grid (docs/architecture.md, "Grids"): its axes (X, then Y when there are two)
 * and each row's cell, in the rows' order, by its values' places on the axes.
 */
export const runGridSchema = z.object({
  axes: z.array(runGridAxisSchema).check(z.minLength(1), z.maxLength(2)),
  cells: z.array(z.object({ x: place, y: place })),
});
export type RunGrid = z.infer<typeof runGridSchema>;

/**
 * `POST /api/runs`: an optional name and the rows, all valid (a refusal names the first bad cell as
 * `rows.<index>.<field>`), stored together before the first is sent.
 */
export const runCreateSchema = z
  .object({
    name: z.optional(
      z
        .string({ error: "name must be text" })
        .check(
          z.trim(),
          z.maxLength(RUN_NAME_MAX_CHARS, { error: `name must be at most ${RUN_NAME_MAX_CHARS} characters` }),
          singleLineText("name"),
        ),
    ),
    rows: runRowsSchema,
    /** The grid the rows were made from: at most GRID_MAX_RENDERS renders, one cell per row. */
    grid: z.optional(runGridSchema),
  })
  .check(
    z.superRefine((body, ctx) => {
      const grid = body.grid;
      if (!grid) return;
      const renders = body.rows.reduce((sum, row) => sum + rendersAsked(row), 0);
      if (renders > GRID_MAX_RENDERS) {
        ctx.addIssue({
          code: "custom",
          path: ["rows"],
          message: `A grid makes at most ${GRID_MAX_RENDERS} renders, not ${renders}.`,
        });
      }
      if (grid.cells.length !== body.rows.length) {
        ctx.addIssue({
          code: "custom",
          path: ["grid", "cells"],
          message: "grid.cells must name one cell per row",
        });
      }
      const [x, y] = grid.axes;
      const outside = grid.cells.findIndex(
        (cell) => cell.x >= (x?.values.length ?? 1) || cell.y >= (y?.values.length ?? 1),
      );
      if (outside >= 0) {
        ctx.addIssue({
          code: "custom",
          path: ["grid", "cells", outside],
          message: "This cell is outside the grid's axes.",
        });
      }
    }),
  );
export type RunCreate = z.infer<typeof runCreateSchema>;

/** `POST /api/runs/estimate`: what these rows would cost, before a run is made of them. */
export const runEstimateRequestSchema = z.object({ rows: runRowsSchema });
export type RunEstimateRequest = z.infer<typeof runEstimateRequestSchema>;

export const runEstimateSchema = z.object({
  /** The sum of the rows whose cost is known: with `unknownRows` > 0 the total is at least this. */
  credits: z.number().check(z.int()),
  /** Rows with no estimate (a video whose price key has no rate yet: see `GET /api/estimate`). */
  unknownRows: z.number().check(z.int()),
  /** Each row's estimate, in the rows' order; null when unknown. */
  rows: z.array(z.nullable(z.number().check(z.int()))),
  /** The caller's monthly cap and the team's budget, where set, with what was spent this UTC month. */
  limits: z.array(
    z.object({
      kind: z.enum(["member_cap", "team_budget"]),
      limit: z.number().check(z.int()),
      spent: z.number().check(z.int()),
    }),
  ),
  /** Renders (an image row's variants each) the team's approval rule would hold for an admin's approval. */
  awaitingApproval: z.number().check(z.int()),
});
export type RunEstimate = z.infer<typeof runEstimateSchema>;

const count = z.number().check(z.int());

/** How many of a run's rows are where (docs/architecture.md, "Batch runs"). */
export const runCountsSchema = z.object({
  rows: count,
  queued: count,
  /** Creates under way now. */
  sent: count,
  /** Rows the service accepted, whatever became of them since. */
  created: count,
  ready: count,
  /** Rows whose renders failed, and rows the service or a cap refused. */
  failed: count,
  cancelled: count,
  unknown: count,
});
export type RunCounts = z.infer<typeof runCountsSchema>;

/** How many renders a run's rows ask for, and what became of those made (an image row may make 4). */
export const runRenderCountsSchema = z.object({
  /** Renders the rows ask for: each image row's `imageCount`, one a video row. */
  asked: count,
  /** Renders the service accepted (or an admin has yet to approve), whatever became of them since. */
  created: count,
  ready: count,
  /** Renders that ended without an output (failed, rejected, lost, declined). */
  failed: count,
});
export type RunRenderCounts = z.infer<typeof runRenderCountsSchema>;

/** A run as lists show it. */
export const runSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(RUN_STATES),
  /** Why the run stopped before its end (a cap or the balance); null otherwise. */
  stopReason: z.nullable(z.string()),
  /** Who started it; null when sign-in was off. */
  member: madeBySchema,
  /** Rows by state. */
  counts: runCountsSchema,
  renderCounts: runRenderCountsSchema,
  creditsCharged: count,
  creditsRefunded: count,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When its last row finished or it was cancelled; null while running. */
  finishedAt: z.nullable(z.string()),
});
export type Run = z.infer<typeof runSchema>;

/** One row of a run and what became of it. */
export const runRowSchema = z.object({
  /** 0-based position in the rows sent. */
  index: count,
  state: z.enum(RUN_ROW_STATES),
  prompt: z.string(),
  kind: z.enum(["image", "video"]),
  /** The model requested (defaults applied). */
  model: z.string(),
  /** The dashboard's create request for it, once sent (the renders' `requestId`). */
  requestId: z.nullable(z.string()),
  /** Its renders in the ledger (an image row may make several). */
  renderIds: z.array(z.string()),
  /** Why it failed, was cancelled or has an unknown outcome; null otherwise. */
  error: z.nullable(z.string()),
});
export type RunRow = z.infer<typeof runRowSchema>;

/** `GET /api/runs/{id}` (and what `POST /api/runs` and `…/cancel` answer): the run with its rows. */
export const runDetailSchema = z.extend(runSchema, {
  rows: z.array(runRowSchema),
  /** The grid it was started from; null for a run from a file or a script. */
  grid: z.nullable(runGridSchema),
});
export type RunDetail = z.infer<typeof runDetailSchema>;

/** `GET /api/runs`: the team's runs, newest first (the latest 100). */
export const runListSchema = z.object({ items: z.array(runSchema) });
export type RunList = z.infer<typeof runListSchema>;
