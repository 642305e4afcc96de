import type { Metadata } from "next";
import { connection } from "next/server";
import { ApiReference } from "@/components/api-docs/api-reference";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { PageIntro } from "@/components/ui/page-intro";
import { requirePageMember } from "@/lib/server/pages/session";

export const metadata: Metadata = { title: `API reference · ${PRODUCT_NAME}` };

/** The API's reference, read from `GET /api/openapi.json` (public) by a renderer loaded only here. */
export default async function ApiDocsPage() {
  await connection();
  await requirePageMember("/api/docs");
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <PageIntro title="API reference">
        Every route of the dashboard&apos;s API. Tools can read the same as OpenAPI 3.1 from{" "}
        <a className="underline" href="/api/openapi.json">
          /api/openapi.json
        </a>
        .
      </PageIntro>
      <ApiReference />
    </div>
  );
}
