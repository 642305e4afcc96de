"use client";
/**
 * "Reference library": the button, and the dialog it opens, loaded the first time it is opened (the
 * dialog and its list are not part of the page's first load).
 */
import { Suspense, lazy, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { ReferenceLibraryDialogProps } from "./reference-library-dialog";

const ReferenceLibraryDialog = lazy(() => import("./reference-library-dialog"));

export function ReferenceLibrary(props: ReferenceLibraryDialogProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        size="sm"
        variant="secondary"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Reference library
      </Button>
      {opened && (
        <Suspense>
          <ReferenceLibraryDialog {...props} open={open} onOpenChange={setOpen} returnFocusTo={button} />
        </Suspense>
      )}
    </>
  );
}
