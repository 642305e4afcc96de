/** A 404 page's body: what was not found, and the way back to the gallery. */
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export function NotFoundNotice({ title, children }: { title: string; children: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-20 text-center">
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-400">404</p>
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{children}</p>
      <Link href="/" className={buttonClasses({ variant: "primary" })}>
        Back to all renders
      </Link>
    </div>
  );
}
