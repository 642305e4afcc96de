"use client";

/**
 * Email and password, checked by `POST /api/auth/sign-in`. Wrong credentials are said plainly; a
 * throttled sign-in counts down the wait the server names. On success the member goes where they
 * were headed (`next`, already checked to be a path on this site).
 */
// The sign-in page validates as it is typed into: its schema (and zod) load with that page only.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { useCountdown } from "@/components/ui/use-countdown";
import { apiFetch } from "@/lib/client/api-client";
import type { SignIn } from "@/lib/contract";
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- see zodResolver above
import { signInSchema } from "@/lib/contract/team";
import { isAppError } from "@/lib/contract/errors";

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
      await apiFetch("/api/auth/sign-in", (c) => c.signInResultSchema, { method: "POST", body: values });
    } catch (error) {
      if (isAppError(error) && error.code === "rate_limited")
        wait.start(Math.max(1, Math.ceil(error.retryAfterSeconds ?? 60)));
      setFailure(error instanceof Error ? error.message : "Sign-in failed.");
      return;
    }
    // Everything cached was read signed out (the session, a 401 account): read it again as the member.
    await queryClient.resetQueries();
    router.replace(next);
    // The root layout's server-rendered header (an admin's Rates and Approvals) is kept across client
    // navigations: rendered for the signed-out sign-in page, it must be rendered again for the member.
    router.refresh();
  };

  const waiting = wait.secondsLeft > 0;
  return (
    <form
      aria-label="Sign in"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
      className="flex flex-col gap-4"
    >
      <TextField
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
        error={errors.email?.message}
        {...form.register("email")}
      />
      <TextField
        id={`${id}-password`}
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      {failure && (
        <Notice tone="error">
          {failure}
          {waiting && <span className="tabular-nums"> Try again in {wait.secondsLeft} s.</span>}
        </Notice>
      )}
      <Button
        type="submit"
        variant="primary"
        className="h-10"
        disabled={waiting}
        busy={isSubmitting}
        busyText="Signing in…"
      >
        Sign in
      </Button>
    </form>
  );
}
