/**
 * Adds the Content-Security-Policy, with a fresh nonce, to every page. It is not an access check:
 * every page and route handler checks the session itself. API routes are left out of the matcher,
 * since a proxied request body over 10 MB is truncated (uploads go through /api/uploads).
 */
import { NextResponse, type NextRequest } from "next/server";
import { buildCsp, mediaOriginsFrom } from "@/lib/server/http/csp";

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const policy = buildCsp({
    nonce,
    mediaOrigins: mediaOriginsFrom(process.env.MEDIA_ORIGINS, process.env.RENDER_API_BASE_URL),
    development: process.env.NODE_ENV === "development",
  });
  // Next reads the nonce from the request's policy and puts it on the scripts it renders.
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: [
    {
      source: "/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)",
      missing: [{ type: "header", key: "next-router-prefetch" }],
    },
  ],
};
