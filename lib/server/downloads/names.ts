import "server-only";
import type { LedgerRender } from "@/lib/contract";
import type { NamedRender } from "@/lib/domain/download-names";

/** What a render's file is named after: its model label is the service's, else the model asked for. */
export const namedRender = (render: LedgerRender): NamedRender => ({
  id: render.id,
  createdAt: render.createdAt,
  model: render.renderModel ?? render.model,
  prompt: render.prompt,
});
