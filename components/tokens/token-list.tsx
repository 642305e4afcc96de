"use client";
/**
 * The caller's API tokens (an admin's list: everyone's, each with its member), each with its scope,
 * when it was made, last used and expires, and Revoke. Revoked tokens leave the list.
 */
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { ExpiredBadge } from "@/components/ui/expired-badge";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { RelativeTime } from "@/components/ui/relative-time";
import { RevokeControl } from "@/components/ui/revoke-control";
import type { ApiToken } from "@/lib/contract";
import { tokensQueryOptions, useRevokeToken } from "@/lib/client/queries/tokens";
import { SCOPE_WORDING } from "./scopes";

export function TokenList({ memberId }: { memberId: string }) {
  const tokens = useQuery(tokensQueryOptions());
  if (tokens.isPending) return <p className="text-sm text-zinc-500 dark:text-zinc-400">Loading tokens…</p>;
  if (tokens.isError) {
    return (
      <Notice
        tone="error"
        action={
          <Button size="sm" onClick={() => void tokens.refetch()}>
            Retry
          </Button>
        }
      >
        The tokens could not be loaded: {tokens.error.message}
      </Notice>
    );
  }
  if (tokens.data.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No API tokens yet.</p>;
  }
  return (
    <ul aria-label="API tokens" className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
      {tokens.data.map((token) => (
        <TokenRow key={token.id} token={token} mine={token.member.id === memberId} />
      ))}
    </ul>
  );
}

function TokenRow({ token, mine }: { token: ApiToken; mine: boolean }) {
  const revoke = useRevokeToken();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-all">{token.name}</span>
          <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">{token.tokenPrefix}…</span>
          <span className="rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
            {SCOPE_WORDING[token.scope].label}
          </span>
          <ExpiredBadge expiresAt={token.expiresAt} />
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
          {!mine && (
            <>
              <dt>Member</dt>
              <dd>{token.member.name}</dd>
            </>
          )}
          <dt>Created</dt>
          <dd>
            <LocalTime iso={token.createdAt} />
          </dd>
          <dt>Last used</dt>
          <dd>{token.lastUsedAt ? <RelativeTime iso={token.lastUsedAt} /> : "Never"}</dd>
          <dt>Expires</dt>
          <dd>{token.expiresAt ? <LocalTime iso={token.expiresAt} /> : "Never"}</dd>
        </dl>
      </div>
      <RevokeControl
        name={`token ${token.name}`}
        noun="token"
        busy={revoke.isPending}
        revoke={() => revoke.mutateAsync(token.id)}
      />
    </li>
  );
}
