/**
 * The team as an admin manages it: members with this month's spend and cap (`GET /api/members`,
 * `POST /api/members/{id}`), the spending rules (`GET`/`POST /api/team`) and the limits on what
 * members make (`GET`/`POST /api/team/limits`); and the members' names, which everyone may read.
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAction } from "./action";
import { apiFetch } from "@/lib/client/api-client";
import type { LimitsPatch, TeamSettingsPatch } from "@/lib/contract";
import { queryKeys } from "./keys";

function membersQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.members,
    queryFn: ({ signal }) => apiFetch("/api/members", (c) => c.memberListSchema, { signal }),
    select: (data) => data.items,
  });
}

export function useMembers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...membersQueryOptions(), enabled });
}

/** Every member's id and name (`GET /api/members/names`, any member): the gallery's member filter. */
export function useMemberNames({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.memberNames,
    queryFn: ({ signal }) => apiFetch("/api/members/names", (c) => c.memberNameListSchema, { signal }),
    select: (data) => data.items,
    enabled,
  });
}

function teamQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.team,
    queryFn: ({ signal }) => apiFetch("/api/team", (c) => c.teamSettingsSchema, { signal }),
  });
}

export function useTeamSettings() {
  return useQuery(teamQueryOptions());
}

/**
 * A cap change moves every affected member's effective cap (a default applies to all without their
 * own), and perhaps the admin's own, so members and the session are refetched after either save.
 */
function useInvalidateCaps() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.members }),
      queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    ]);
}

export function useSetMemberCap() {
  const invalidate = useInvalidateCaps();
  return useAction({
    mutationFn: ({ id, monthlyCapCredits }: { id: string; monthlyCapCredits: number | null }) =>
      apiFetch(`/api/members/${encodeURIComponent(id)}`, (c) => c.memberSpendSchema, {
        method: "POST",
        body: { monthlyCapCredits },
      }),
    onSettled: invalidate,
  });
}

/** Changes some of the team's spending rules (`POST /api/team` takes only those it changes). */
export function useUpdateTeamSettings() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateCaps();
  return useAction({
    mutationFn: (patch: TeamSettingsPatch) =>
      apiFetch("/api/team", (c) => c.teamSettingsSchema, { method: "POST", body: patch }),
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.team, settings),
    onSettled: invalidate,
  });
}

export function useTeamLimits() {
  return useQuery({
    queryKey: queryKeys.limits,
    queryFn: ({ signal }) => apiFetch("/api/team/limits", (c) => c.teamLimitsSchema, { signal }),
  });
}

/** Changes some of the team's limits (null: back to its default); the answer holds them all. */
export function useUpdateTeamLimits() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (patch: LimitsPatch) =>
      apiFetch("/api/team/limits", (c) => c.teamLimitsSchema, { method: "POST", body: patch }),
    onSuccess: (limits) => queryClient.setQueryData(queryKeys.limits, limits),
  });
}
