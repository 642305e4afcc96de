/**
 * Spend notices (docs/spend.md): a member's cap, the team's budget or the balance crossed an alert
 * threshold. `GET /api/notices` lists the caller's (their own cap's; an admin's: every notice) that
 * they have not dismissed, newest first.
 */
import { z } from "zod/mini";
import { madeBySchema } from "./team";

const credits = () => z.number().check(z.int());

export const NOTICE_KINDS = ["member_cap", "team_budget", "low_balance"] as const;

export const noticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  /** A limit's share reached (80 or 100 %), or for the balance the threshold it fell under (credits). */
  threshold: credits(),
  /** Whose cap (`member_cap`); null for the team's budget and the balance. */
  member: madeBySchema,
  /** The month's spend and the limit when it was crossed; the balance for `low_balance`. */
  spentCredits: z.nullable(credits()),
  limitCredits: z.nullable(credits()),
  balanceCredits: z.nullable(credits()),
  message: z.string(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListSchema = z.object({ items: z.array(noticeSchema) });
export type NoticeList = z.infer<typeof noticeListSchema>;

/** Path of `POST /api/notices/{id}/dismiss`. */
export const noticeIdParamsSchema = z.object({
  id: z.string().check(z.regex(/^ntc_[\w-]{1,64}$/, { error: "id must be a notice id." })),
});

/** `POST /api/notices/{id}/dismiss`: gone from the caller's list (other readers keep theirs). */
export const noticeDismissedSchema = z.object({ dismissed: z.literal(true) });
