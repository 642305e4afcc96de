/**
 * What is wrong with the address's selection (lib/domain/compare.ts words it), with the ways on:
 * the renders that can be compared, or the gallery to pick others.
 */
import Link from "next/link";
import type { CompareProblems } from "@/lib/domain/compare";
import { Notice } from "@/components/ui/notice";

const LINK = "font-medium underline underline-offset-2 hover:no-underline";

export function CompareProblemsNotice({ problems }: { problems: CompareProblems }) {
  return (
    <Notice tone="error">
      <ul className="space-y-0.5">
        {problems.messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      <p className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1">
        {problems.fixHref && (
          <Link href={problems.fixHref} className={LINK}>
            Compare only the renders found
          </Link>
        )}
        <Link href="/" className={LINK}>
          Pick renders in the gallery
        </Link>
      </p>
    </Notice>
  );
}
