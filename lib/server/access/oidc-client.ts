import "server-only";
/**
 * The dashboard as an OpenID Connect client, through `openid-client` (certified; every check of the
 * provider's answer is its own: state, the ID token's signature, issuer, audience, expiry and nonce,
 * PKCE). The one module that imports it. The provider's discovery document is read on the first
 * sign-in that needs it, not at start, with a timeout, and kept for the process; a failed read is
 * forgotten, so the next sign-in tries again.
 */
import * as oidc from "openid-client";
import { settings } from "@/lib/server/runtime/config";
import { startedSingleton } from "@/lib/server/runtime/process-singleton";

/** Seconds any request to the provider may take (discovery, keys, the code exchange, userinfo). */
const PROVIDER_TIMEOUT_SECONDS = 5;

/** What the dashboard asks for: the ID token, the email and the name; groups come with them where the provider adds them. */
const SCOPE = "openid email profile";

interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** The provider's settings, or null when single sign-on is not set up. */
export function providerSettings(): ProviderSettings | null {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = settings();
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET) return null;
  return { issuer: OIDC_ISSUER, clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET };
}

function configuration({ issuer, clientId, clientSecret }: ProviderSettings): Promise<oidc.Configuration> {
  // Settings are validated to allow http only on loopback (a provider on this machine).
  const url = new URL(issuer);
  return startedSingleton(`oidc-client:${issuer}:${clientId}`, () =>
    oidc.discovery(url, clientId, clientSecret, undefined, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      execute: url.protocol === "http:" ? [oidc.allowInsecureRequests] : [],
    }),
  );
}

/** A new flow's random values: state, nonce and PKCE's code verifier. */
export const newFlowSecrets = () => ({
  state: oidc.randomState(),
  nonce: oidc.randomNonce(),
  verifier: oidc.randomPKCECodeVerifier(),
});

/** The provider's authorization URL for a flow (reads the discovery document the first time). */
export async function authorizationUrl(
  provider: ProviderSettings,
  flow: { state: string; nonce: string; verifier: string; redirectUri: string },
): Promise<URL> {
  const config = await configuration(provider);
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: flow.redirectUri,
    scope: SCOPE,
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
  });
}

export type Claims = Record<string, unknown>;

/**
 * Redeems the authorization response at `callbackUrl` (the redirect URI with the provider's query)
 * for the flow this browser started, and answers the verified ID token's claims. When the ID token
 * lacks the email or the groups claim (many providers put scope claims in userinfo only), the
 * userinfo answer fills them in; the ID token's own claims win.
 */
export async function verifiedClaims(
  provider: ProviderSettings,
  callbackUrl: URL,
  flow: { state: string; nonce: string; verifier: string },
  wanted: readonly string[],
): Promise<{ issuer: string; subject: string; claims: Claims }> {
  const config = await configuration(provider);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    pkceCodeVerifier: flow.verifier,
  });
  const idToken = tokens.claims();
  // expectedNonce makes the ID token required: the library refuses an answer without one.
  if (!idToken) throw new Error("The provider answered without an ID token.");
  let claims: Claims = { ...idToken };
  if (wanted.some((name) => claims[name] === undefined) && config.serverMetadata().userinfo_endpoint) {
    const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
    claims = { ...userinfo, ...idToken };
  }
  return { issuer: idToken.iss, subject: idToken.sub, claims };
}

/** Why a provider exchange failed, as the sign-in page names it. */
export function providerFailure(error: unknown): "unavailable" | "cancelled" | "failed" {
  if (error instanceof oidc.AuthorizationResponseError && error.error === "access_denied") return "cancelled";
  return unreachable(error) ? "unavailable" : "failed";
}

/** A network failure, a timeout or a 5xx anywhere in the error's chain of causes. */
function unreachable(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === "TimeoutError" || cause.name === "AbortError") return true;
    if (cause instanceof TypeError && cause.message === "fetch failed") return true;
  }
  const response = error instanceof oidc.ClientError ? error.cause : undefined;
  return response instanceof Response && response.status >= 500;
}
