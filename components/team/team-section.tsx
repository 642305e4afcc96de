/** A section of the Team page: its heading, which names it for assistive technology, then its content. */
import { useId, type ReactNode } from "react";

export function TeamSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
