"use client";

/**
 * The bar over the gallery while renders are ticked: how many, and what to do with them: compare
 * (2–4), download them as one zip, or clear the selection. The zip is a form posted into a hidden
 * frame, so the browser's own download manager streams it to disk (and a cancel there stops the
 * server's fetching), while a refusal (an answer in the error shape instead of a file) lands in the
 * frame, where this bar reads it and says why. Loaded with the first tick, not with the page.
 */
import { useRouter } from "next/navigation";
import { useId, useRef } from "react";
import { Columns2Icon, DownloadIcon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/notify";
import { loadContract } from "@/lib/client/contract-loader";
import { COMPARE_MAX, ZIP_ACTION, compareHref } from "./render-links";
import { useSelectedIds } from "./review-context";
import type { SelectionStore } from "./selection";

export default function SelectionBar({ selection }: { selection: SelectionStore }) {
  const ids = useSelectedIds(selection);
  const router = useRouter();
  const frameName = `zip-${useId().replace(/[^\w-]/g, "")}`;
  const frame = useRef<HTMLIFrameElement>(null);
  const comparable = ids.length >= 2 && ids.length <= COMPARE_MAX;
  if (ids.length === 0) return null;

  const readRefusal = () => {
    const text = frame.current?.contentDocument?.body?.textContent?.trim();
    if (!text) return;
    void refusalMessage(text).then((message) =>
      notify.error("Could not make the zip", { description: message }),
    );
  };

  return (
    <div
      role="region"
      aria-label="Selection"
      className="fixed inset-x-2 bottom-2 z-30 mx-auto flex max-w-2xl flex-wrap items-center gap-2 rounded-xl border border-zinc-200 bg-white/95 p-2 shadow-lg backdrop-blur dark:border-zinc-700 dark:bg-zinc-900/95"
    >
      <p className="px-1.5 text-sm font-medium tabular-nums" aria-live="polite">
        {ids.length} selected
      </p>
      <span className="ml-auto flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          disabled={!comparable}
          title={comparable ? undefined : `Compare takes 2 to ${COMPARE_MAX} renders`}
          onClick={() => router.push(compareHref(ids))}
        >
          <Columns2Icon /> Compare
        </Button>
        <form method="post" action={ZIP_ACTION} target={frameName}>
          <input type="hidden" name="ids" value={ids.join(",")} />
          <Button size="sm" type="submit" variant="primary">
            <DownloadIcon /> Download zip
          </Button>
        </form>
        <Button size="sm" variant="ghost" onClick={() => selection.clear()}>
          <XIcon /> Clear selection
        </Button>
      </span>
      <iframe ref={frame} name={frameName} title="Zip download" hidden onLoad={readRefusal} />
    </div>
  );
}

/** The message of an error-shaped answer, or its text as it came (a proxy's page, say). */
async function refusalMessage(text: string): Promise<string> {
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    return text.slice(0, 300);
  }
  const { appErrorFromBody } = await loadContract();
  return appErrorFromBody(400, body).message;
}
