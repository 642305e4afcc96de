/** A change to a list the server keeps (share links, API tokens): the list re-reads once it settles. */
import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useAction } from "./action";

export function useListChange<V, T>(queryKey: QueryKey, change: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
