/**
 * The form's validation is the shared request schema itself: form values are mapped to the request
 * the server would receive, and that request is parsed with `renderRequestSchema`. Form fields carry
 * the request's names, so every issue's path is already a form field.
 */
/* eslint-disable @typescript-eslint/no-restricted-imports -- this module is loaded on demand (lazy-resolver.ts): it is where zod enters the form. */
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod/mini";
import { renderRequestSchema } from "@/lib/domain/render-request";
/* eslint-enable @typescript-eslint/no-restricted-imports */
import { formValuesToRequest } from "./mapper";
import type { RenderFormValues } from "./values";

export const renderFormSchema = z.pipe(
  z.pipe(z.custom<RenderFormValues>(), z.transform(formValuesToRequest)),
  renderRequestSchema,
);

export const renderFormResolver = zodResolver(renderFormSchema);
