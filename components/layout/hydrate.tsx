/**
 * Data a server page read, handed to the page's queries under their keys, so the first paint (and
 * a reload) shows it at once and the queries keep it current from there.
 */
import { HydrationBoundary, QueryClient, dehydrate, type QueryKey } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { RenderList } from "@/lib/contract";

export function Hydrate({
  data,
  children,
}: {
  data: readonly (readonly [QueryKey, unknown])[];
  children: ReactNode;
}) {
  return <HydrationBoundary state={stateOf(data)}>{children}</HydrationBoundary>;
}

/** A request's own query client (a server page renders once per request), dehydrated. */
function stateOf(data: readonly (readonly [QueryKey, unknown])[]) {
  const queryClient = new QueryClient();
  for (const [key, value] of data) queryClient.setQueryData(key, value);
  return dehydrate(queryClient);
}

/** A gallery list's first page as its infinite query holds it. */
export const firstPage = (page: RenderList) => ({ pages: [page], pageParams: [undefined] });
