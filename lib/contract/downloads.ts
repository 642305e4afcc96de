/**
 * Downloads (docs/api.md): a render's output as a file, and zips of many. One schema says which
 * renders a zip holds, whether it comes as a query string (`GET`), a form the browser submits
 * (`POST`, so its own download manager saves the stream) or a JSON body.
 */
import { z } from "zod/mini";
import { RENDER_ID_PATTERN } from "@/lib/domain/ids";
import { dateRangeCheck, renderFilterFields } from "./renders";

/** The most renders one zip holds (a page of filter results of any size past it is refused). */
export const ZIP_MAX_RENDERS = 500;
/** Past this many ids the request is not a selection but noise; refused before any look-up. */
const IDS_MAX = 2_000;

/**
 * `ids`: comma-separated text (a query string, a form field) or a JSON array; blanks and repeats
 * are dropped, order kept. A malformed id is named in the refusal; an empty list is refused rather
 * than read as "no filter".
 */
const idListSchema = z.pipe(
  z.union([z.string(), z.array(z.string())], { error: "ids must be comma-separated render ids" }),
  z.transform((value: string | string[], ctx) => {
    const ids = [
      ...new Set((Array.isArray(value) ? value : value.split(",")).map((s) => s.trim()).filter(Boolean)),
    ];
    const malformed = ids.find((id) => !RENDER_ID_PATTERN.test(id));
    const problem =
      malformed !== undefined
        ? `ids contains a malformed render id: "${malformed.slice(0, 80)}"`
        : ids.length === 0
          ? "ids must name at least one render"
          : ids.length > IDS_MAX
            ? `ids holds more than ${IDS_MAX} ids`
            : null;
    if (problem !== null) ctx.issues.push({ code: "custom", input: value, message: problem });
    return ids;
  }),
);

/**
 * Which renders a zip holds: the given `ids`, a `batchId`, or the gallery's filters as
 * `GET /api/renders` takes them; criteria given together must all match. Every id must be in the
 * ledger. A new source (a board) is one more field here and one more case where it is resolved.
 */
export const zipSelectionSchema = z
  .object({ ids: z.optional(idListSchema), ...renderFilterFields })
  .check(dateRangeCheck);
export type ZipSelection = z.infer<typeof zipSelectionSchema>;
