/** Settings the browser may see, handed from the server to the pages: never the key, URL or database. */
import { z } from "zod/mini";

const positiveInt = () => z.number().check(z.int(), z.positive());

export const publicSettingsSchema = z.object({
  uploadMaxBytes: positiveInt(),
  confirmAboveCredits: positiveInt(),
  lowBalanceCredits: positiveInt(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
