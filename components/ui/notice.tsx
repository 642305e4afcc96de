/** An inline message: a warning or error with an optional action (e.g. Retry). */
import type { ReactNode } from "react";
import { TriangleAlertIcon } from "lucide-react";

export type NoticeTone = "warning" | "error";

const TONES: Record<NoticeTone, string> = {
  warning:
    "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-200",
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-800/60 dark:bg-red-950/40 dark:text-red-200",
};

export function Notice({
  tone,
  children,
  action,
  className = "",
}: {
  tone: NoticeTone;
  children: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${TONES[tone]} ${className}`}
    >
      <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
      {action}
    </div>
  );
}
