/**
 * The render form's resolver (./resolver: the shared request schema), loaded with zod on the form's
 * first validation rather than with the page. react-hook-form awaits resolvers, so nothing else
 * changes; the module is fetched once and kept.
 */
import type { Resolver } from "react-hook-form";
import type { RenderRequest } from "@/lib/domain/render-request";
import type { RenderFormValues } from "./values";

let resolver: Promise<typeof import("./resolver")> | undefined;

/** Fetched once; a failed load is not remembered, so the next validation tries again. */
function loadResolver() {
  resolver ??= import("./resolver").catch((cause: unknown) => {
    resolver = undefined;
    throw cause;
  });
  return resolver;
}

export const lazyRenderFormResolver: Resolver<RenderFormValues, unknown, RenderRequest> = async (
  values,
  context,
  options,
) => {
  const { renderFormResolver } = await loadResolver();
  return renderFormResolver(values, context, options);
};
