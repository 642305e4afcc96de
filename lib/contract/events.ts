/**
 * The live event stream, `GET /api/events` (server-sent events, docs/api.md). Every event is an
 * unnamed SSE message whose `data` is one of these JSON objects and whose `id` is the change log's
 * sequence number, so a reconnect's `Last-Event-ID` resumes exactly where the page left off.
 */
import { z } from "zod/mini";
import { cullFlagSchema, ledgerRenderSchema, ratingSchema } from "./renders";
import { ledgerUploadSchema } from "./uploads";

export const liveEventSchema = z.discriminatedUnion("type", [
  /**
   * Sent once the stream is open and has sent what a returning page missed; its id is the newest
   * change, `at` the server's clock (a catch-up's `updatedSince` is measured on it).
   */
  z.object({ type: z.literal("hello"), at: z.string() }),
  /** Sent every 15 s (no id): keeps proxies from closing the stream, and tells the page it is alive. */
  z.object({ type: z.literal("ping") }),
  /** A render was created or changed: its whole ledger record as it now is. */
  z.object({ type: z.literal("render"), render: ledgerRenderSchema }),
  /** A render left the ledger (a create's placeholder, replaced by the renders the service made). */
  z.object({ type: z.literal("render-removed"), id: z.string() }),
  /**
   * The member this stream belongs to starred or unstarred a render (another of their pages, or
   * this one). Only their own streams get it: favourites are per member.
   */
  z.object({ type: z.literal("favourite"), id: z.string(), favourite: z.boolean() }),
  /**
   * The member this stream belongs to rated, picked or rejected a render (or cleared it): its marks
   * as they now are. Only their own streams get it, as a favourite.
   */
  z.object({
    type: z.literal("mark"),
    id: z.string(),
    rating: z.nullable(ratingSchema),
    flag: z.nullable(cullFlagSchema),
  }),
  /** A reference upload was added to the library. */
  z.object({ type: z.literal("upload"), upload: ledgerUploadSchema }),
  /** The balance or a member's spend moved (a charge or a refund): read them again. */
  z.object({ type: z.literal("spend") }),
  /**
   * A board was made, changed or deleted, or renders joined or left it: read the boards and the
   * board's renders again (a render's record does not say which boards hold it).
   */
  z.object({ type: z.literal("board"), id: z.string() }),
  /**
   * A batch run was made or cancelled, or one of its rows moved on (sent, created, refused): read the
   * run and its renders again. A row's renders finishing arrive as their own render events.
   */
  z.object({ type: z.literal("run"), id: z.string() }),
  /**
   * A spend notice for the member this stream belongs to appeared or was dismissed: read the notices
   * again. Only the streams of those who may read it get it (its member's, and admins').
   */
  z.object({ type: z.literal("notice"), id: z.string() }),
  /**
   * A price key's rate moved: a charge taught it (or changed what it had learned), or an admin set or
   * cleared its override. Forms read their estimate again; `key` is the price key (docs/api.md, Estimates).
   */
  z.object({ type: z.literal("rate"), key: z.string() }),
  /** Members or caps changed: read them again. */
  z.object({ type: z.literal("team") }),
  /**
   * The page was away longer than the server's replay buffer: what it missed must be fetched
   * (renders with `updatedSince`, the rest re-read). The stream goes on from here.
   */
  z.object({ type: z.literal("resync") }),
  /** The session that opened the stream no longer holds (expired, or the member's sessions ended): go to sign-in. */
  z.object({ type: z.literal("signed-out") }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** `GET /api/events?lastEventId=`: where to resume when the browser cannot send `Last-Event-ID`. */
export const eventsQuerySchema = z.object({
  lastEventId: z.optional(
    z.string().check(z.regex(/^\d{1,15}$/, { error: "lastEventId must be a change number" })),
  ),
});
export type EventsQuery = z.infer<typeof eventsQuerySchema>;
