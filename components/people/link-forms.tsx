"use client";
/**
 * The forms a one-time link opens: joining the team through an invite (name, email unless the invite
 * names one, password) and setting a new password through a reset link. Either signs the member in
 * and opens the dashboard; the server's refusal (a common password, a used link) is said as it comes.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { TextField } from "@/components/ui/text-field";
import { apiFetch } from "@/lib/client/api-client";
import { MIN_PASSWORD_LENGTH } from "@/lib/domain/passwords";
import { NewPasswordField } from "./new-password-field";

/** Submits, then signs in: every cached query was read signed out, and the header is rendered again. */
function useLinkSubmit(send: () => Promise<unknown>) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await send();
    } catch (error) {
      setBusy(false);
      const field = error && typeof error === "object" && "field" in error ? String(error.field) : undefined;
      setFailure({ message: error instanceof Error ? error.message : "It did not work.", field });
      return;
    }
    await queryClient.resetQueries();
    router.replace("/");
    router.refresh();
  };
  return { failure, busy, submit };
}

function PasswordForm({
  label,
  action,
  busyAction,
  password,
  setPassword,
  link,
  children,
}: {
  label: string;
  action: string;
  busyAction: string;
  password: string;
  setPassword: (value: string) => void;
  link: ReturnType<typeof useLinkSubmit>;
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(event) => void link.submit(event)}
      className="flex flex-col gap-4"
    >
      {children}
      <NewPasswordField id={`${id}-password`} label="Password" value={password} onChange={setPassword} />
      {link.failure && <Notice tone="error">{link.failure.message}</Notice>}
      <Button
        type="submit"
        variant="primary"
        className="h-10"
        disabled={link.busy || password.length < MIN_PASSWORD_LENGTH}
      >
        {link.busy ? busyAction : action}
      </Button>
    </form>
  );
}

export function JoinForm({
  token,
  name: invitedName,
  email: fixedEmail,
}: {
  token: string;
  name: string;
  email: string | null;
}) {
  const id = useId();
  const [name, setName] = useState(invitedName);
  const [email, setEmail] = useState(fixedEmail ?? "");
  const [password, setPassword] = useState("");
  const link = useLinkSubmit(() =>
    apiFetch("/api/auth/join", (c) => c.signInResultSchema, {
      method: "POST",
      body: { token, name: name.trim(), ...(fixedEmail === null && { email: email.trim() }), password },
    }),
  );
  return (
    <PasswordForm
      label="Join the team"
      action="Join"
      busyAction="Joining…"
      password={password}
      setPassword={setPassword}
      link={link}
    >
      <TextField
        id={`${id}-name`}
        label="Your name"
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <TextField
        id={`${id}-email`}
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        readOnly={fixedEmail !== null}
        onChange={(e) => setEmail(e.target.value)}
      />
    </PasswordForm>
  );
}

export function ResetForm({ token }: { token: string }) {
  const [password, setPassword] = useState("");
  const link = useLinkSubmit(() =>
    apiFetch("/api/auth/reset-password", (c) => c.signInResultSchema, {
      method: "POST",
      body: { token, password },
    }),
  );
  return (
    <PasswordForm
      label="Set a new password"
      action="Set password and sign in"
      busyAction="Setting…"
      password={password}
      setPassword={setPassword}
      link={link}
    />
  );
}
