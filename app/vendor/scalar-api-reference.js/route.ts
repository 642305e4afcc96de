/**
 * The API reference's renderer (`/api/docs`): Scalar's standalone browser build, served as the
 * package ships it. Loaded by a script tag on that page only, it stays out of the app's own bundles
 * and module graph, so no other page carries a byte of it (docs/architecture.md, "The OpenAPI
 * document").
 */
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

const FILE = path.join(process.cwd(), "node_modules/@scalar/api-reference/dist/browser/standalone.js");

let script: Promise<{ body: Buffer; etag: string }> | undefined;

/** The file and its ETag, read once per process (it changes only with an install). */
function renderer() {
  script ??= readFile(FILE).then((body) => ({
    body,
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`,
  }));
  return script;
}

export async function GET(request: Request): Promise<Response> {
  const { body, etag } = await renderer();
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(body), { headers });
}
