/** The query parameters every paged list shares. */
import { z } from "zod/mini";
import { MAX_PAGE_SIZE } from "@/lib/domain/statuses";

const between = `limit must be between 1 and ${MAX_PAGE_SIZE}`;

export const pageLimitSchema = z.coerce
  .number({ error: "limit must be a number" })
  .check(
    z.int({ error: "limit must be a whole number" }),
    z.gte(1, { error: between }),
    z.lte(MAX_PAGE_SIZE, { error: between }),
  );

/** A page of items and the cursor of the next page (null on the last). */
export const pageOf = <T extends z.core.SomeType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.nullable(z.string()) });
