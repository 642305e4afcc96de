/**
 * Review together (docs/architecture.md, "Review"): a render's comment threads and its review
 * summary (`GET /api/renders/{id}/comments`), writing, editing, resolving and deleting comments,
 * members' decisions (`PUT`/`DELETE /api/renders/{id}/review`), and a share link's comments for its
 * guests. Their keys live here, not in keys.ts, so the home page's first load does not carry them;
 * the live stream's `comment` and `review` events mark them stale (lib/client/live/apply-events.ts).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, useContext } from "react";
import type { CommentCreate, GuestCommentCreate, ReviewDecisionInput } from "@/lib/contract";
import { apiFetch } from "@/lib/client/api-client";
import { useAction } from "./action";
import { queryKeys } from "./keys";

export const reviewKeys = {
  all: ["review"] as const,
  comments: (renderId: string) => [...reviewKeys.all, "comments", renderId] as const,
  /** A share link's comments, as its guests read them. */
  shared: (token: string) => [...reviewKeys.all, "shared", token] as const,
};

const commentsPath = (renderId: string) => `/api/renders/${encodeURIComponent(renderId)}/comments`;
const commentPath = (id: string) => `/api/comments/${encodeURIComponent(id)}`;
const sharedPath = (token: string) => `/api/shares/${encodeURIComponent(token)}/comments`;

/**
 * True where renders pass by faster than their threads would be read (the viewer while keys move
 * it): threads already read show, others are read once it is false again.
 */
export const CommentsDeferred = createContext(false);

export function useComments(renderId: string) {
  const deferred = useContext(CommentsDeferred);
  return useQuery({
    queryKey: reviewKeys.comments(renderId),
    queryFn: ({ signal }) => apiFetch(commentsPath(renderId), (c) => c.commentThreadListSchema, { signal }),
    enabled: !deferred,
  });
}

/**
 * A change to a render's review: its threads, its record (the summary a card and the badge read) and
 * the lists holding it read again once it settles. The live stream does the same for everyone else.
 */
function useReviewChange<V, T>(renderId: string, change: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: change,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.comments(renderId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.renders.detail(renderId), exact: true }),
      ]),
  });
}

export const useCreateComment = (renderId: string) =>
  useReviewChange(renderId, (body: CommentCreate) =>
    apiFetch(commentsPath(renderId), (c) => c.commentSchema, { method: "POST", body }),
  );

export const useEditComment = (renderId: string) =>
  useReviewChange(renderId, ({ id, text }: { id: string; text: string }) =>
    apiFetch(commentPath(id), (c) => c.commentSchema, { method: "PATCH", body: { text } }),
  );

export const useDeleteComment = (renderId: string) =>
  useReviewChange(renderId, (id: string) =>
    apiFetch(commentPath(id), (c) => c.commentDeletedSchema, { method: "DELETE" }),
  );

/** Resolve (true) or reopen (false) a thread. */
export const useResolveThread = (renderId: string) =>
  useReviewChange(renderId, ({ id, resolved }: { id: string; resolved: boolean }) =>
    apiFetch(`${commentPath(id)}/${resolved ? "resolve" : "reopen"}`, (c) => c.commentSchema, {
      method: "POST",
    }),
  );

export const useDecide = (renderId: string) =>
  useReviewChange(renderId, (body: ReviewDecisionInput) =>
    apiFetch(`/api/renders/${encodeURIComponent(renderId)}/review`, (c) => c.reviewSummarySchema, {
      method: "PUT",
      body,
    }),
  );

export const useWithdrawDecision = (renderId: string) =>
  useReviewChange(renderId, () =>
    apiFetch(`/api/renders/${encodeURIComponent(renderId)}/review`, (c) => c.reviewSummarySchema, {
      method: "DELETE",
    }),
  );

/** A share link's threads, for its guests (no session). */
export function useSharedComments(token: string) {
  return useQuery({
    queryKey: reviewKeys.shared(token),
    queryFn: ({ signal }) => apiFetch(sharedPath(token), (c) => c.commentThreadListSchema, { signal }),
  });
}

export function useCreateGuestComment(token: string) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (body: GuestCommentCreate) =>
      apiFetch(sharedPath(token), (c) => c.commentSchema, { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.shared(token) }),
  });
}
