"use client";

/** Styled pieces of a Radix DropdownMenu, so every menu looks and behaves the same. */
import { DropdownMenu } from "radix-ui";
import type { ComponentProps } from "react";

export const Menu = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;

export function MenuContent({ className = "", ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        align="end"
        sideOffset={4}
        collisionPadding={8}
        className={`z-50 min-w-44 rounded-lg border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900 ${className}`}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

export function MenuItem({ className = "", ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return (
    <DropdownMenu.Item
      className={`flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 text-zinc-800 outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-zinc-100 dark:text-zinc-100 dark:data-[highlighted]:bg-zinc-800 ${className}`}
      {...props}
    />
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-700" />;
}
