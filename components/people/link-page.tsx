/** The frame of a page a one-time link opens: its title, then the form, or why the link cannot be used. */
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Panel } from "@/components/ui/surface";

export function LinkPage({
  title,
  unusable,
  intro,
  children,
}: {
  title: string;
  /** Why the link cannot be used; null when it can. */
  unusable: string | null;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Panel className="mx-auto mt-6 w-full max-w-sm p-6 sm:mt-16">
      <h1 className="mb-1 text-lg font-semibold tracking-tight">{title}</h1>
      {unusable === null ? (
        <>
          <p className="mb-5 text-sm text-zinc-600 dark:text-zinc-400">{intro}</p>
          {children}
        </>
      ) : (
        <div className="flex flex-col gap-4">
          <Notice tone="error">{unusable}</Notice>
          <Link href="/sign-in" className={buttonClasses({ variant: "primary", className: "w-full" })}>
            Go to sign-in
          </Link>
        </div>
      )}
    </Panel>
  );
}
