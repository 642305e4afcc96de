/**
 * Shown on every page while sign-in is off. It cannot be dismissed: the risk lasts as long as the
 * setting, and a newcomer opening any page should see it.
 */
import { TriangleAlertIcon } from "lucide-react";

export function SignInOffBanner() {
  return (
    <div
      role="note"
      aria-label="Sign-in is off"
      className="border-b border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <p className="mx-auto flex max-w-[1600px] items-start gap-2 px-4 py-2 text-sm sm:items-center sm:px-6">
        <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 sm:mt-0" />
        <span>
          <strong className="font-semibold">Sign-in is off:</strong> anyone who can open this dashboard can
          spend the team&apos;s credits. An admin can turn it on with{" "}
          <code className="font-mono text-[0.8125rem]">AUTH_SECRET</code>.
        </span>
      </p>
    </div>
  );
}
