"use client";
/**
 * Building on a ready render's output in the form: **Use as reference** (an image or a video),
 * **Animate** and **Vary** (an image). Each is a link to the form (`?animate=<id>`…), which copies
 * the output to the service and fills itself; nothing here starts a render or charges anything.
 */
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { ClapperboardIcon, ImagePlusIcon, ShuffleIcon } from "lucide-react";
import type { ReactNode } from "react";
import type { LedgerRender } from "@/lib/contract";
import { MenuItem } from "@/components/ui/menu";
import { buttonClasses } from "@/components/ui/button";
import { iterateHref, type IterateAction } from "./render-links";

interface IterateLink {
  action: IterateAction;
  label: string;
  icon: ReactNode;
}

/** The actions a render offers: none until it has an output. */
export function iterateLinks(render: Pick<LedgerRender, "kind" | "status" | "outputUrl">): IterateLink[] {
  if (render.status !== "ready" || !render.outputUrl) return [];
  const reference: IterateLink = { action: "reference", label: "Use as reference", icon: <ImagePlusIcon /> };
  if (render.kind === "video") return [reference];
  return [
    reference,
    { action: "animate", label: "Animate", icon: <ClapperboardIcon /> },
    { action: "vary", label: "Vary", icon: <ShuffleIcon /> },
  ];
}

/** The actions as items of a card's menu; the gallery's filters are kept in the links. */
export function IterateMenuItems({ render }: { render: LedgerRender }) {
  const searchParams = useSearchParams();
  return iterateLinks(render).map(({ action, label, icon }) => (
    <MenuItem key={action} asChild>
      <Link href={iterateHref(action, render.id, new URLSearchParams(searchParams.toString()))}>
        {icon} {label}
      </Link>
    </MenuItem>
  ));
}

/**
 * The actions as buttons (the viewer, the render page). `prefetch: false` where renders pass by
 * quickly (the viewer), so each one shown does not cost the server a render of the form per link.
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
  return iterateLinks(render).map(({ action, label, icon }) => (
    <Link
      key={action}
      href={iterateHref(action, render.id, new URLSearchParams(searchParams.toString()))}
      prefetch={prefetch}
      className={buttonClasses({ size })}
    >
      {icon} {label}
    </Link>
  ));
}
