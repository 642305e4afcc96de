/** Headers every response carries; the pages' Content-Security-Policy is set per request in proxy.ts. */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "same-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm test` checks types itself (`npm run typecheck`, beside the end-to-end run whose build this
  // is), so that build skips Next's second pass over them (BUILD_SKIP_TYPECHECK=1 in
  // playwright.config.ts). Every other build checks them.
  typescript: { ignoreBuildErrors: process.env.BUILD_SKIP_TYPECHECK === "1" },
  // The container image's build (Dockerfile) asks for a self-contained server: `.next/standalone`
  // with only the modules it needs. `npm start` serves the usual build from the project folder.
  ...(process.env.BUILD_STANDALONE === "1" && { output: "standalone" }),
  // The ledger's native SQLite driver must stay a runtime require, not a bundled module.
  serverExternalPackages: ["libsql"],
  // The API reference's renderer is read from the package at run time (app/vendor): ship it in a
  // standalone build.
  outputFileTracingIncludes: {
    "/vendor/scalar-api-reference.js": ["./node_modules/@scalar/api-reference/dist/browser/standalone.js"],
  },
  turbopack: {
    // The zip writer's CRC-32 runs on Node's native one (lib/server/downloads/native-crc-32.ts).
    resolveAlias: { "crc-32": "./lib/server/downloads/native-crc-32.ts" },
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // The gallery downloads zips and files through a hidden frame of the dashboard itself, to
      // read a refusal there: only these routes' answers may be framed, and only by the dashboard.
      { source: "/api/renders/zip", headers: [{ key: "X-Frame-Options", value: "SAMEORIGIN" }] },
      { source: "/api/renders/:id/file", headers: [{ key: "X-Frame-Options", value: "SAMEORIGIN" }] },
      // The tab's icon (public/icon.svg, named in app/layout.tsx). Chromium asks for a page's icon
      // again at each change of its address, the viewer's every step included: each was a request
      // to the server and a new SVG document on the page's main thread. Kept a day, a step finds it
      // in the browser's cache (its name has no hash, so not for good).
      { source: "/icon.svg", headers: [{ key: "Cache-Control", value: "public, max-age=86400" }] },
      // The service worker is checked for a new version at each visit, never taken from a cache.
      { source: "/sw.js", headers: [{ key: "Cache-Control", value: "no-cache" }] },
      // Shared pages and their media open without sign-in: never indexed, never kept by a cache.
      {
        source: "/s/:path*",
        headers: [
          { key: "X-Robots-Tag", value: "noindex, nofollow" },
          { key: "Cache-Control", value: "no-store" },
        ],
      },
    ];
  },
};

export default nextConfig;
