import "server-only";
/**
 * The dashboard's own cookies (the session, single sign-on's flow): one name over plain http (a
 * development machine, a LAN without TLS) and `__Host-<name>` over HTTPS. Browsers accept a
 * `__Host-` cookie only when it is Secure, has Path=/ and no Domain, so no sibling subdomain and no
 * plain-http response can plant or overwrite it. All are HttpOnly and SameSite=Lax (sent on a
 * top-level navigation from another site, which is how a provider returns to the dashboard).
 */

/** The cookie's name over HTTPS. */
export const hostCookieName = (name: string) => `__Host-${name}`;

/** Reads one cookie from a Cookie header. */
function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/**
 * A cookie's value from a Cookie header. The `__Host-` cookie wins whenever it is present, even if
 * it turns out invalid: only this host, over HTTPS, can have set it, while a plain one sent beside
 * it may have been planted. The plain name is what plain http uses.
 */
export function readHostCookie(header: string | null, name: string): string | undefined {
  return readCookie(header, hostCookieName(name)) ?? readCookie(header, name);
}

/** A Set-Cookie value: `__Host-` and Secure over HTTPS, the plain name over http. */
export function hostCookieHeader(
  name: string,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
): string {
  return [
    `${secure ? hostCookieName(name) : name}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * Set-Cookie values that remove a cookie. Over HTTPS both names are cleared: a plain cookie left from
 * before the dashboard was put behind TLS would otherwise still be read.
 */
export function clearedHostCookieHeaders(name: string, secure: boolean): string[] {
  const plain = [`${name}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0"];
  return secure ? [hostCookieHeader(name, "", 0, true), [...plain, "Secure"].join("; ")] : [plain.join("; ")];
}
