/**
 * People, as the Team page and Your account use them: pending invites (`/api/invites`), deactivating,
 * reactivating and password-reset links of members (`/api/members/{id}/…`), and the caller's own
 * sessions and password (`/api/auth/sessions`, `/api/auth/password`).
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import type { InviteInput, PasswordChange } from "@/lib/contract";
import { queryKeys } from "./keys";

export function useInvites() {
  return useQuery({
    queryKey: queryKeys.invites,
    queryFn: ({ signal }) => apiFetch("/api/invites", (c) => c.inviteListSchema, { signal }),
    select: (data) => data.items,
  });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) =>
      apiFetch("/api/invites", (c) => c.inviteCreatedSchema, { method: "POST", body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.invites }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/invites/${encodeURIComponent(id)}`, (c) => c.inviteRevokedSchema, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.invites }),
  });
}

/** Deactivates (`active` false) or reactivates a member. */
export function useSetMemberActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      apiFetch(
        `/api/members/${encodeURIComponent(id)}/${active ? "reactivate" : "deactivate"}`,
        (c) => c.memberSpendSchema,
        { method: "POST" },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.members }),
  });
}

export function usePasswordResetLink() {
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/members/${encodeURIComponent(id)}/password-reset`, (c) => c.oneTimeLinkSchema, {
        method: "POST",
      }),
  });
}

export function useOwnSessions() {
  return useQuery({
    queryKey: queryKeys.ownSessions,
    queryFn: ({ signal }) => apiFetch("/api/auth/sessions", (c) => c.sessionListSchema, { signal }),
    select: (data) => data.items,
  });
}

/** Signs one session out (`id`), or every other one (no id). */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id?: string) =>
      id === undefined
        ? apiFetch("/api/auth/sessions/sign-out-others", (c) => c.sessionsEndedSchema, { method: "POST" })
        : apiFetch(`/api/auth/sessions/${encodeURIComponent(id)}`, (c) => c.sessionsEndedSchema, {
            method: "DELETE",
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ownSessions }),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PasswordChange) =>
      apiFetch("/api/auth/password", (c) => c.passwordChangedSchema, { method: "POST", body: change }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.ownSessions }),
  });
}
