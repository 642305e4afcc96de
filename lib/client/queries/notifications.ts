/** Your account → Notifications: the caller's choices of what reaches them how. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import type { NotificationChoicesInput, TeamChatInput } from "@/lib/contract";
import { useAction } from "./action";
import { queryKeys } from "./keys";

export function useNotificationChoices() {
  return useQuery({
    queryKey: queryKeys.notificationChoices,
    queryFn: ({ signal }) =>
      apiFetch("/api/account/notifications", (c) => c.notificationChoicesSchema, { signal }),
  });
}

/** Turns off one kind of email with the token of its unsubscribe link (no sign-in needed). */
export function useUnsubscribe() {
  return useAction({
    mutationFn: (token: string) =>
      apiFetch("/api/notifications/unsubscribe", (c) => c.unsubscribedSchema, {
        method: "POST",
        body: { token },
      }),
  });
}

/** Saves the rows given; the answer is the whole table as saved. */
export function useSaveNotificationChoices() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (input: NotificationChoicesInput) =>
      apiFetch("/api/account/notifications", (c) => c.notificationChoicesSchema, {
        method: "PUT",
        body: input,
      }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.notificationChoices, saved),
  });
}

/** The event kinds the team's chat carries (admins). */
export function useTeamChat() {
  return useQuery({
    queryKey: queryKeys.teamChat,
    queryFn: ({ signal }) => apiFetch("/api/team/chat", (c) => c.teamChatSchema, { signal }),
  });
}

export function useSaveTeamChat() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (input: TeamChatInput) =>
      apiFetch("/api/team/chat", (c) => c.teamChatSchema, { method: "PUT", body: input }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.teamChat, saved),
  });
}

export function useSendTestChat() {
  return useAction({
    mutationFn: () => apiFetch("/api/team/chat/test", (c) => c.teamChatTestSchema, { method: "POST" }),
  });
}
