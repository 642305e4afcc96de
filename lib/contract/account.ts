/**
 * `GET /api/account`: the team's Render Service account as the spec defines it (§2.4), with only
 * the documented fields: whatever else the service sends stays on the server.
 */
import { z } from "zod/mini";
import { accountRecordSchema } from "@/lib/domain/service-records";

export const accountSchema = z.object({
  ...accountRecordSchema.shape,
  /** The server's key: its name and last four characters, never the key itself. */
  key: z.object({ name: z.string(), last4: z.string() }),
});
export type Account = z.infer<typeof accountSchema>;
