/**
 * Runs before pages and most API routes. It is not an access check: every page and route handler
 * checks the session itself.
 *
 * - Pages get the Content-Security-Policy, with a fresh nonce, and `Strict-Transport-Security` when
 *   reached over HTTPS (never over plain http, where a browser would ignore it or, on a LAN name,
 *   lock the team out of a host without TLS).
 * - A shared page (`/s/<token>`) is marked for the root layout, which then leaves out the
 *   dashboard's frame (lib/server/http/shared-page.ts).
 * - A path with a malformed percent-escape (`/renders/%E2%82`, `/api/renders/%ZZ`) is answered here:
 *   Next fails decoding it as a dynamic segment before any route handler runs, so pages get the
 *   not-found page and API routes a 400 in the one error shape.
 *
 * API routes stay out of the matcher but for that check, and it takes only paths that may need it
 * (a `%` that is not an ASCII escape): a request body passing through here is copied (and cut at
 * 10 MB), and one whose client goes away mid-body throws `Error: aborted` outside any handler, into
 * the server's log. The dashboard's own ids never need escaping, so no real API request comes here.
 * /api/docs is a page (the API's reference) and is treated as one.
 */
import { NextResponse, type NextRequest } from "next/server";
import { AppError } from "@/lib/contract";
import { buildCsp } from "@/lib/server/http/csp";
import { SHARED_PAGE_HEADER, isSharedPagePath } from "@/lib/server/http/shared-page";
import { mediaOriginsFrom } from "@/lib/server/runtime/media-origins";
import { settings } from "@/lib/server/runtime/config";
import { reachedOverHttps } from "@/lib/server/access/origin";

/** Two years, the preload list's own figure; no includeSubDomains, since other hosts of the domain are not ours. */
const HSTS = "max-age=63072000";

/** Pages whose path lies under /api/. */
const API_PAGES = new Set(["/api/docs"]);

/** Any path that matches no route: rewriting to it renders the not-found page with a 404. */
const NOT_FOUND_PATH = "/_malformed-path";

function decodesCleanly(pathname: string): boolean {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

export function proxy(request: NextRequest) {
  // The raw path: request.nextUrl may already have been normalised.
  const pathname = new URL(request.url).pathname;
  const api = pathname.startsWith("/api/") && !API_PAGES.has(pathname);
  if (!decodesCleanly(pathname) && api) {
    const error = new AppError("invalid_request", "The address has a malformed percent-escape.", {
      status: 400,
    });
    return NextResponse.json(error.toBody(), { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  if (api) return NextResponse.next();

  const config = settings();
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = buildCsp({
    nonce,
    mediaOrigins: mediaOriginsFrom(config.MEDIA_ORIGINS, config.RENDER_API_BASE_URL),
    development: config.NODE_ENV === "development",
  });
  // Next reads the nonce from the request's policy and puts it on the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  requestHeaders.delete(SHARED_PAGE_HEADER);
  if (isSharedPagePath(pathname)) requestHeaders.set(SHARED_PAGE_HEADER, "1");
  const response = decodesCleanly(pathname)
    ? NextResponse.next({ request: { headers: requestHeaders } })
    : NextResponse.rewrite(new URL(NOT_FOUND_PATH, request.url), { request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  if (reachedOverHttps(request, config.TRUSTED_PROXY_HOPS)) {
    response.headers.set("Strict-Transport-Security", HSTS);
  }
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)",
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
    { source: "/api/docs", missing: [{ type: "header", key: "next-router-prefetch" }] },
    // For the percent-escape check only: %00–%7F always decode, any other `%` may not.
    "/api/(.*%(?![0-7][0-9a-fA-F]).*)",
  ],
};
