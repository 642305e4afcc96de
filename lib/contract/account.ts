/** `GET /api/account`: the team's Render Service account, as the dashboard shows it. */
import { z } from "zod";

export const accountSchema = z.object({
  plan: z.string(),
  planLabel: z.string(),
  renderCreditsBalance: z.number().int(),
  monthlyGrant: z.number().int(),
  /** The server's key: its name and last four characters, never the key itself. */
  key: z.object({ name: z.string(), last4: z.string() }),
});
export type Account = z.infer<typeof accountSchema>;
