import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { AccountPanel } from "@/components/account/account-panel";
import { AppHeader, PRODUCT_NAME } from "@/components/layout/app-header";
import { MemberMenu } from "@/components/layout/member-menu";
import { SignInOffBanner } from "@/components/layout/sign-in-off-banner";
import { authEnabled } from "@/lib/server/auth/session";
import { publicSettings } from "@/lib/server/config";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: PRODUCT_NAME,
  description: "Create and browse image and video renders for your team.",
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
  const settings = publicSettings();
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans">
        <Providers>
          {!authEnabled() && <SignInOffBanner />}
          <AppHeader>
            <AccountPanel lowBalanceCredits={settings.lowBalanceCredits} />
            <MemberMenu />
          </AppHeader>
          <main className="mx-auto w-full max-w-[1600px] px-4 py-4 sm:px-6 sm:py-6">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
