import "server-only";
/**
 * The Render Service client, built from the server's settings.
 *
 * It calls undici's `fetch` directly rather than the global one: inside route handlers Next patches
 * the global `fetch` for its data cache, and that patch can read a streamed request body whole to
 * build a cache key, which would hold a 500 MB upload in memory. The client is stateless, so each
 * bundle may build its own.
 */
import { fetch as undiciFetch } from "undici";
import { createRenderServiceClient, type RenderServiceClient } from "@/lib/render-api";
import { serverConfig } from "./config";

let client: RenderServiceClient | undefined;

export function renderService(): RenderServiceClient {
  if (!client) {
    const config = serverConfig();
    client = createRenderServiceClient({
      baseUrl: config.RENDER_API_BASE_URL,
      apiKey: config.RENDER_API_KEY,
      timeoutMs: config.RENDER_API_TIMEOUT_MS,
      fetch: undiciFetch as unknown as typeof fetch,
    });
  }
  return client;
}
