"use client";
/**
 * `?edit=<renderId>`: loads that render from the ledger, hands it to the form, then removes the
 * parameter so a reload or a shared link does not overwrite the form again.
 */
import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { notify } from "@/components/ui/notify";
import type { LedgerRender } from "@/lib/contract";
import { renderQueryOptions } from "@/lib/client/queries/renders";

export function EditPrefill({ onLoaded }: { onLoaded: (render: LedgerRender) => void }) {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const id = searchParams.get("edit");
  // Only the request as sent is needed: no live refetch while the render runs.
  const render = useQuery({ ...renderQueryOptions(id ?? ""), enabled: id !== null, refetchInterval: false });

  useEffect(() => {
    if (id === null || (!render.data && !render.isError)) return;
    if (render.data) onLoaded(render.data);
    else notify.error("That render's settings could not be loaded", { description: render.error?.message });
    const rest = new URLSearchParams(searchParams.toString());
    rest.delete("edit");
    const query = rest.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [id, render.data, render.isError, render.error, onLoaded, pathname, router, searchParams]);

  return null;
}
