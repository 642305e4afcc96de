"use client";
/**
 * "Share": makes a read-only link to a finished render or a board, then shows it once with a Copy
 * button. Loaded the first time a Share button is pressed.
 */
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogPanel, DialogTitle } from "@/components/ui/dialog";
import { CopyField } from "@/components/ui/copy-field";
import { ExpiryField, useExpiry } from "@/components/ui/expiry-field";
import { LABEL_CLASSES } from "@/components/ui/field-classes";
import { Notice } from "@/components/ui/notice";
import { Switch } from "@/components/ui/switch";
import type { ShareTarget } from "@/lib/contract";
import { useCreateShare } from "@/lib/client/queries/shares";

export interface ShareDialogProps {
  target: ShareTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The opener mounts a new one (a new `key`) each time: a link shown once is not shown again. */
/** What the dialog says of each kind of link. */
const WORDING = {
  render: {
    title: "Share this render",
    description:
      "Anyone with the link sees the output without signing in, and can download it. Nothing else of the team is shown.",
  },
  board: {
    title: "Share this board",
    description:
      "Anyone with the link sees the board's name, description and finished outputs without signing in, as the board holds them when the link is opened, and can download them. Nothing else of the team is shown.",
  },
} as const;

export default function ShareDialog({ target, open, onOpenChange }: ShareDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogPanel
        size="alert"
        // The viewer under it steps through renders on arrow keys heard on the window: here they
        // belong to the dialog's own controls.
        onKeyDown={(event) => {
          if (event.key.startsWith("Arrow")) event.stopPropagation();
        }}
      >
        <ShareForm target={target} />
      </DialogPanel>
    </Dialog>
  );
}

function ShareForm({ target }: { target: ShareTarget }) {
  const id = useId();
  const create = useCreateShare();
  const expiry = useExpiry();
  const [showPrompt, setShowPrompt] = useState(true);
  // Off by default: a link lets guests comment only when its maker says so.
  const [allowComments, setAllowComments] = useState(false);
  const link = create.data && `${window.location.origin}${create.data.path}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = expiry.resolve();
    if (expiresAt === undefined) return;
    create.mutate({
      ...target,
      expiresAt,
      showPrompt,
      allowComments: target.kind === "render" && allowComments,
    });
  };

  if (link) return <CreatedLink link={link} />;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div>
        <DialogTitle>{WORDING[target.kind].title}</DialogTitle>
        <DialogDescription className="mt-1">{WORDING[target.kind].description}</DialogDescription>
      </div>
      <ExpiryField id={id} expiry={expiry} />
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={`${id}-prompt`} className={LABEL_CLASSES}>
          Show the prompt
        </label>
        <Switch id={`${id}-prompt`} checked={showPrompt} onCheckedChange={setShowPrompt} />
      </div>
      {/* Guests comment on one render: a board's link shows many. */}
      {target.kind === "render" && (
        <div className="flex items-center justify-between gap-4">
          <label htmlFor={`${id}-comments`} className={LABEL_CLASSES}>
            Allow comments
          </label>
          <Switch id={`${id}-comments`} checked={allowComments} onCheckedChange={setAllowComments} />
        </div>
      )}
      {create.isError && <Notice tone="error">The link was not made: {create.error.message}</Notice>}
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" busy={create.isPending} busyText="Creating…">
          Create link
        </Button>
      </div>
    </form>
  );
}

function CreatedLink({ link }: { link: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-4">
      <div>
        <DialogTitle>Link created</DialogTitle>
        <DialogDescription className="mt-1">
          Copy it now: it is shown only this once. The lists show its first characters, to revoke it later.
        </DialogDescription>
      </div>
      <CopyField id={`${id}-link`} label="Share link" value={link} />
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </div>
    </div>
  );
}
