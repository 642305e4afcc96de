"use client";
/**
 * "New token": a name, a scope and an expiry; the token is then shown once, with Copy and an example
 * request, until Done.
 */
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { CopyField } from "@/components/ui/copy-field";
import { ExpiryField, useExpiry } from "@/components/ui/expiry-field";
import { LABEL_CLASSES } from "@/components/ui/field-classes";
import { Notice } from "@/components/ui/notice";
import { ShownOnce } from "@/components/ui/shown-once";
import { Panel } from "@/components/ui/surface";
import { TextField } from "@/components/ui/text-field";
import type { ApiTokenCreated, TokenScope } from "@/lib/contract";
import { useCreateToken } from "@/lib/client/queries/tokens";
import { nameProblem } from "@/lib/domain/names";
import { SCOPES, SCOPE_WORDING } from "./scopes";

export function NewTokenForm() {
  const id = useId();
  const create = useCreateToken();
  const expiry = useExpiry();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [scope, setScope] = useState<TokenScope>("read");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name);
    setNameError(problem);
    const expiresAt = expiry.resolve();
    if (problem || expiresAt === undefined) return;
    create.mutate(
      { name: name.trim(), scope, expiresAt },
      {
        onSuccess: () => {
          setName("");
          setScope("read");
        },
      },
    );
  };

  return (
    <Panel as="section" aria-labelledby={`${id}-title`} className="flex flex-col gap-4 p-4 sm:p-5">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        New token
      </h2>
      {create.data && <CreatedToken created={create.data} onDone={() => create.reset()} />}
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          id={`${id}-name`}
          label="Name"
          placeholder="Nightly batch, CI pipeline…"
          value={name}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className={`${LABEL_CLASSES} mb-1.5`}>Scope</legend>
          {SCOPES.map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-scope`}
                value={value}
                checked={scope === value}
                onChange={() => setScope(value)}
                className="mt-0.5 size-4 accent-indigo-600"
              />
              <span>
                <span className="font-medium">{SCOPE_WORDING[value].label}</span>
                <span className="block text-zinc-600 dark:text-zinc-400">
                  {SCOPE_WORDING[value].description}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <ExpiryField id={id} expiry={expiry} />
        {create.isError && <Notice tone="error">The token was not made: {create.error.message}</Notice>}
        <div>
          <Button type="submit" variant="primary" busy={create.isPending} busyText="Creating…">
            Create token
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function CreatedToken({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  const id = useId();
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <ShownOnce onDone={onDone}>
      <p>
        <span className="font-semibold">Token “{created.token.name}” created.</span> Copy it now: it is shown
        only this once. The list shows its first characters, to revoke it later.
      </p>
      <CopyField id={`${id}-secret`} label="Your new API token" value={created.secret} />
      <p className="text-zinc-700 dark:text-zinc-300">Send it in the Authorization header, for example:</p>
      <pre className="overflow-x-auto rounded-md bg-zinc-900 px-3 py-2 font-mono text-xs text-zinc-100">
        {`curl -H "Authorization: Bearer $RENDER_DASHBOARD_TOKEN" \\\n  ${origin}/api/renders`}
      </pre>
    </ShownOnce>
  );
}
