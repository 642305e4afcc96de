/**
 * The form's validation is the shared request schema itself: form values are mapped to the request
 * the server would receive, and that request is parsed with `renderRequestSchema`. Form fields carry
 * the request's names, so every issue's path is already a form field.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import { renderRequestSchema } from "@/lib/domain/render-request";
import { formValuesToRequest } from "./mapper";
import type { RenderFormValues } from "./values";

export const renderFormSchema = z
  .custom<RenderFormValues>()
  .transform(formValuesToRequest)
  .pipe(renderRequestSchema);

export const renderFormResolver = zodResolver(renderFormSchema);
