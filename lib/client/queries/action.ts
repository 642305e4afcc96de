"use client";

/**
 * The one way a page changes something on the server: react-query's `useMutation`, sent once at a
 * time. A call made while the last one is under way is dropped: `mutate` does nothing and
 * `mutateAsync` answers a promise that never settles (the first call's own handlers tell the
 * outcome). The mutation's `isPending` reaches the page only on its next render, so a button's
 * `disabled` alone lets a quick second press (a double click, Enter held down) send a second request.
 * Pages show the pending state with the Button's `busy` (docs/architecture.md, "Actions that call
 * the server").
 */
import { useMutation, type UseMutationOptions, type UseMutationResult } from "@tanstack/react-query";
import { useRef } from "react";

export function useAction<TData, TVariables = void>(
  options: UseMutationOptions<TData, Error, TVariables>,
): UseMutationResult<TData, Error, TVariables> {
  const mutation = useMutation(options);
  const sending = useRef(false);
  const mutateAsync: typeof mutation.mutateAsync = (...args) => {
    if (sending.current) return new Promise<TData>(() => undefined);
    sending.current = true;
    return mutation.mutateAsync(...args).finally(() => {
      sending.current = false;
    });
  };
  return {
    ...mutation,
    mutateAsync,
    mutate: (...args) => void mutateAsync(...args).catch(() => undefined),
  };
}
