"use client";

/**
 * Keeps the header's server-rendered links (Rates, Approvals, in app/layout.tsx) in step with the
 * member's role. The root layout is rendered once per full load and kept across client navigations,
 * so when the session query learns that the signed-in member's role changed (a "team" live event,
 * or its periodic re-read), the server components are read again. Sign-in refreshes them itself
 * (sign-in-form.tsx); sign-out loads the sign-in page afresh.
 */
import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import type { Role } from "@/lib/contract";
import { useSession } from "@/lib/client/queries/session";

export function HeaderSync({ member }: { member: { id: string; role: Role } | null }) {
  const router = useRouter();
  const current = useSession().data?.member ?? null;
  // Only the same member in another role: anyone else is a sign-in or sign-out, handled where it happens.
  const changed = member !== null && current?.id === member.id && current.role !== member.role;
  const stale = changed ? `${member.id}:${member.role}->${current.role}` : null;
  const refreshed = useRef<string | null>(null);
  useEffect(() => {
    if (stale === null || refreshed.current === stale) return;
    refreshed.current = stale;
    router.refresh();
  }, [stale, router]);
  return null;
}
