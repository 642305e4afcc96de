/**
 * The top bar on every page: the product name (home link), the links to the team's boards, batch
 * runs, usage, (for admins) the rate card, (with sign-in on) the member's API tokens and, for an
 * admin, the approvals queue with how many renders wait, and beside them the account and the member.
 * Below `lg` it is one row: the name, the live word and notices, and a Menu button whose popover holds
 * the rest (`HeaderMenu`).
 */
import { MenuIcon } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";
import { HeaderMenu } from "./header-menu";

export const PRODUCT_NAME = "Render dashboard";

const NAV_LINK =
  "text-sm font-medium text-zinc-700 hover:text-zinc-950 max-lg:py-1 dark:text-zinc-300 dark:hover:text-white";

const MENU_ID = "header-menu";
/**
 * Below `lg`, a panel under the Menu button (anchored to it where the browser can, else under the
 * header's row) while open, hidden while closed; from `lg` up, no box at all, its parts in the row.
 */
const MENU =
  "fixed inset-x-2 top-16 bottom-auto m-0 max-h-[calc(100dvh-5rem)] w-auto flex-col gap-4 overflow-y-auto rounded-xl border border-zinc-200 bg-white p-4 text-zinc-900 shadow-lg supports-[top:anchor(bottom)]:top-[calc(anchor(bottom)+0.5rem)] supports-[top:anchor(bottom)]:[position-anchor:auto] max-lg:open:flex lg:contents dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100";

/**
 * `children`: the account and the member, in the menu on a phone; `live`: what stays in the row
 * on a phone (live updates' word and the notices bell). `apiTokens`: link the API tokens page (sign-in is on); `rates`: link the rate card (an admin, or
 * everyone while sign-in is off); `approvals`: for an admin, how many renders wait for approval (as
 * of this page load; the queue's own page is live), null for anyone else. Rendered here, on the
 * server, so the links add nothing to a page's JavaScript.
 */
export function AppHeader({
  children,
  live,
  apiTokens = false,
  rates = false,
  approvals = null,
}: {
  children?: ReactNode;
  live?: ReactNode;
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
        <HeaderMenu id={MENU_ID} className={MENU}>
          <nav
            aria-label="Main"
            className="flex flex-wrap items-center gap-x-4 gap-y-1 max-lg:flex-col max-lg:items-start"
          >
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
          <div className="flex min-w-0 flex-wrap items-center gap-x-6 gap-y-2 max-lg:border-t max-lg:border-zinc-200 max-lg:pt-4 lg:ml-auto dark:max-lg:border-zinc-800">
            {children}
          </div>
        </HeaderMenu>
        {/* After the account and member from `lg` up (no box of its own there, so no gap when empty). */}
        <div className="ml-auto flex items-center gap-2 lg:contents">
          {live}
          <button
            type="button"
            popoverTarget={MENU_ID}
            aria-label="Menu"
            className={buttonClasses({ variant: "ghost", size: "icon", className: "lg:hidden" })}
          >
            <MenuIcon aria-hidden="true" className="size-5" />
          </button>
        </div>
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
