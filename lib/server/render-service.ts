import "server-only";
/** The process's one Render Service client, built from the server's settings. */
import { createRenderServiceClient, type RenderServiceClient } from "../render-api";
import { serverConfig } from "./config";

const holder = globalThis as typeof globalThis & { __renderService?: RenderServiceClient };

export function renderService(): RenderServiceClient {
  if (!holder.__renderService) {
    const config = serverConfig();
    holder.__renderService = createRenderServiceClient({
      baseUrl: config.RENDER_API_BASE_URL,
      apiKey: config.RENDER_API_KEY,
      timeoutMs: config.RENDER_API_TIMEOUT_MS,
    });
  }
  return holder.__renderService;
}
