"use client";
/**
 * `?edit=<renderId>`: loads that render from the ledger, fills the form with its settings (or says
 * why it cannot), then removes the parameter so a reload or a shared link does not overwrite the form
 * again. Its wording and checks load with it, only when the parameter is there.
 */
import { useQuery } from "@tanstack/react-query";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { notify } from "@/components/ui/notify";
import type { LedgerRender } from "@/lib/contract";
import type { RenderFormValues } from "@/lib/client/form";
import { formValuesFromRender } from "@/lib/client/form/from-render";
import { renderQueryOptions } from "@/lib/client/queries/renders";

/** `current`: the form's values (what the render does not set keeps them); `onFill`: fills the form. */
export function EditPrefill({
  current,
  onFill,
}: {
  current: () => RenderFormValues;
  onFill: (values: RenderFormValues, message: string, parentId?: string) => void;
}) {
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const id = searchParams.get("edit");
  // Only the request as sent is needed: no live refetch while the render runs.
  const render = useQuery({ ...renderQueryOptions(id ?? ""), enabled: id !== null, refetchInterval: false });

  useEffect(() => {
    if (id === null || (!render.data && !render.isError)) return;
    if (render.data) void fillFrom(render.data, current, onFill);
    else notify.error("That render's settings could not be loaded", { description: render.error?.message });
    const rest = new URLSearchParams(searchParams.toString());
    rest.delete("edit");
    const query = rest.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [id, render.data, render.isError, render.error, current, onFill, pathname, router, searchParams]);

  return null;
}

async function fillFrom(
  render: LedgerRender,
  current: () => RenderFormValues,
  onFill: (values: RenderFormValues, message: string, parentId?: string) => void,
) {
  let filled: Awaited<ReturnType<typeof formValuesFromRender>>;
  try {
    filled = await formValuesFromRender(render, current());
  } catch (error) {
    const description = error instanceof Error ? error.message : undefined;
    notify.error("That render's settings could not be loaded", { description });
    return;
  }
  if (!filled.ok) {
    notify.error("That render's settings no longer fit the form", { description: filled.message });
    return;
  }
  // The render whose settings these are becomes the new render's parent.
  onFill(filled.values, "Settings loaded", render.id);
}
