"use client";
/** "Expired" beside something handed out (a share link, an API token) once its expiry has passed. */
import { useCoarseNow } from "./use-now";

export function ExpiredBadge({ expiresAt }: { expiresAt: string | null }) {
  const now = useCoarseNow();
  if (expiresAt === null || now === null || Date.parse(expiresAt) > now) return null;
  return (
    <span className="rounded bg-zinc-200 px-1.5 py-0.5 text-xs font-medium dark:bg-zinc-800">Expired</span>
  );
}
