/**
 * The pages' Content-Security-Policy. Scripts run only with the per-request nonce (Next applies it
 * to its own scripts); images and video may also come from the Render Service's media origins,
 * since finished renders and reference uploads are shown straight from `outputUrl` and upload URLs.
 * Workers come from the dashboard only (its service worker).
 */
export interface CspOptions {
  nonce: string;
  /** Origins that serve media, e.g. `https://cdn.render.example`. */
  mediaOrigins: readonly string[];
  /** Development needs `eval` for React's debugging and fast refresh. */
  development: boolean;
}

export function buildCsp({ nonce, mediaOrigins, development }: CspOptions): string {
  const media = ["'self'", "data:", "blob:", ...mediaOrigins].join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // Component libraries set style attributes, which nonces do not cover.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${media}`,
    `media-src ${media}`,
    "font-src 'self'",
    // The service worker (public/sw.js): under 'strict-dynamic' script-src ignores 'self', so the
    // dashboard's own worker is allowed here by name of origin.
    "worker-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}
