/** How the page names each token scope and says what it allows. */
import type { TokenScope } from "@/lib/contract";

export const SCOPE_WORDING: Record<TokenScope, { label: string; description: string }> = {
  read: {
    label: "Read",
    description:
      "Lists and reads renders, uploads, boards and presets, and downloads outputs. Changes nothing.",
  },
  read_and_create: {
    label: "Read and create",
    description:
      "Everything you can do in the dashboard: start renders (counted against your cap), upload, organise.",
  },
};

/** The scopes in the order the form offers them, narrowest first. */
export const SCOPES = Object.keys(SCOPE_WORDING) as TokenScope[];
