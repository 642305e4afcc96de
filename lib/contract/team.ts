/** Sign-in, members, caps and team settings (docs/api.md, "Team access"). */
import { z } from "zod/mini";
import { singleLineText } from "@/lib/domain/text";

export const ROLES = ["admin", "member"] as const;
export type Role = (typeof ROLES)[number];

/** Who started a render or made an upload; null when sign-in was off. */
export const madeBySchema = z.nullable(z.object({ id: z.string(), name: z.string() }));
export type MadeBy = z.infer<typeof madeBySchema>;

/** How a thing records who made it: the member's id and name, or null with sign-in off. */
export const madeBy = (member: Pick<Member, "id" | "name"> | null): MadeBy =>
  member && { id: member.id, name: member.name };

// The sign-in form shows these messages in the browser, where zod's mini build loads no English
// locale. A check without a message of its own (the length caps) takes its string's message.
export const signInSchema = z.object({
  email: z
    .string({ error: "email is required" })
    .check(
      z.trim(),
      z.minLength(1, { error: "email is required" }),
      z.maxLength(320),
      singleLineText("email"),
    ),
  password: z
    .string({ error: "password is required" })
    .check(z.minLength(1, { error: "password is required" }), z.maxLength(1000)),
});
export type SignIn = z.infer<typeof signInSchema>;

export const memberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  monthlyCapCredits: z.nullable(z.number().check(z.int())),
  /** When an admin deactivated the member (UTC ISO); null while active. */
  deactivatedAt: z.nullable(z.string()),
});
export type Member = z.infer<typeof memberSchema>;

/** A member with this month's spend against the cap that applies to them. */
export const memberSpendSchema = z.extend(memberSchema, {
  spentThisMonth: z.number().check(z.int()),
  effectiveCapCredits: z.nullable(z.number().check(z.int())),
});
export type MemberSpend = z.infer<typeof memberSpendSchema>;

/**
 * `GET /api/members/names` (every member): who is on the team, for the gallery's member filter.
 * Names only: the rest of a member's record (email, role, cap, spend) is for admins.
 */
export const memberNameListSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type MemberNameList = z.infer<typeof memberNameListSchema>;

/** `GET /api/members` (admins). */
export const memberListSchema = z.object({ items: z.array(memberSpendSchema) });
export type MemberList = z.infer<typeof memberListSchema>;

/** `GET /api/auth/session`: public, so the sign-in page can ask whether sign-in is on. */
export const sessionInfoSchema = z.object({
  authEnabled: z.boolean(),
  member: z.nullable(memberSpendSchema),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/** `POST /api/auth/sign-in` answers the member, and sets the session cookie. */
export const signInResultSchema = z.object({ member: memberSpendSchema });
export type SignInResult = z.infer<typeof signInResultSchema>;

/** `POST /api/auth/sign-out`. */
export const signOutResultSchema = z.object({ signedOut: z.literal(true) });

const capCredits = z.nullable(
  z
    .int({ error: "monthlyCapCredits must be a whole number of credits" })
    .check(
      z.gte(0, { error: "monthlyCapCredits must be 0 or more" }),
      z.lte(100_000_000, { error: "monthlyCapCredits is too large" }),
    ),
);

/** `POST /api/members/{id}` (admins). */
export const memberPatchSchema = z.object({
  role: z.optional(z.enum(ROLES, { error: "role must be one of 'admin', 'member'" })),
  /** null: the team default applies. */
  monthlyCapCredits: z.optional(capCredits),
});
export type MemberPatch = z.infer<typeof memberPatchSchema>;

/** A whole number of credits an admin sets, or null for "none". */
const creditsSetting = (name: string) =>
  z.nullable(
    z
      .int({ error: `${name} must be a whole number of credits` })
      .check(
        z.gte(0, { error: `${name} must be 0 or more` }),
        z.lte(100_000_000, { error: `${name} is too large` }),
      ),
  );

/**
 * `GET /api/team` (admins): the team's spending rules. Every render is checked against them before
 * anything is sent to the service (docs/spend.md).
 */
export const teamSettingsSchema = z.object({
  /** The cap of every member without one of their own; null: no cap. */
  defaultMonthlyCapCredits: capCredits,
  /** What the whole team may spend in a calendar month (UTC); null: no budget. */
  monthlyBudgetCredits: creditsSetting("monthlyBudgetCredits"),
  /** Submit asks to confirm a render estimated above this, or of unknown cost. */
  confirmAboveCredits: z
    .int({ error: "confirmAboveCredits must be a whole number of credits" })
    .check(
      z.gte(0, { error: "confirmAboveCredits must be 0 or more" }),
      z.lte(100_000_000, { error: "confirmAboveCredits is too large" }),
    ),
  /** The account balance under which the team is alerted; null: no alert. */
  lowBalanceCredits: creditsSetting("lowBalanceCredits"),
  /** A render estimated above this waits for an admin's approval; null: no approvals. */
  approvalAboveCredits: creditsSetting("approvalAboveCredits"),
  /** With approvals on, whether a render of unknown cost waits for approval too. */
  approvalForUnknownCost: z.boolean({ error: "approvalForUnknownCost must be true or false" }),
});
export type TeamSettings = z.infer<typeof teamSettingsSchema>;

/** `POST /api/team` (admins): the settings to change; the others stay as they are. */
export const teamSettingsPatchSchema = z.partial(teamSettingsSchema);
export type TeamSettingsPatch = z.infer<typeof teamSettingsPatchSchema>;

/** A member id in a path: anything else is answered 404 before the ledger is asked. */
export const MEMBER_ID_PATTERN = /^mem_[A-Za-z0-9_-]{1,64}$/;

/** Path of `POST /api/members/{id}`. */
export const memberIdParamsSchema = z.object({
  id: z.string().check(z.regex(MEMBER_ID_PATTERN, { error: "id must be a member id." })),
});
