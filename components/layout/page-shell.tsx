/** Header plus the page's content area, so every page has the same frame. */
import type { ReactNode } from "react";
import type { PublicSettings } from "@/lib/server/config";
import { AccountPanel } from "@/components/account/account-panel";
import { AppHeader } from "./app-header";

export function PageShell({ settings, children }: { settings: PublicSettings; children: ReactNode }) {
  return (
    <>
      <AppHeader>
        <AccountPanel lowBalanceCredits={settings.lowBalanceCredits} />
      </AppHeader>
      <main className="mx-auto w-full max-w-[1600px] px-4 py-4 sm:px-6 sm:py-6">{children}</main>
    </>
  );
}
