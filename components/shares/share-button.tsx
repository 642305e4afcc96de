"use client";
/** "Share" on a finished render: opens the share dialog, whose code loads on the first press. */
import { lazy, Suspense, useState } from "react";
import { Share2Icon } from "lucide-react";
import { Button, type ButtonSize } from "@/components/ui/button";

const ShareDialog = lazy(() => import("./share-dialog"));

export function ShareButton({ renderId, size = "md" }: { renderId: string; size?: ButtonSize }) {
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
          <ShareDialog key={opening} renderId={renderId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
