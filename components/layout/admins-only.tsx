/** What a member who is not an admin sees on an admin's page: why, and the way back. */
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export function AdminsOnly({ children }: { children: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-20 text-center">
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-400">403</p>
      <h1 className="text-xl font-semibold">Admins only</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{children}</p>
      <Link href="/" className={buttonClasses({ variant: "primary" })}>
        Back to all renders
      </Link>
    </div>
  );
}
