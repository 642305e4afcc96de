"use client";

/**
 * Email and password, checked by `POST /api/auth/sign-in`. Wrong credentials are said plainly; a
 * throttled sign-in counts down the wait the server names. On success the member goes where they
 * were headed (`next`, already checked to be a path on this site).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASSES, LABEL_CLASSES } from "@/components/ui/field-classes";
import { Notice } from "@/components/ui/notice";
import { useCountdown } from "@/components/ui/use-countdown";
import { apiFetch } from "@/lib/client/api-client";
import { memberSpendSchema, signInSchema, type SignIn } from "@/lib/contract";
import { isAppError } from "@/lib/contract/errors";

const signedInSchema = z.object({ member: memberSpendSchema });

export function SignInForm({ next }: { next: string }) {
  const id = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const wait = useCountdown();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<z.input<typeof signInSchema>, unknown, SignIn>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: SignIn) => {
    setFailure(null);
    try {
      await apiFetch("/api/auth/sign-in", signedInSchema, { method: "POST", body: values });
    } catch (error) {
      if (isAppError(error) && error.code === "rate_limited")
        wait.start(Math.max(1, Math.ceil(error.retryAfterSeconds ?? 60)));
      setFailure(error instanceof Error ? error.message : "Sign-in failed.");
      return;
    }
    // Everything cached was read signed out (the session, a 401 account): read it again as the member.
    await queryClient.resetQueries();
    router.replace(next);
  };

  const waiting = wait.secondsLeft > 0;
  return (
    <form
      aria-label="Sign in"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-4"
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-email`} className={LABEL_CLASSES}>
          Email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          autoComplete="username"
          autoFocus
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          className={`${CONTROL_CLASSES} h-10 px-3`}
          {...form.register("email")}
        />
        {errors.email && (
          <p id={`${id}-email-error`} className="text-xs text-red-700 dark:text-red-400">
            {errors.email.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-password`} className={LABEL_CLASSES}>
          Password
        </label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
          className={`${CONTROL_CLASSES} h-10 px-3`}
          {...form.register("password")}
        />
        {errors.password && (
          <p id={`${id}-password-error`} className="text-xs text-red-700 dark:text-red-400">
            {errors.password.message}
          </p>
        )}
      </div>
      {failure && (
        <Notice tone="error">
          {failure}
          {waiting && <span className="tabular-nums"> Try again in {wait.secondsLeft} s.</span>}
        </Notice>
      )}
      <Button type="submit" variant="primary" className="h-10" disabled={isSubmitting || waiting}>
        {isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
