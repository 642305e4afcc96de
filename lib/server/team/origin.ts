import "server-only";
/**
 * Cross-site request refusal for state-changing routes. Browsers send `Origin` (and
 * `Sec-Fetch-Site`) with every POST; a value naming another site means a page elsewhere is trying to
 * spend the team's credits with a member's cookie. Clients without either header (curl, scripts)
 * carry no browser cookie by accident and are judged by their session alone.
 */
import { AppError } from "@/lib/contract/errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site") throw crossOrigin();
  const origin = request.headers.get("origin");
  if (origin === null) return;
  const host =
    request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? new URL(request.url).host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw crossOrigin();
  }
  if (originHost !== host) throw crossOrigin();
}

const crossOrigin = () => new AppError("forbidden", "Cross-origin requests are refused.");
