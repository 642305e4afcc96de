import type { Metadata } from "next";
import { connection } from "next/server";
import { ApiReference } from "@/components/api-docs/api-reference";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { BackLink } from "@/components/ui/back-link";
import { requirePageMember } from "@/lib/server/pages/session";

export const metadata: Metadata = { title: `API reference · ${PRODUCT_NAME}` };

/** The API's reference, read from `GET /api/openapi.json` (public) by a renderer loaded only here. */
export default async function ApiDocsPage() {
  await connection();
  await requirePageMember("/api/docs");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <BackLink href="/">All renders</BackLink>
      <div>
        <h1 className="text-lg font-semibold tracking-tight">API reference</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Every route of the dashboard&apos;s API. Tools can read the same as OpenAPI 3.1 from{" "}
          <a className="underline" href="/api/openapi.json">
            /api/openapi.json
          </a>
          .
        </p>
      </div>
      <ApiReference />
    </div>
  );
}
