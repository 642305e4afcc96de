/** Settings the browser may see, handed from the server to the pages: never the key, URL or database. */
import { z } from "zod/mini";

const positiveInt = () => z.number().check(z.int(), z.positive());

export const publicSettingsSchema = z.object({
  uploadMaxBytes: positiveInt(),
  /** Submit asks to confirm a render estimated above this (the team's setting). */
  confirmAboveCredits: z.number().check(z.int(), z.nonnegative()),
  /** The balance under which the account panel warns; null: never. */
  lowBalanceCredits: z.nullable(z.number().check(z.int(), z.nonnegative())),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
