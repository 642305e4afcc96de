"use client";

/**
 * What a person can do with a render besides looking at it: copy its prompt, download it, or start
 * it again with the same parameters (Reuse); the links are in render-links.ts. Shared by the gallery's card menu and
 * the render page's buttons, so both behave the same.
 */
import { useCallback } from "react";
import { notify } from "@/components/ui/notify";
import type { LedgerRender } from "@/lib/contract";
import { useCreateRender } from "@/lib/client/queries/create-render";
import { loadContract } from "@/lib/client/contract-loader";

/** A file name for a download, e.g. `render-abc123.mp4`. */
export function downloadName(render: Pick<LedgerRender, "id" | "kind" | "outputUrl">): string {
  const fromUrl = render.outputUrl?.split(/[?#]/)[0]?.match(/\.([a-z0-9]{2,5})$/i)?.[1];
  const extension = fromUrl ?? (render.kind === "video" ? "mp4" : "png");
  return `render-${render.id.replace(/[^\w-]/g, "_")}.${extension}`;
}

export async function copyPrompt(prompt: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(prompt);
    notify.success("Prompt copied");
  } catch {
    // The clipboard needs a secure context (https or localhost) and the page's focus.
    notify.error("Could not copy: the browser blocked the clipboard");
  }
}

export function useReuseRender() {
  const { mutateAsync, isPending } = useCreateRender();
  const reuse = useCallback(
    async (render: Pick<LedgerRender, "kind" | "prompt" | "params">) => {
      const contract = await loadContract().catch((error: Error) => {
        notify.error("Could not start the render", { description: error.message });
      });
      if (!contract) return;
      const { renderRequestSchema } = contract;
      const parsed = renderRequestSchema.safeParse({
        kind: render.kind,
        prompt: render.prompt,
        ...render.params,
      });
      if (!parsed.success) {
        notify.error("This render's parameters are no longer accepted; use Edit to adjust them");
        return;
      }
      notify.promise(mutateAsync({ request: parsed.data }), {
        loading: "Starting a new render…",
        success: "Started a new render with the same parameters",
        error: (error: unknown) => (error instanceof Error ? error.message : "Could not start the render"),
      });
    },
    [mutateAsync],
  );
  return { reuse, isPending };
}
