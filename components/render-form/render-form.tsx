"use client";
import type { PublicSettings } from "@/lib/server/config";

export interface RenderFormProps {
  settings: PublicSettings;
}

/** The new-render form (being built; the page can already compose it). */
export function RenderForm({ settings }: RenderFormProps) {
  return (
    <form aria-label="New render" data-upload-max-bytes={settings.uploadMaxBytes}>
      <button type="submit" disabled>
        Start render
      </button>
    </form>
  );
}
