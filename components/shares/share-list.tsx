"use client";
/**
 * Share links the caller may see (their own; an admin, or anyone with sign-in off, everyone's), one
 * render's, one board's or all of them, each with what it shows and a Revoke. The server decides who sees what,
 * so every link listed is one the caller may revoke.
 */
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { renderHref } from "@/components/render/render-links";
import { Button } from "@/components/ui/button";
import { ExpiredBadge } from "@/components/ui/expired-badge";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { RelativeTime } from "@/components/ui/relative-time";
import { RevokeControl } from "@/components/ui/revoke-control";
import type { Share, ShareTarget } from "@/lib/contract";
import { sharesQueryOptions, useRevokeShare } from "@/lib/client/queries/shares";

/** Where a listed link's target opens in the dashboard, and how the list names it. */
const TARGETS = {
  render: { href: renderHref, label: (share: Share) => `“${share.targetLabel}”` },
  board: { href: (id: string) => `/boards/${id}`, label: (share: Share) => `Board ${share.targetLabel}` },
} as const;

export function ShareList({ target }: { target?: ShareTarget }) {
  const shares = useQuery(sharesQueryOptions(target));
  if (shares.isPending) return <p className="text-sm text-zinc-500 dark:text-zinc-400">Loading links…</p>;
  if (shares.isError) {
    return (
      <Notice
        tone="error"
        action={
          <Button size="sm" onClick={() => void shares.refetch()}>
            Retry
          </Button>
        }
      >
        The share links could not be loaded: {shares.error.message}
      </Notice>
    );
  }
  if (shares.data.length === 0) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {target
          ? "No share links. Share makes one."
          : "No share links yet. Share on a finished render or a board makes one."}
      </p>
    );
  }
  return (
    <ul aria-label="Share links" className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
      {shares.data.map((share) => (
        <ShareRow key={share.id} share={share} showTarget={!target} />
      ))}
    </ul>
  );
}

function ShareRow({ share, showTarget }: { share: Share; showTarget: boolean }) {
  const revoke = useRevokeShare();
  const name = `link ${share.tokenPrefix}…`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs">/s/{share.tokenPrefix}…</span>
          <ExpiredBadge expiresAt={share.expiresAt} />
        </p>
        {showTarget && (
          <p className="break-words">
            <Link
              href={TARGETS[share.kind].href(share.targetId)}
              className="underline-offset-2 hover:underline"
            >
              {share.targetLabel ? TARGETS[share.kind].label(share) : share.targetId}
            </Link>
          </p>
        )}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
          <dt>Created</dt>
          <dd>
            <LocalTime iso={share.createdAt} />
            {share.member ? ` by ${share.member.name}` : " with sign-in off"}
          </dd>
          <dt>Expires</dt>
          <dd>{share.expiresAt ? <LocalTime iso={share.expiresAt} /> : "Never"}</dd>
          <dt>Prompt</dt>
          <dd>{share.showPrompt ? "Shown" : "Hidden"}</dd>
          <dt>Last opened</dt>
          <dd>{share.lastOpenedAt ? <RelativeTime iso={share.lastOpenedAt} /> : "Not yet"}</dd>
        </dl>
      </div>
      <RevokeControl
        name={name}
        noun="link"
        busy={revoke.isPending}
        revoke={() => revoke.mutateAsync(share.id)}
      />
    </li>
  );
}
