"use client";

/** The signed-in member in the header: their name, the Team page for admins, and Sign out. */
import Link from "next/link";
import { useState } from "react";
import { notify } from "@/components/ui/notify";
import { Button, buttonClasses } from "@/components/ui/button";
import { apiFetch } from "@/lib/client/api-client";
import { announceSignOut } from "@/lib/client/live/session-channel";
import { useSession } from "@/lib/client/queries/session";

export function MemberMenu() {
  const member = useSession().data?.member;
  const [leaving, setLeaving] = useState(false);
  if (!member) return null;

  const signOut = async () => {
    setLeaving(true);
    try {
      await apiFetch("/api/auth/sign-out", (c) => c.signOutResultSchema, { method: "POST" });
      announceSignOut();
      // A full load on purpose, not a client navigation: nothing the member saw (cached queries)
      // stays in this tab's memory after they leave.
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination
      window.location.assign("/sign-in");
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
