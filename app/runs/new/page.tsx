import type { Metadata } from "next";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { RunFileImport } from "@/components/runs/run-file-import";
import { requireRunsPageMember } from "@/lib/server/pages/runs";

export const metadata: Metadata = { title: `Batch from file · ${PRODUCT_NAME}` };

export default async function NewRunPage() {
  await connection();
  await requireRunsPageMember();
  return <RunFileImport />;
}
