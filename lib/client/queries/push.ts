/** Your account → Notifications → push: the caller's devices, turning push on here, a test notification. */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import { subscribeThisDevice } from "@/lib/client/push-subscription";
import { useAction } from "./action";
import { queryKeys } from "./keys";

export function usePushDevices() {
  return useQuery({
    queryKey: queryKeys.pushDevices,
    queryFn: ({ signal }) => apiFetch("/api/account/push", (c) => c.pushDevicesSchema, { signal }),
  });
}

/** Subscribes this browser with the server's key and keeps the subscription as one of the caller's devices. */
export function useTurnOnPush() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: async (publicKey: string) =>
      apiFetch("/api/account/push", (c) => c.pushDeviceSchema, {
        method: "POST",
        body: await subscribeThisDevice(publicKey),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.pushDevices }),
  });
}

export function useRemovePushDevice() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (id: string) =>
      apiFetch(`/api/account/push/${encodeURIComponent(id)}`, (c) => c.pushDevicesSchema, {
        method: "DELETE",
      }),
    onSuccess: (devices) => queryClient.setQueryData(queryKeys.pushDevices, devices),
  });
}

export function useSendTestPush() {
  return useAction({
    mutationFn: () => apiFetch("/api/account/push/test", (c) => c.pushTestSchema, { method: "POST" }),
  });
}
