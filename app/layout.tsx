import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { AccountPanel } from "@/components/account/account-panel";
import { AppHeader, PRODUCT_NAME } from "@/components/layout/app-header";
import { LazyLiveUpdates } from "@/components/layout/lazy-live-updates";
import { MemberMenu } from "@/components/layout/member-menu";
import { ServiceWorkerStarter } from "@/components/layout/service-worker-starter";
import { SignInOffBanner } from "@/components/layout/sign-in-off-banner";
import { sessionQueryOptions } from "@/lib/client/queries/session";
import { headerApprovalCount } from "@/lib/server/pages/approvals";
import { pageSessionInfo } from "@/lib/server/pages/session";
import { publicSettings, serviceWorkerWanted } from "@/lib/server/pages/settings";
import { isSharedPage } from "@/lib/server/pages/share";
import { pageSetupNeeds } from "@/lib/server/pages/setup";
import { Providers } from "./providers";
import { SetupPage } from "./setup/setup-page";
import "./globals.css";

export const metadata: Metadata = {
  title: PRODUCT_NAME,
  description: "Create and browse image and video renders for your team.",
  // A file of public/, not app/icon.svg: Next answers that one "max-age=0, must-revalidate", and
  // the browser asks for a page's icon again at each change of its address (next.config.mjs).
  icons: { icon: { url: "/icon.svg", type: "image/svg+xml" } },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fafafa" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

/**
 * The frame of every page: the sign-in-off warning, header with the account and member, then the page. The header lives here so it stays
 * mounted across navigations; settings are read from the environment per request, never at build.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  // Until the service is configured every URL shows how to set it up: the pages below would fail on
  // their first read of the service's settings.
  const setupNeeds = pageSetupNeeds();
  if (setupNeeds.length > 0) {
    return (
      <html lang="en">
        <body className="min-h-dvh font-sans">
          <main className="mx-auto w-full max-w-[1600px] px-4 py-4 sm:px-6 sm:py-6">
            <SetupPage missing={setupNeeds} />
          </main>
        </body>
      </html>
    );
  }
  // A shared page is for people outside the team: none of the dashboard's frame, only the page.
  if (await isSharedPage()) {
    return (
      <html lang="en">
        <body className="min-h-dvh font-sans">{children}</body>
      </html>
    );
  }
  const settings = await publicSettings();
  const session = await pageSessionInfo();
  // The header knows at first paint who is signed in (or that nobody is, on the sign-in page), so
  // it never flashes an account skeleton it will not fill.
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueryOptions().queryKey, session);
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">
        <Providers>
          <HydrationBoundary state={dehydrate(queryClient)}>
            {!session.authEnabled && <SignInOffBanner />}
            <AppHeader
              apiTokens={session.authEnabled}
              rates={!session.authEnabled || session.member?.role === "admin"}
              approvals={await headerApprovalCount(session)}
              live={<LazyLiveUpdates />}
            >
              <AccountPanel lowBalanceCredits={settings.lowBalanceCredits} />
              <MemberMenu
                renderedFor={session.member && { id: session.member.id, role: session.member.role }}
              />
            </AppHeader>
          </HydrationBoundary>
          <main className="mx-auto w-full max-w-[1600px] px-4 py-4 sm:px-6 sm:py-6">{children}</main>
        </Providers>
        <ServiceWorkerStarter enabled={serviceWorkerWanted()} />
      </body>
    </html>
  );
}
