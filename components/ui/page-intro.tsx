/** A page's top below the header: the way back to all renders, its title and a line saying what it is. */
import type { ReactNode } from "react";
import { BackLink } from "./back-link";

export function PageIntro({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <BackLink href="/">All renders</BackLink>
      <div>
        <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{children}</p>
      </div>
    </>
  );
}
