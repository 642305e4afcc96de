/**
 * Single sign-on on the sign-in page: **Sign in with <name>**, a link to `/api/auth/oidc/start`
 * (a plain navigation: the browser leaves for the provider and comes back signed in), and, when the
 * provider's round trip signed nobody in, why and what to do.
 */
import { Notice } from "@/components/ui/notice";
import { buttonClasses } from "@/components/ui/button";
import type { SsoFailure } from "@/lib/contract";

function failureText(reason: SsoFailure, name: string): string {
  switch (reason) {
    case "refused":
      return `Your ${name} account is not allowed on this dashboard. Ask a team admin to add you to an allowed group.`;
    case "expired":
      return "That sign-in was started too long ago, or in another tab or browser. Start again.";
    case "unavailable":
      return `${name} could not be reached, so nobody was signed in. Try again in a moment; if it persists, tell a team admin.`;
    case "cancelled":
      return `The sign-in was cancelled at ${name}.`;
    case "failed":
      return `${name}'s answer could not be verified, so nobody was signed in. Start again.`;
    case "email_taken":
      return `A member already has the email of your ${name} account, and it could not be linked to them. Ask a team admin.`;
    case "no_email":
      return `Your ${name} account has no email address, which the dashboard needs. Ask a team admin.`;
    case "deactivated":
      return "Your membership of this team has been deactivated. Ask a team admin to reactivate you.";
  }
}

export function SsoSignIn({
  name,
  next,
  failure,
  primary,
}: {
  name: string;
  next: string;
  failure: SsoFailure | null;
  /** The only way to sign in (password sign-in is off): the main button. */
  primary: boolean;
}) {
  const start =
    next === "/" ? "/api/auth/oidc/start" : `/api/auth/oidc/start?next=${encodeURIComponent(next)}`;
  return (
    <div className="flex flex-col gap-4">
      {failure && <Notice tone="error">{failureText(failure, name)}</Notice>}
      {/* A plain link, not next/link: it must not be prefetched, and it leaves the app. */}
      <a
        href={start}
        className={buttonClasses({ variant: primary ? "primary" : "secondary", className: "h-10 w-full" })}
      >
        Sign in with {name}
      </a>
    </div>
  );
}
