import { Panel } from "@/components/ui/surface";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { SignInForm } from "@/components/auth/sign-in-form";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { buttonClasses } from "@/components/ui/button";
import { safeNextPath } from "@/lib/domain/next-path";
import { authEnabled, pageMember } from "@/lib/server/pages/session";

export const metadata: Metadata = { title: `Sign in · ${PRODUCT_NAME}` };

interface Props {
  searchParams: Promise<{ next?: string | string[] }>;
}

/** The one page open without a session. A member already signed in has nothing to do here. */
export default async function SignInPage({ searchParams }: Props) {
  await connection();
  const enabled = authEnabled();
  if (enabled && (await pageMember())) redirect("/");
  const { next } = await searchParams;
  return (
    <Panel className="mx-auto mt-6 w-full max-w-sm p-6 sm:mt-16">
      <h1 className="mb-1 text-lg font-semibold tracking-tight">Sign in</h1>
      {enabled ? (
        <>
          <p className="mb-5 text-sm text-zinc-600 dark:text-zinc-400">
            Use the email and password your team admin gave you.
          </p>
          <SignInForm next={safeNextPath(Array.isArray(next) ? next[0] : next)} />
        </>
      ) : (
        <>
          <p className="mb-5 text-sm text-zinc-600 dark:text-zinc-400">
            Sign-in is off on this dashboard, so there is nothing to sign in to: anyone who can open it can
            use it.
          </p>
          <Link href="/" className={buttonClasses({ variant: "primary", className: "w-full" })}>
            Go to the dashboard
          </Link>
        </>
      )}
    </Panel>
  );
}
