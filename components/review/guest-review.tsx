"use client";
/**
 * A guest's review on a share link that takes comments: the shared media with the threads' pins, the
 * threads (read only: members answer and resolve them in the dashboard), and a comment under a name
 * the guest types, kept in their browser. "Comment", then a click or a drag on the image (or the
 * video's time, or a drag along its timeline) places the pin. The shared page has none of the
 * dashboard's providers, so this brings its own query client; it loads only on such a link.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { MessageSquarePlusIcon } from "lucide-react";
import { useCreateGuestComment, useSharedComments } from "@/lib/client/queries/review";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { RelativeTime } from "@/components/ui/relative-time";
import { CommentText } from "./comment-text";
import { authorName, pinLabel } from "./comment-labels";
import { MentionField } from "./mention-field";
import { ImagePins, VideoPins, useFollowChosen } from "./review-media";
import { ReviewSessionProvider, useReviewSession } from "./review-session";
import { numberThreads, pinnedThreads, splitThreads } from "./threads";

/** Where the guest's name is kept between visits. */
const NAME_KEY = "render-dashboard.guest-name";

export default function GuestReview({
  token,
  kind,
  children,
}: {
  token: string;
  kind: "image" | "video";
  /** The shared media, as the page renders it. */
  children: ReactNode;
}) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <ReviewSessionProvider renderId={token} kind={kind}>
        <GuestStage token={token} kind={kind}>
          {children}
        </GuestStage>
      </ReviewSessionProvider>
    </QueryClientProvider>
  );
}

function GuestStage({
  token,
  kind,
  children,
}: {
  token: string;
  kind: "image" | "video";
  children: ReactNode;
}) {
  const query = useSharedComments(token);
  const numbered = numberThreads(query.data?.items ?? []);
  const pinned = pinnedThreads(numbered);
  useFollowChosen(pinned);
  const Pins = kind === "video" ? VideoPins : ImagePins;
  return (
    <div className="flex w-full flex-col gap-4 lg:flex-row lg:items-start">
      <Pins threads={pinned} className="w-full min-w-0 lg:flex-1">
        {children}
      </Pins>
      <section aria-labelledby="guest-comments" className="flex w-full flex-col gap-3 lg:w-96">
        <h2 id="guest-comments" className="text-sm font-semibold">
          Comments
        </h2>
        <GuestComposer token={token} />
        {query.isError && <Notice tone="error">{query.error.message}</Notice>}
        <ol aria-label="Open threads" className="flex flex-col gap-2">
          {splitThreads(numbered).open.map(({ number, thread }) => (
            <li
              key={thread.id}
              aria-label={`Thread ${number}`}
              className="rounded-md border border-zinc-200 p-2.5 dark:border-zinc-800"
            >
              <p className="mb-1 flex flex-wrap items-baseline gap-x-2 text-xs text-zinc-600 dark:text-zinc-400">
                <span className="font-semibold text-indigo-700 dark:text-indigo-400">{number}</span>
                <span className="font-medium text-zinc-800 dark:text-zinc-200">{authorName(thread)}</span>
                {pinLabel(thread.pin) && <span>{pinLabel(thread.pin)}</span>}
                <RelativeTime iso={thread.createdAt} />
              </p>
              {thread.deletedAt === null && <CommentText text={thread.text} />}
              {thread.replies
                .filter((reply) => reply.deletedAt === null)
                .map((reply) => (
                  <div key={reply.id} className="mt-2 border-l-2 border-zinc-200 pl-3 dark:border-zinc-800">
                    <p className="text-xs font-medium text-zinc-800 dark:text-zinc-200">
                      {authorName(reply)}
                    </p>
                    <CommentText text={reply.text} />
                  </div>
                ))}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function GuestComposer({ token }: { token: string }) {
  const session = useReviewSession()!;
  const create = useCreateGuestComment(token);
  const id = useId();
  const [name, setName] = useState("");
  const [text, setText] = useState("");
  const field = useRef<HTMLTextAreaElement>(null);
  // A pin placed: the text is next.
  useEffect(() => {
    if (session.draft) field.current?.focus();
  }, [session.draft]);
  // Read after hydration: the server has no browser storage.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- once, from the browser's storage
    setName(window.localStorage.getItem(NAME_KEY) ?? "");
  }, []);
  const send = () => {
    if (!name.trim() || !text.trim()) return;
    window.localStorage.setItem(NAME_KEY, name.trim());
    create.mutate(
      { guestName: name.trim(), text, pin: session.draft ?? { kind: "render" } },
      {
        onSuccess: () => {
          setText("");
          session.cancelDraft();
        },
      },
    );
  };
  const pin = session.draft;
  return (
    <div className="flex flex-col gap-2">
      <TextField
        id={`${id}-name`}
        label="Your name"
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex items-center gap-2">
        <Button size="sm" aria-pressed={session.placing || pin !== null} onClick={session.startPlacing}>
          <MessageSquarePlusIcon /> Comment
        </Button>
        <span className="text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {session.placing && pin === null
            ? "Click a point or drag a rectangle on the image."
            : pin
              ? `Pinned: ${(pinLabel(pin) ?? "the whole render").toLowerCase()}.`
              : "Or write about the whole render."}
        </span>
      </div>
      <MentionField
        ref={field}
        label="New comment"
        value={text}
        onChange={setText}
        names={[]}
        onSubmit={send}
      />
      {create.isError && <Notice tone="error">{create.error.message}</Notice>}
      <Button
        size="sm"
        variant="primary"
        className="self-start"
        busy={create.isPending}
        busyText="Posting…"
        disabled={!name.trim()}
        onClick={send}
      >
        Post comment
      </Button>
    </div>
  );
}
