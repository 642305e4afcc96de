"use client";

/**
 * What a person can do with a render besides looking at it and the links of render-links.ts: copy its
 * prompt. Nothing here starts a render: "Reuse settings" fills the form, and only the form's Submit
 * (with its cost shown) spends credits.
 */
import { notify } from "@/components/ui/notify";

export async function copyPrompt(prompt: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(prompt);
    notify.success("Prompt copied");
  } catch {
    // The clipboard needs a secure context (https or localhost) and the page's focus.
    notify.error("Could not copy: the browser blocked the clipboard");
  }
}
