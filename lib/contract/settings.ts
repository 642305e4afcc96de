/** Settings the browser may see, handed from the server to the pages: never the key, URL or database. */
import { z } from "zod";

export const publicSettingsSchema = z.object({
  uploadMaxBytes: z.number().int().positive(),
  confirmAboveCredits: z.number().int().positive(),
  lowBalanceCredits: z.number().int().positive(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
