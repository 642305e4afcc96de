/**
 * Who single sign-on lets in, and as what: pure rules over the provider's verified claims and the
 * settings' lists (README, "Single sign-on").
 */
import type { Role } from "@/lib/contract";

export interface SsoRules {
  allowedGroups: readonly string[];
  /** Unset: single sign-on leaves roles alone (the Team page sets them; new members are members). */
  adminGroups: readonly string[] | undefined;
  allowedDomains: readonly string[];
  groupsClaim: string;
}

/** What the dashboard reads of a person from the provider's claims. */
export interface SsoPerson {
  email: string | undefined;
  /** Whether the provider vouches for the email (`email_verified`). */
  emailVerified: boolean;
  name: string;
  groups: string[];
}

/**
 * A claim by its name; when no claim has that name, a dotted path into objects (Keycloak's
 * `realm_access.roles`). Names with dots of their own (`https://example.com/groups`) are found whole.
 */
function claimAt(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name];
  let value: unknown = claims;
  for (const key of name.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const text = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

export function personFrom(claims: Record<string, unknown>, groupsClaim: string): SsoPerson {
  const groups = claimAt(claims, groupsClaim);
  const email = text(claims.email)?.toLowerCase();
  const name =
    text(claims.name) ??
    text([claims.given_name, claims.family_name].filter((part) => typeof part === "string").join(" ")) ??
    text(claims.preferred_username) ??
    email?.split("@")[0] ??
    "Member";
  return {
    email,
    // Some providers send the boolean as text.
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name,
    groups: Array.isArray(groups)
      ? groups.filter((group): group is string => typeof group === "string")
      : typeof groups === "string"
        ? [groups]
        : [],
  };
}

export type Admission = { allowed: false } | { allowed: true; role: Role | undefined };

/**
 * Allowed when in an allowed or admin group, or when the email is verified and its domain allowed.
 * The role, where admin groups are set: admin in one of them, member otherwise, at every sign-in.
 */
export function admission(person: SsoPerson, rules: SsoRules): Admission {
  const inAny = (names: readonly string[] | undefined) =>
    person.groups.some((group) => names?.includes(group));
  const domain = person.email?.split("@").pop();
  const byDomain =
    person.emailVerified &&
    domain !== undefined &&
    rules.allowedDomains.some((d) => d.toLowerCase() === domain);
  const admin = inAny(rules.adminGroups);
  if (!admin && !inAny(rules.allowedGroups) && !byDomain) return { allowed: false };
  return { allowed: true, role: rules.adminGroups === undefined ? undefined : admin ? "admin" : "member" };
}
