"use client";
/**
 * Your account's sessions: every browser signed in as you, with **Sign out** on each and **Sign out
 * everywhere else**. Each ends the session on the server, so its cookie stops working at once.
 */
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { notify } from "@/components/ui/notify";
import { Skeleton } from "@/components/ui/skeleton";
import { Panel } from "@/components/ui/surface";
import type { Session } from "@/lib/contract";
import { useEndSessions, useOwnSessions } from "@/lib/client/queries/people";

const failed = (error: Error) => notify.error("Not signed out", { description: error.message });

export function YourSessions() {
  const id = useId();
  const sessions = useOwnSessions();
  const end = useEndSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Panel as="section" aria-labelledby={`${id}-title`} className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-title`} className="text-base font-semibold">
          Sessions
        </h2>
        <Button
          size="sm"
          disabled={end.isPending || others === 0}
          onClick={() =>
            end.mutate(undefined, {
              onSuccess: ({ ended }) =>
                notify.success(`Signed out everywhere else`, { description: `${ended} session(s) ended.` }),
              onError: failed,
            })
          }
        >
          Sign out everywhere else
        </Button>
      </div>
      {sessions.isError ? (
        <Notice tone="error">Could not load your sessions: {sessions.error.message}</Notice>
      ) : !sessions.data ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <ul aria-label="Your sessions" className="flex flex-col gap-2">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function SessionRow({ session }: { session: Session }) {
  const end = useEndSessions();
  const name = session.browser || "Unknown browser";
  return (
    <li
      aria-label={session.current ? "This session" : `Session ${name}`}
      className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
    >
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words">
          {name}
          {session.current && (
            <span className="font-normal text-emerald-700 dark:text-emerald-400"> · this one</span>
          )}
        </p>
        <p className="text-zinc-600 dark:text-zinc-400">
          {session.address ?? "Address unknown"} · signed in <LocalTime iso={session.createdAt} /> · last seen{" "}
          <LocalTime iso={session.lastSeenAt} />
        </p>
      </div>
      {!session.current && (
        <Button
          size="sm"
          disabled={end.isPending}
          onClick={() => end.mutate(session.id, { onError: failed })}
        >
          Sign out<span className="sr-only"> {name}</span>
        </Button>
      )}
    </li>
  );
}
