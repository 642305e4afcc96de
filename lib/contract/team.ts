/** Sign-in, members, caps and team settings (docs/api.md, "Team access"). */
import { z } from "zod";

export const ROLES = ["admin", "member"] as const;
export type Role = (typeof ROLES)[number];

/** Who started a render or made an upload; null when sign-in was off. */
export const madeBySchema = z.object({ id: z.string(), name: z.string() }).nullable();
export type MadeBy = z.infer<typeof madeBySchema>;

export const signInSchema = z.object({
  email: z.string({ error: "email is required" }).trim().min(1, { error: "email is required" }).max(320),
  password: z.string({ error: "password is required" }).min(1, { error: "password is required" }).max(1000),
});
export type SignIn = z.infer<typeof signInSchema>;

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  monthlyCapCredits: z.number().int().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** A member with this month's spend against the cap that applies to them. */
export const memberSpendSchema = memberSchema.extend({
  spentThisMonth: z.number().int(),
  effectiveCapCredits: z.number().int().nullable(),
});
export type MemberSpend = z.infer<typeof memberSpendSchema>;

/** `GET /api/members` (admins). */
export const memberListSchema = z.object({ items: z.array(memberSpendSchema) });
export type MemberList = z.infer<typeof memberListSchema>;

/** `GET /api/auth/session`: public, so the sign-in page can ask whether sign-in is on. */
export const sessionInfoSchema = z.object({
  authEnabled: z.boolean(),
  member: memberSpendSchema.nullable(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** `POST /api/auth/sign-in` answers the member, and sets the session cookie. */
export const signInResultSchema = z.object({ member: memberSpendSchema });
export type SignInResult = z.infer<typeof signInResultSchema>;

/** `POST /api/auth/sign-out`. */
export const signOutResultSchema = z.object({ signedOut: z.literal(true) });

const capCredits = z
  .int({ error: "monthlyCapCredits must be a whole number of credits" })
  .min(0, { error: "monthlyCapCredits must be 0 or more" })
  .max(100_000_000, { error: "monthlyCapCredits is too large" })
  .nullable();

/** `POST /api/members/{id}` (admins). */
export const memberPatchSchema = z.object({
  role: z.enum(ROLES, { error: "role must be one of 'admin', 'member'" }).optional(),
  /** null: the team default applies. */
  monthlyCapCredits: capCredits.optional(),
});
export type MemberPatch = z.infer<typeof memberPatchSchema>;

/** `GET`/`POST /api/team` (admins). */
export const teamSettingsSchema = z.object({
  defaultMonthlyCapCredits: capCredits,
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;

/** A member id in a path: anything else is answered 404 before the ledger is asked. */
export const MEMBER_ID_PATTERN = /^mem_[A-Za-z0-9_-]{1,64}$/;

/** Path of `POST /api/members/{id}`. */
export const memberIdParamsSchema = z.object({
  id: z.string().regex(MEMBER_ID_PATTERN, { error: "id must be a member id." }),
});
