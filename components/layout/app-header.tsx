/**
 * The top bar on every page: the product name (home link), the links to the team's boards, batch
 * runs, usage, (for admins) the rate card, (with sign-in on) the member's API tokens and, for an
 * admin, the approvals queue with how many renders wait, and beside them the account and the member.
 */
import Link from "next/link";
import type { ReactNode } from "react";

export const PRODUCT_NAME = "Render dashboard";

const NAV_LINK =
  "text-sm font-medium text-zinc-700 hover:text-zinc-950 dark:text-zinc-300 dark:hover:text-white";

/**
 * `apiTokens`: link the API tokens page (sign-in is on); `rates`: link the rate card (an admin, or
 * everyone while sign-in is off); `approvals`: for an admin, how many renders wait for approval (as
 * of this page load; the queue's own page is live), null for anyone else. Rendered here, on the
 * server, so the links add nothing to a page's JavaScript.
 */
export function AppHeader({
  children,
  apiTokens = false,
  rates = false,
  approvals = null,
}: {
  children?: ReactNode;
  apiTokens?: boolean;
  rates?: boolean;
  approvals?: number | null;
}) {
  const nav: { href: string; label: string; count?: number }[] = [
    { href: "/boards", label: "Boards" },
    { href: "/runs", label: "Batch runs" },
    { href: "/usage", label: "Usage" },
    ...(rates ? [{ href: "/rates", label: "Rates" }] : []),
    ...(apiTokens ? [{ href: "/tokens", label: "API tokens" }] : []),
    ...(approvals === null ? [] : [{ href: "/approvals", label: "Approvals", count: approvals }]),
  ];
  return (
    <header className="border-b border-zinc-200 bg-white/80 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/70">
      <div className="mx-auto flex max-w-[1600px] flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <Link href="/" className="flex items-center gap-2 font-semibold tracking-tight">
          <LogoMark />
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Main" className="flex flex-wrap items-center gap-x-4 gap-y-1">
          {nav.map(({ href, label, count }) => (
            <Link key={href} href={href} className={NAV_LINK}>
              {label}
              {count !== undefined && count > 0 && " "}
              {count !== undefined && count > 0 && (
                <span className="ml-0.5 rounded-full bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-500/15 dark:text-amber-300">
                  {count}
                  <span className="sr-only"> waiting</span>
                </span>
              )}
            </Link>
          ))}
        </nav>
        <div className="flex min-w-0 flex-wrap items-center gap-x-6 gap-y-2 sm:ml-auto">{children}</div>
      </div>
    </header>
  );
}

function LogoMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-6">
      <rect width="24" height="24" rx="6" className="fill-indigo-600 dark:fill-indigo-500" />
      <path d="M8 7.5v9l8-4.5z" fill="white" />
    </svg>
  );
}
