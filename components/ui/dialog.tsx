"use client";
/**
 * Modal dialogs (Radix Dialog: focus trap, Escape, return of focus), in the app's sizes: an `alert`
 * that asks one question, a `sheet` that holds a scrolling list, and a full-screen `viewer`.
 */
import { Dialog as Radix } from "radix-ui";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { Button } from "./button";
import { XIcon } from "lucide-react";

export const Dialog = Radix.Root;
export const DialogClose = Radix.Close;

const SIZES = {
  alert: "top-1/2 left-1/2 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 p-5",
  sheet: "inset-x-2 top-[5vh] mx-auto flex max-h-[90vh] max-w-3xl flex-col",
  /** The whole screen (with a margin on wide ones): a render viewed full size. */
  viewer: "inset-0 flex flex-col overflow-hidden sm:inset-3",
} as const;

export interface DialogPanelProps extends ComponentPropsWithoutRef<typeof Radix.Content> {
  size: keyof typeof SIZES;
}

/** The dialog itself, over a dimmed page. */
export function DialogPanel({ size, className = "", ...props }: DialogPanelProps) {
  return (
    <Radix.Portal>
      <Radix.Overlay className="fixed inset-0 z-40 bg-black/40 backdrop-blur-[1px]" />
      <Radix.Content
        className={`fixed z-50 rounded-xl border border-zinc-200 bg-white shadow-2xl dark:border-zinc-800 dark:bg-zinc-950 ${SIZES[size]} ${className}`}
        {...props}
      />
    </Radix.Portal>
  );
}

export function DialogTitle({ children }: { children: ReactNode }) {
  return <Radix.Title className="text-base font-semibold">{children}</Radix.Title>;
}

export function DialogDescription({ className = "", children }: { className?: string; children: ReactNode }) {
  return (
    <Radix.Description className={`text-sm text-zinc-600 dark:text-zinc-400 ${className}`}>
      {children}
    </Radix.Description>
  );
}

/** The sheet's header: title and description on the left, a close button on the right. */
export function DialogHeader({ title, description }: { title: ReactNode; description: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-zinc-200 p-4 dark:border-zinc-800">
      <div>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </div>
      <Radix.Close asChild>
        <Button size="icon" variant="ghost" aria-label="Close">
          <XIcon />
        </Button>
      </Radix.Close>
    </div>
  );
}
