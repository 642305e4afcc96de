import "server-only";
/**
 * Whether the service still serves an upload it returned earlier. The spec has no endpoint to ask
 * (§4.1), but an upload URL is an address: a HEAD request to it answering 404 or 410 says the file
 * is gone. Anything else (served, a redirect, a refusal, no answer) counts as still there, so a copy
 * is made again only when the service has said it lost the file; a render that names a lost upload
 * anyway is refused by the service before any charge (422), never charged for.
 */
import { request } from "undici";
import { outputOrigins } from "@/lib/server/runtime/output-fetch";
import { serverConfig } from "@/lib/server/runtime/config";

/** The origins an upload URL may be probed on: the media origins and the service's own. */
function probeOrigins(): string[] {
  return [...outputOrigins(), new URL(serverConfig().RENDER_API_BASE_URL).origin];
}

export async function stillServed(url: string): Promise<boolean> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  // Only addresses the dashboard already trusts are asked; the service's key is never sent.
  if (!probeOrigins().includes(target.origin)) return true;
  try {
    const { statusCode, body } = await request(target, {
      method: "HEAD",
      signal: AbortSignal.timeout(serverConfig().RENDER_API_TIMEOUT_MS),
    });
    await body.dump();
    return statusCode !== 404 && statusCode !== 410;
  } catch {
    return true;
  }
}
