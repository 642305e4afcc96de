"use client";
/**
 * Sending the form's request: one Idempotency-Key per logical submission (kept for a retry of the
 * same request after no answer came, and shared with the same request from any tab within a few
 * seconds), and each kind of failure routed to where the user sees it.
 */
import { useEffect, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { notify } from "@/components/ui/notify";
import { useCountdown } from "@/components/ui/use-countdown";
import {
  claimSubmissionKey,
  idempotencyKeyFor,
  retryKeepsKey,
  settleSubmission,
  type RenderFormValues,
  type UnsettledSubmission,
} from "@/lib/client/form";
import type { SubmitFailure } from "@/lib/client/form/submit-failure";
import { useCreateRender } from "@/lib/client/queries/create-render";
import type { CreateRenderAnswer } from "@/lib/contract";
import type { RenderRequest } from "@/lib/domain/render-request";
import { browserStorage, thisTab, withSubmissionLock } from "./submission-browser";

/**
 * How failures are worded: fetched once the page is interactive, not with it, so that a failure
 * because the connection dropped still finds it loaded.
 */
const loadSubmitFailure = () => import("@/lib/client/form/submit-failure");

/** Failures shown as a message rather than on a field or as a countdown. */
export type ShownFailure = Extract<
  SubmitFailure,
  { type: "admin" | "cap" | "unknown-outcome" | "other" | "rate-limited" }
>;

export interface RenderSubmitter {
  submit: (request: RenderRequest) => void;
  isPending: boolean;
  failure: ShownFailure | null;
  /** Whole seconds until a create may be tried again after a 429 (the service's, or the team's limit); 0 when not limited. */
  retryInSeconds: number;
}

/**
 * The key for a submission: this tab's unanswered one when this is its retry, else the key of the
 * same request submitted from any tab in the last few seconds, else a new one.
 */
function keyFor(unsettled: UnsettledSubmission | null, body: string, submittedAt: number): string {
  return idempotencyKeyFor(
    unsettled,
    body,
    () =>
      claimSubmissionKey(browserStorage, {
        body,
        now: submittedAt,
        tab: thisTab(),
        newKey: () => crypto.randomUUID(),
      }).key,
  );
}

export function useSubmitRender(
  form: UseFormReturn<RenderFormValues, unknown, RenderRequest>,
  /** Runs once the service has the render, or it waits for approval (a replay of either included). */
  onStarted: (result: CreateRenderAnswer) => void,
): RenderSubmitter {
  const createRender = useCreateRender();
  const unsettled = useRef<UnsettledSubmission | null>(null);
  const [failure, setFailure] = useState<ShownFailure | null>(null);
  const retry = useCountdown();

  const [waitingForLock, setWaitingForLock] = useState(false);
  useEffect(() => void loadSubmitFailure(), []);

  const send = (request: RenderRequest, body: string, submittedAt: number) => {
    setWaitingForLock(false);
    const key = keyFor(unsettled.current, body, submittedAt);
    unsettled.current = { key, body };
    return createRender.mutateAsync(
      { request, idempotencyKey: key },
      {
        onSuccess: (result) => {
          unsettled.current = null;
          const earlier = settleSubmission(browserStorage, { key, requestId: result.requestId });
          // Loaded with the first answer, not with the page.
          void import("./submitted-toast").then(({ submittedToast }) => submittedToast(result, earlier));
          onStarted(result);
        },
        onError: (error) => {
          if (!retryKeepsKey(error)) unsettled.current = null;
          void loadSubmitFailure().then(({ describeSubmitFailure }) =>
            showFailure(describeSubmitFailure(error)),
          );
        },
      },
    );
  };

  const showFailure = (shown: SubmitFailure) => {
    switch (shown.type) {
      case "field":
        form.setError(shown.field, { type: "server", message: shown.message }, { shouldFocus: true });
        return;
      case "rate-limited":
        retry.start(shown.retryAfterSeconds);
        setFailure(shown);
        return;
      case "other":
        notify.error("The render was not started", { description: shown.message });
        setFailure(shown);
        return;
      default:
        setFailure(shown);
    }
  };

  const submit = (request: RenderRequest) => {
    const body = JSON.stringify(request);
    // The moment of the click, not of getting the lock: the dedupe window is about when people submit.
    const submittedAt = Date.now();
    setFailure(null);
    setWaitingForLock(true);
    // Failures are shown by the mutation's onError; the promise is only what the lock waits on.
    withSubmissionLock(body, () => send(request, body, submittedAt).catch(() => undefined)).catch(() =>
      setWaitingForLock(false),
    );
  };

  return {
    submit,
    isPending: createRender.isPending || waitingForLock,
    failure,
    retryInSeconds: retry.secondsLeft,
  };
}
