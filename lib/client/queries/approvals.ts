/**
 * The approvals queue (`GET /api/approvals`, admins) and its decisions. Apart from keys.ts: only the
 * approvals page, the header's count (admins) and the live stream use it, so the home page's first
 * load does not carry it.
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAction } from "./action";
import { apiFetch } from "@/lib/client/api-client";
import type { Approval, ApprovalStarted } from "@/lib/contract";
import { queryKeys } from "./keys";

export const approvalKeys = { all: ["approvals"] as const };

export function approvalsQueryOptions() {
  return queryOptions({
    queryKey: approvalKeys.all,
    queryFn: ({ signal }) => apiFetch("/api/approvals", (c) => c.approvalListSchema, { signal }),
    select: (data) => data.items,
  });
}

export function useApprovals() {
  return useQuery(approvalsQueryOptions());
}

export interface DecisionVariables {
  id: string;
  decision: "approve" | "decline";
  note?: string;
}

/**
 * Approves (the render is sent, spending credits) or declines a waiting render. Either way the queue
 * and the gallery are read again; an approval moves the balance too.
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: ({ id, decision, note }: DecisionVariables): Promise<ApprovalStarted | Approval> => {
      const path = `/api/approvals/${encodeURIComponent(id)}/${decision}`;
      const request = { method: "POST" as const, body: note ? { note } : {} };
      return decision === "approve"
        ? apiFetch(path, (c) => c.approvalStartedSchema, request)
        : apiFetch(path, (c) => c.approvalSchema, request);
    },
    // Not awaited: the decision is told at once while the reads run.
    onSettled: () => {
      for (const queryKey of [approvalKeys.all, queryKeys.renders.all, queryKeys.account])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
