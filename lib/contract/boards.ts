/** Boards: the team's named collections of renders (docs/api.md, "Boards"). */
import { z } from "zod/mini";
import {
  BOARD_COVERS,
  BOARD_DESCRIPTION_MAX_CHARS,
  BOARD_ID_PATTERN,
  BOARD_MAX_RENDERS,
} from "@/lib/domain/boards";
import { multiLineText } from "@/lib/domain/text";
import { teamNameSchema } from "./names";
import { boardIdSchema, ledgerRenderSchema, renderIdSchema } from "./renders";
import { madeBySchema } from "./team";

export { BOARD_COVERS, BOARD_DESCRIPTION_MAX_CHARS, BOARD_ID_PATTERN, BOARD_MAX_RENDERS };

const description = z.string({ error: "description must be text" }).check(
  z.trim(),
  z.maxLength(BOARD_DESCRIPTION_MAX_CHARS, {
    error: `description must be at most ${BOARD_DESCRIPTION_MAX_CHARS} characters`,
  }),
  multiLineText("description"),
);

/** `POST /api/boards`: a name and an optional description (blank: none). */
export const boardCreateSchema = z.object({ name: teamNameSchema, description: z.optional(description) });
export type BoardCreate = z.infer<typeof boardCreateSchema>;

/** `PATCH /api/boards/{id}`: a new name, a new description, or both. */
export const boardUpdateSchema = z.object({
  name: z.optional(teamNameSchema),
  description: z.optional(description),
});
export type BoardUpdate = z.infer<typeof boardUpdateSchema>;

/** Path of `/api/boards/{id}` and `/api/boards/{id}/renders`. */
export const boardIdParamsSchema = z.object({ id: boardIdSchema });

/** Query of `GET /api/boards`: with `render`, each board also says whether it holds that render. */
export const boardListQuerySchema = z.object({ render: z.optional(renderIdSchema) });
export type BoardListQuery = z.infer<typeof boardListQuerySchema>;

export const boardSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Null when it has none. */
  description: z.nullable(z.string()),
  /** Who made it; null when sign-in was off. */
  member: madeBySchema,
  /** How many renders it holds. */
  count: z.number().check(z.int()),
  /** How many of them are approved ("7 of 12 approved"). */
  approved: z.number().check(z.int()),
  /** Up to four of its renders that have an output, the last added first: its thumbnails. */
  covers: z.array(ledgerRenderSchema),
  /** Only with `GET /api/boards?render=`: whether the board holds that render. */
  holds: z.optional(z.boolean()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Board = z.infer<typeof boardSchema>;

/** `GET /api/boards`: the team's boards by name. */
export const boardListSchema = z.object({ items: z.array(boardSchema) });
export type BoardList = z.infer<typeof boardListSchema>;

/** `DELETE /api/boards/{id}`: the board is gone; its renders are not. */
export const boardDeletedSchema = z.object({ deleted: z.literal(true) });

/** `POST /api/boards/{id}/renders`: add these renders to the board, or take them off it; all or none. */
export const boardRendersRequestSchema = z.object({
  ids: z
    .array(renderIdSchema)
    .check(
      z.minLength(1, { error: "ids must name at least one render" }),
      z.maxLength(BOARD_MAX_RENDERS, { error: `ids may name at most ${BOARD_MAX_RENDERS} renders` }),
    ),
  action: z.enum(["add", "remove"], { error: "action must be 'add' or 'remove'" }),
});
export type BoardRendersRequest = z.infer<typeof boardRendersRequestSchema>;

/** What adding or removing did: the board as it now is, and how many renders joined or left it. */
export const boardRendersResultSchema = z.object({
  board: boardSchema,
  changed: z.number().check(z.int()),
});
export type BoardRendersResult = z.infer<typeof boardRendersResultSchema>;
