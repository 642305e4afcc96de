"use client";

/** The signed-in member in the header: their name, the Team page for admins, and Sign out. */
import Link from "next/link";
import { useState } from "react";
import { notify } from "@/components/ui/notify";
import { Button, buttonClasses } from "@/components/ui/button";
import { useSession } from "@/lib/client/queries/session";

export function MemberMenu() {
  const member = useSession().data?.member;
  const [leaving, setLeaving] = useState(false);
  if (!member) return null;

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
      <span className="max-w-40 truncate font-medium" title={member.email}>
        {member.name}
      </span>
      {member.role === "admin" && (
        <Link href="/team" className={buttonClasses({ variant: "ghost", size: "sm" })}>
          Team
        </Link>
      )}
      <Button size="sm" onClick={() => void signOut()} disabled={leaving}>
        {leaving ? "Signing out…" : "Sign out"}
      </Button>
    </nav>
  );
}
