"use client";
/**
 * Building on a ready render's output in the form: **Use as reference** (an image or a video),
 * **Animate** and **Vary** (an image). Each is a link to the form (`?animate=<id>`…), which copies
 * the output to the service and fills itself; nothing here starts a render or charges anything.
 * A video is a reference only for a video model that takes reference videos (the catalogue says
 * which): with the form's model one that does not, its Use as reference is disabled, saying why.
 */
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { ClapperboardIcon, ImagePlusIcon, ShuffleIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import type { LedgerRender } from "@/lib/contract";
import { VIDEO_MODELS, findVideoModel } from "@/lib/domain/catalogue";
import { useFormVideoModel } from "@/lib/client/form/video-model-choice";
import { MenuItem } from "@/components/ui/menu";
import { buttonClasses } from "@/components/ui/button";
import { iterateHref, type IterateAction } from "./render-links";

interface IterateLink {
  action: IterateAction;
  label: string;
  icon: ReactNode;
  /** Why it cannot be done now, in words; absent when it can. */
  unavailable?: string;
}

/** Why a video cannot be a reference with this video model, in words; null when it can. */
export function videoReferenceProblem(modelId: string): string | null {
  const model = findVideoModel(modelId);
  if (model && model.maxReferenceVideos > 0) return null;
  const takers = VIDEO_MODELS.filter((m) => m.maxReferenceVideos > 0).map((m) => m.label);
  const choices = takers.length > 1 ? `${takers.slice(0, -1).join(", ")} or ${takers.at(-1)}` : takers[0];
  return `${model?.label ?? modelId} takes no reference videos: choose ${choices} in the form to use a video.`;
}

/**
 * The actions a render offers, none until it has an output; `videoModel`: the form's, which a
 * video's Use as reference needs to take reference videos.
 */
export function iterateLinks(
  render: Pick<LedgerRender, "kind" | "status" | "outputUrl">,
  videoModel: string,
): IterateLink[] {
  if (render.status !== "ready" || !render.outputUrl) return [];
  const reference: IterateLink = { action: "reference", label: "Use as reference", icon: <ImagePlusIcon /> };
  if (render.kind === "video") {
    const problem = videoReferenceProblem(videoModel);
    return [problem === null ? reference : { ...reference, unavailable: problem }];
  }
  return [
    reference,
    { action: "animate", label: "Animate", icon: <ClapperboardIcon /> },
    { action: "vary", label: "Vary", icon: <ShuffleIcon /> },
  ];
}

/** The actions as items of a card's menu; the gallery's filters are kept in the links. */
export function IterateMenuItems({ render }: { render: LedgerRender }) {
  const searchParams = useSearchParams();
  const reasonId = useId();
  return iterateLinks(render, useFormVideoModel()).map(({ action, label, icon, unavailable }) =>
    unavailable ? (
      <div key={action}>
        <MenuItem disabled aria-describedby={reasonId}>
          {icon} {label}
        </MenuItem>
        <p id={reasonId} className="max-w-56 px-2 pb-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          {unavailable}
        </p>
      </div>
    ) : (
      <MenuItem key={action} asChild>
        <Link href={iterateHref(action, render.id, new URLSearchParams(searchParams.toString()))}>
          {icon} {label}
        </Link>
      </MenuItem>
    ),
  );
}

/**
 * The actions as buttons (the viewer, the render page). One that cannot be done now stays focusable
 * (`aria-disabled`), so its reason, shown beside it, is also read with it. `prefetch: false` where
 * renders pass by quickly (the viewer), so each one shown does not cost the server a render of the
 * form per link.
 */
export function IterateButtons({
  render,
  size = "md",
  prefetch,
}: {
  render: LedgerRender;
  size?: "sm" | "md";
  prefetch?: false;
}) {
  const searchParams = useSearchParams();
  const reasonId = useId();
  return iterateLinks(render, useFormVideoModel()).map(({ action, label, icon, unavailable }) =>
    unavailable ? (
      <span key={action} className="flex max-w-xs flex-col gap-1">
        <button
          type="button"
          aria-disabled="true"
          aria-describedby={reasonId}
          className={`${buttonClasses({ size })} cursor-not-allowed opacity-50`}
        >
          {icon} {label}
        </button>
        <span id={reasonId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {unavailable}
        </span>
      </span>
    ) : (
      <Link
        key={action}
        href={iterateHref(action, render.id, new URLSearchParams(searchParams.toString()))}
        prefetch={prefetch}
        className={buttonClasses({ size })}
      >
        {icon} {label}
      </Link>
    ),
  );
}
