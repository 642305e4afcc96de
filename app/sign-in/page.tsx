import { Panel } from "@/components/ui/surface";
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { SignInForm } from "@/components/auth/sign-in-form";
import { SsoSignIn } from "@/components/auth/sso-sign-in";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { buttonClasses } from "@/components/ui/button";
import { SSO_FAILURES, type SsoFailure } from "@/lib/contract";
import { safeNextPath } from "@/lib/domain/next-path";
import { authEnabled, pageMember, signInMethods } from "@/lib/server/pages/session";

export const metadata: Metadata = { title: `Sign in · ${PRODUCT_NAME}` };

interface Props {
  /** `sso`: why single sign-on signed nobody in (its callback sends the browser here). */
  searchParams: Promise<{ next?: string | string[]; sso?: string | string[] }>;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const ssoFailure = (value: string | undefined): SsoFailure | null =>
  SSO_FAILURES.find((reason) => reason === value) ?? null;

/** The one page open without a session. A member already signed in has nothing to do here. */
export default async function SignInPage({ searchParams }: Props) {
  await connection();
  const enabled = authEnabled();
  if (enabled && (await pageMember())) redirect("/");
  const params = await searchParams;
  const next = safeNextPath(first(params.next));
  const methods = signInMethods();
  return (
    <Panel className="mx-auto mt-6 w-full max-w-sm p-6 sm:mt-16">
      <h1 className="mb-1 text-lg font-semibold tracking-tight">Sign in</h1>
      {enabled ? (
        <>
          <p className="mb-5 text-sm text-zinc-600 dark:text-zinc-400">
            {!methods.sso
              ? "Use the email and password your team admin gave you."
              : methods.password
                ? `Use your ${methods.sso} account, or the email and password your team admin gave you.`
                : `Use your ${methods.sso} account.`}
          </p>
          {methods.sso && (
            <SsoSignIn
              name={methods.sso}
              next={next}
              failure={ssoFailure(first(params.sso))}
              primary={!methods.password}
            />
          )}
          {methods.sso && methods.password && (
            <p className="my-4 text-center text-xs text-zinc-500 dark:text-zinc-400">or with a password</p>
          )}
          {methods.password && <SignInForm next={next} />}
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
