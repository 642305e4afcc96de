"use client";
/**
 * `?reference=<renderId>`, `?animate=<renderId>`, `?vary=<renderId>`: building on a render's output
 * from wherever it is shown (its card's menu, the viewer, its page). Loads the render, then:
 * - reference: its output joins the form's references (a video's, only for a model that takes
 *   reference videos; otherwise the form says which do);
 * - animate: the form switches to video with the image as its first reference (the start frame),
 *   the prompt kept for editing;
 * - vary: the form takes the render's settings, with its output as a reference.
 * The output is copied to the service by the server, shown in the upload list while it runs. The
 * parameter is then removed, so a reload does not do it again. Nothing here starts a render.
 */
import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";
import { notify } from "@/components/ui/notify";
import type { RenderToCopy } from "@/components/uploads";
import type { LedgerRender } from "@/lib/contract";
import type { RenderFormValues } from "@/lib/client/form";
import { formValuesFromRender } from "@/lib/client/form/from-render";
import { renderQueryOptions } from "@/lib/client/queries/renders";
import { ITERATE_ACTIONS, type IterateAction } from "@/components/render/render-links";
import { videoReferenceProblem } from "@/components/render/iterate-actions";

export interface IteratePrefillProps {
  current: () => RenderFormValues;
  /** Fills the whole form; `parentId`: the render whose settings it now holds. */
  onFill: (values: RenderFormValues, message: string, parentId?: string) => void;
  onChange: (values: Partial<RenderFormValues>) => void;
  onCopy: (render: RenderToCopy) => void;
}

export function IteratePrefill(props: IteratePrefillProps) {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const action = ITERATE_ACTIONS.find((a) => searchParams.has(a));
  const id = action ? searchParams.get(action) : null;
  const render = useQuery({ ...renderQueryOptions(id ?? ""), enabled: id !== null, refetchInterval: false });
  // Each request is carried out once, whatever the effect's reruns before the URL changes.
  const done = useRef<string | null>(null);

  useEffect(() => {
    if (!action || id === null || (!render.data && !render.isError)) return;
    if (done.current !== `${action}:${id}`) {
      done.current = `${action}:${id}`;
      if (render.data) void buildOn(action, render.data, props);
      else notify.error("That render could not be loaded", { description: render.error?.message });
    }
    const rest = new URLSearchParams(searchParams.toString());
    rest.delete(action);
    const query = rest.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [action, id, render.data, render.isError, render.error, props, pathname, router, searchParams]);

  return null;
}

async function buildOn(action: IterateAction, render: LedgerRender, props: IteratePrefillProps) {
  const { current, onFill, onChange, onCopy } = props;
  if (render.status !== "ready" || !render.outputUrl) {
    notify.error("That render has no output to build on");
    return;
  }
  const copy: RenderToCopy = {
    id: render.id,
    kind: render.kind,
    outputUrl: render.outputUrl,
    name: render.prompt.length > 60 ? `${render.prompt.slice(0, 59)}…` : render.prompt,
  };
  if (action === "animate") {
    onChange({ kind: "video", prompt: render.prompt });
    onCopy({ ...copy, first: true });
    notify.success("Animating the image", { description: "It becomes the video's start frame." });
    return;
  }
  if (action === "vary") {
    let filled: Awaited<ReturnType<typeof formValuesFromRender>>;
    try {
      filled = await formValuesFromRender(render, current());
    } catch (error) {
      notify.error("That render's settings could not be loaded", {
        description: error instanceof Error ? error.message : undefined,
      });
      return;
    }
    if (!filled.ok) {
      notify.error("That render's settings no longer fit the form", { description: filled.message });
      return;
    }
    onFill(filled.values, "Settings loaded, with the image as a reference", render.id);
    onCopy(copy);
    return;
  }
  if (render.kind === "video") {
    const values = current();
    // A link made before the form's model changed (or typed) may still ask.
    const problem = videoReferenceProblem(values.model);
    if (problem !== null) {
      notify.error("This video cannot be a reference here", { description: problem });
      return;
    }
    if (values.kind !== "video") onChange({ kind: "video" });
  }
  onCopy(copy);
}
