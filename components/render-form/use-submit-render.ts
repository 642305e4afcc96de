"use client";
/**
 * Sending the form's request: one Idempotency-Key per logical submission (kept for a retry of the
 * same request after no answer came), and each kind of failure routed to where the user sees it.
 */
import { useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { toast } from "sonner";
import { formatCredits } from "@/lib/format";
import {
  describeSubmitFailure,
  idempotencyKeyFor,
  retryKeepsKey,
  type RenderFormValues,
  type SubmitFailure,
  type UnsettledSubmission,
} from "@/lib/form";
import { useCreateRender, type CreateRenderResult } from "@/lib/queries/create-render";
import type { RenderRequest } from "@/lib/render-request";

/** Failures shown as a message rather than on a field or as a countdown. */
export type ShownFailure = Extract<SubmitFailure, { type: "admin" | "unknown-outcome" | "other" }>;

export interface RenderSubmitter {
  submit: (request: RenderRequest) => void;
  isPending: boolean;
  failure: ShownFailure | null;
  /** Whole seconds until the service accepts creates again after a 429; 0 when not limited. */
  retryInSeconds: number;
}

function startedToast(result: CreateRenderResult) {
  const count = result.ids.length;
  const what = result.kind === "image" ? (count === 1 ? "Image" : `${count} images`) : "Video";
  const cost =
    result.creditsCharged > 0 ? `${formatCredits(result.creditsCharged)} charged` : "Included in plan";
  toast.success(`${what} started`, {
    description: `${result.renderModel} · ${cost}. Follow it in the gallery.`,
  });
}

export function useSubmitRender(
  form: UseFormReturn<RenderFormValues, unknown, RenderRequest>,
): RenderSubmitter {
  const createRender = useCreateRender();
  const unsettled = useRef<UnsettledSubmission | null>(null);
  const [failure, setFailure] = useState<ShownFailure | null>(null);
  const [retryUntil, setRetryUntil] = useState<number | null>(null);
  const [retryInSeconds, setRetryInSeconds] = useState(0);

  useEffect(() => {
    if (retryUntil === null) return;
    const timer = setInterval(() => {
      const left = Math.ceil((retryUntil - Date.now()) / 1000);
      setRetryInSeconds(Math.max(0, left));
      if (left <= 0) setRetryUntil(null);
    }, 250);
    return () => clearInterval(timer);
  }, [retryUntil]);

  const submit = (request: RenderRequest) => {
    const body = JSON.stringify(request);
    const key = idempotencyKeyFor(unsettled.current, body, () => crypto.randomUUID());
    unsettled.current = { key, body };
    setFailure(null);
    createRender.mutate(
      { request, idempotencyKey: key },
      {
        onSuccess: (result) => {
          unsettled.current = null;
          startedToast(result);
        },
        onError: (error) => {
          if (!retryKeepsKey(error)) unsettled.current = null;
          const shown = describeSubmitFailure(error);
          switch (shown.type) {
            case "field":
              form.setError(shown.field, { type: "server", message: shown.message }, { shouldFocus: true });
              return;
            case "rate-limited":
              setRetryUntil(Date.now() + shown.retryAfterSeconds * 1000);
              setRetryInSeconds(shown.retryAfterSeconds);
              return;
            case "other":
              toast.error("The render was not started", { description: shown.message });
              setFailure(shown);
              return;
            default:
              setFailure(shown);
          }
        },
      },
    );
  };

  return { submit, isPending: createRender.isPending, failure, retryInSeconds };
}
