"use client";

/**
 * The signed-in member in the header: their name (a link to Your account: sessions and password),
 * their share links, the Team page for admins, and Sign out. With sign-in off, the share links and the Team page (everyone acts as the team).
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { notify } from "@/components/ui/notify";
import { Button, buttonClasses } from "@/components/ui/button";
import type { Role } from "@/lib/contract";
import { useSession } from "@/lib/client/queries/session";

/**
 * `renderedFor`: the member the server rendered the header's links for (app/layout.tsx). The root
 * layout is kept across client navigations, so when the session learns that this member's role
 * changed (a "team" live event re-reads it), the server components are rendered again: an admin's
 * Rates and Approvals come or go without a reload. Sign-in refreshes them itself (sign-in-form.tsx);
 * sign-out loads the sign-in page afresh.
 */
export function MemberMenu({ renderedFor }: { renderedFor: { id: string; role: Role } | null }) {
  const session = useSession().data;
  const member = session?.member;
  const router = useRouter();
  const roleChanged =
    renderedFor !== null && member?.id === renderedFor.id && member.role !== renderedFor.role
      ? member.role
      : null;
  useEffect(() => {
    if (roleChanged) router.refresh();
  }, [roleChanged, router]);
  const [leaving, setLeaving] = useState(false);
  const shareLinks = (
    <Link href="/shares" className={buttonClasses({ variant: "ghost", size: "sm" })}>
      Share links
    </Link>
  );
  const teamLink = (
    <Link href="/team" className={buttonClasses({ variant: "ghost", size: "sm" })}>
      Team
    </Link>
  );
  if (!member) {
    // With sign-in off everyone acts as the team, with an admin's reach: the team budget and the
    // confirmation before costly renders, set on the Team page, still apply.
    return session && !session.authEnabled ? (
      <nav aria-label="Pages" className="flex items-center gap-2 text-sm">
        {shareLinks}
        {teamLink}
      </nav>
    ) : null;
  }

  const signOut = async () => {
    setLeaving(true);
    try {
      await (await import("@/lib/client/sign-out")).signOut();
    } catch (error) {
      setLeaving(false);
      notify.error("Could not sign out", { description: error instanceof Error ? error.message : undefined });
    }
  };

  return (
    <nav aria-label="Member" className="flex items-center gap-2 text-sm">
      <Link
        href="/account"
        title={`Your account: ${member.email}`}
        className={buttonClasses({ variant: "ghost", size: "sm", className: "max-w-40" })}
      >
        <span className="sr-only">Your account: </span>
        <span className="truncate font-medium">{member.name}</span>
      </Link>
      {shareLinks}
      {member.role === "admin" && teamLink}
      <Button size="sm" onClick={() => void signOut()} busy={leaving} busyText="Signing out…">
        Sign out
      </Button>
    </nav>
  );
}
