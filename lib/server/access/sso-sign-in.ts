import "server-only";
/**
 * Single sign-on with OpenID Connect: the service of `/api/auth/oidc/start` and its callback. Start
 * keeps the flow in this browser (./sso-flow.ts) and sends it to the provider; the callback has the
 * answer verified (./oidc-client.ts), decides who may come in and as what (./sso-rules.ts), finds,
 * links or adds the member, and starts their session the way a password sign-in does. Every failure
 * sends the browser to the sign-in page saying why, with nothing created.
 */
import { AppError, SSO_CALLBACK_PATH, type SsoFailure } from "@/lib/contract";
import { changeOf } from "@/lib/domain/audit";
import { safeNextPath } from "@/lib/domain/next-path";
import { getDb, type Db } from "@/lib/server/db/database";
import type { MemberRow } from "@/lib/server/db/schema";
import {
  findMemberRowByIdentity,
  hasIdentityAt,
  insertMemberWithIdentity,
  linkIdentity,
  touchIdentity,
  type Identity,
} from "@/lib/server/ledger/identities";
import { recordAudit } from "@/lib/server/ledger/audit";
import { findMemberRowByEmail, toMember, updateMember } from "@/lib/server/ledger/members";
import { settings } from "@/lib/server/runtime/config";
import {
  authorizationUrl,
  newFlowSecrets,
  providerFailure,
  providerSettings,
  verifiedClaims,
} from "./oidc-client";
import { actorOf } from "./actor";
import { publicOrigin } from "./origin";
import { NO_PASSWORD } from "./password";
import { authEnabled } from "./session";
import { startSession } from "./sessions";
import { clearedFlowCookies, flowCookie, readFlow } from "./sso-flow";
import { admission, personFrom, type SsoPerson, type SsoRules } from "./sso-rules";

/** Where the browser goes next, and the cookies set on the way. */
export interface SsoRedirect {
  location: string;
  cookies: string[];
}

/** The button's name when single sign-on is set up, else null. */
export function ssoName(): string | null {
  return authEnabled() && providerSettings() ? settings().OIDC_NAME : null;
}

function provider() {
  const configured = authEnabled() ? providerSettings() : null;
  if (!configured) throw new AppError("not_found", "Single sign-on is not set up on this dashboard.");
  return configured;
}

/** The sign-in page, saying why single sign-on signed nobody in, and returning to `next` after. */
function toSignInPage(reason: SsoFailure, next: string, cookies: string[]): SsoRedirect {
  const query = new URLSearchParams({ sso: reason, ...(next !== "/" && { next }) });
  return { location: `/sign-in?${query}`, cookies };
}

/** Operators read why in the log; the page says it in plain words. Never a token or a code. */
function logFailure(reason: SsoFailure, error: unknown) {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : "";
  console.warn(`[sso] no sign-in (${reason})${detail ? `: ${detail}` : ""}`);
}

export async function startSsoSignIn(request: Request, next: string | undefined): Promise<SsoRedirect> {
  const configured = provider();
  const flow = {
    ...newFlowSecrets(),
    redirectUri: `${publicOrigin(request, settings().TRUSTED_PROXY_HOPS)}${SSO_CALLBACK_PATH}`,
    next: safeNextPath(next),
  };
  try {
    const url = await authorizationUrl(configured, flow);
    return { location: url.href, cookies: [flowCookie(request, flow)] };
  } catch (error) {
    // Discovery failed: down, slow, or not an OpenID provider at that address.
    logFailure("unavailable", error);
    return toSignInPage("unavailable", flow.next, []);
  }
}

/** A refusal decided here (not by the provider's answer), with the reason the page gives. */
class SsoRefusal extends Error {
  constructor(
    readonly reason: SsoFailure,
    readonly email: string | undefined,
  ) {
    super(`refused: ${reason}`);
  }
}

/** The audit log's entry for a single sign-on that signed nobody in: why, and the email when known. */
async function auditRefusal(request: Request, reason: SsoFailure, email?: string) {
  await recordAudit(await getDb(), {
    kind: "sign_in.sso_refused",
    by: actorOf(request, null),
    email,
    target: { type: "sso", name: reason },
  });
}

export async function finishSsoSignIn(request: Request): Promise<SsoRedirect> {
  const configured = provider();
  const cleared = clearedFlowCookies(request);
  const flow = readFlow(request);
  if (!flow) {
    logFailure("expired", undefined);
    return toSignInPage("expired", "/", cleared);
  }
  const rules = ssoRules();
  try {
    // The URL the provider sent the browser to, as the code exchange must name it: behind a proxy
    // the request's own URL is the server's address, not the one the provider was given.
    const callbackUrl = new URL(flow.redirectUri);
    callbackUrl.search = new URL(request.url).search;
    const { issuer, subject, claims } = await verifiedClaims(configured, callbackUrl, flow, [
      "email",
      rules.groupsClaim,
    ]);
    const db = await getDb();
    const member = await memberSigningIn(
      db,
      request,
      { issuer, subject },
      personFrom(claims, rules.groupsClaim),
      rules,
    );
    await recordAudit(db, { kind: "sign_in.succeeded", by: actorOf(request, toMember(member)) });
    return {
      location: flow.next,
      cookies: [...cleared, await startSession(request, member.id)],
    };
  } catch (error) {
    const refusal = error instanceof SsoRefusal;
    const reason = refusal ? error.reason : providerFailure(error);
    logFailure(reason, refusal ? undefined : error);
    // Into the audit log when the provider vouched for who was refused; a state or nonce that does
    // not verify names nobody, and anyone can send one: the server's log has those.
    if (refusal) await auditRefusal(request, reason, error.email);
    return toSignInPage(reason, flow.next, cleared);
  }
}

function ssoRules(): SsoRules {
  const { OIDC_ALLOWED_GROUPS, OIDC_ADMIN_GROUPS, OIDC_ALLOWED_DOMAINS, OIDC_GROUPS_CLAIM } = settings();
  return {
    allowedGroups: OIDC_ALLOWED_GROUPS ?? [],
    adminGroups: OIDC_ADMIN_GROUPS,
    allowedDomains: OIDC_ALLOWED_DOMAINS ?? [],
    groupsClaim: OIDC_GROUPS_CLAIM,
  };
}

/**
 * The member this person signs in as: allowed by the rules at every sign-in, then the member their
 * account is linked to, or the member with their verified email (linked now), or a new member. The
 * role follows the admin groups where they are set.
 */
async function memberSigningIn(
  db: Db,
  request: Request,
  identity: Identity,
  person: SsoPerson,
  rules: SsoRules,
): Promise<MemberRow> {
  const admitted = admission(person, rules);
  if (!admitted.allowed) throw new SsoRefusal("refused", person.email);
  let row = await findMemberRowByIdentity(db, identity);
  if (row) await touchIdentity(db, identity);
  else row = await linkedOrAdded(db, identity, person, admitted.role ?? "member");
  // Deactivation is the team's word over the provider's: no session, and the role stays as it was.
  if (row.deactivated_at !== null) throw new SsoRefusal("deactivated", person.email);
  const role = admitted.role !== undefined && changeOf({ role: row.role }, { role: admitted.role });
  if (role) {
    await updateMember(db, row.id, { role: admitted.role });
    const target = { type: "member", id: row.id, name: row.name };
    await recordAudit(db, {
      kind: "member.role_changed",
      by: actorOf(request, toMember(row)),
      target,
      change: role,
    });
    row = { ...row, role: admitted.role ?? row.role };
  }
  return row;
}

async function linkedOrAdded(
  db: Db,
  identity: Identity,
  person: SsoPerson,
  role: "admin" | "member",
): Promise<MemberRow> {
  if (!person.email) throw new SsoRefusal("no_email", undefined);
  const existing = await findMemberRowByEmail(db, person.email);
  if (!existing)
    return insertMemberWithIdentity(
      db,
      { email: person.email, name: person.name, role, passwordHash: NO_PASSWORD },
      identity,
    );
  // Linking hands the member to whoever holds this account: only on an email the provider has
  // verified, and never over a link the member already has at this provider.
  if (!person.emailVerified || (await hasIdentityAt(db, existing.id, identity.issuer)))
    throw new SsoRefusal("email_taken", person.email);
  await linkIdentity(db, existing.id, identity);
  return existing;
}
