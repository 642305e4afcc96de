/** A change to a list the server keeps (share links, API tokens): the list re-reads once it settles. */
import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";

export function useListChange<V, T>(queryKey: QueryKey, change: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
