import type { Metadata } from "next";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { NewTokenForm } from "@/components/tokens/new-token-form";
import { TokenList } from "@/components/tokens/token-list";
import { BackLink } from "@/components/ui/back-link";
import { Notice } from "@/components/ui/notice";
import { requirePageMember } from "@/lib/server/pages/session";

export const metadata: Metadata = { title: `API tokens · ${PRODUCT_NAME}` };

/** The caller's personal API tokens (an admin's: everyone's); the routes it calls check the same. */
export default async function TokensPage() {
  await connection();
  const member = await requirePageMember("/tokens");
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <BackLink href="/">All renders</BackLink>
      <div>
        <h1 className="text-lg font-semibold tracking-tight">API tokens</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          A token lets a script or a pipeline use the dashboard&apos;s API as you: send it as{" "}
          <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code>. What it makes is
          yours and counts against your cap. Revoking it stops it at once.
        </p>
      </div>
      {member ? (
        <>
          <NewTokenForm />
          <section aria-labelledby="tokens-list" className="flex flex-col gap-2">
            <h2 id="tokens-list" className="text-base font-semibold">
              {member.role === "admin" ? "The team’s tokens" : "Your tokens"}
            </h2>
            <TokenList memberId={member.id} />
          </section>
        </>
      ) : (
        <Notice tone="warning">
          API tokens need sign-in: each token belongs to a member. While sign-in is off the API is open to
          anyone who can reach the dashboard, without a token. An admin turns sign-in on by setting
          AUTH_SECRET.
        </Notice>
      )}
    </div>
  );
}
