"use client";
/** "Share" on a finished render or a board: opens the share dialog, whose code loads on the first press. */
import { lazy, Suspense, useState } from "react";
import { Share2Icon } from "lucide-react";
import { Button, type ButtonSize } from "@/components/ui/button";
import type { ShareTarget } from "@/lib/contract";

const ShareDialog = lazy(() => import("./share-dialog"));

export interface ShareButtonProps {
  target: ShareTarget;
  size?: ButtonSize;
}

export function ShareButton({ target, size = "md" }: ShareButtonProps) {
  // Each opening mounts a fresh dialog (its key), so a link made earlier is not shown again.
  const [opening, setOpening] = useState(0);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size}
        aria-haspopup="dialog"
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        <Share2Icon /> Share
      </Button>
      {opening > 0 && (
        <Suspense>
          <ShareDialog key={opening} target={target} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
