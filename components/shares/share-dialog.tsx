"use client";
/**
 * "Share": makes a read-only link to a finished render or a board, then shows it once with a Copy
 * button. Loaded the first time a Share button is pressed.
 */
import { useId, useState, type FormEvent } from "react";
import { CheckIcon, CopyIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogPanel, DialogTitle } from "@/components/ui/dialog";
import { CONTROL_CLASSES, LABEL_CLASSES } from "@/components/ui/field-classes";
import { Notice } from "@/components/ui/notice";
import { SelectOptions } from "@/components/ui/select-options";
import { Switch } from "@/components/ui/switch";
import type { ShareTarget } from "@/lib/contract";
import { useCreateShare } from "@/lib/client/queries/shares";
import { EXPIRY_CHOICES, expiryInstant, localDay, type ExpiryChoice } from "./expiry";

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
  const [expiry, setExpiry] = useState<ExpiryChoice>("never");
  const [day, setDay] = useState("");
  const [showPrompt, setShowPrompt] = useState(true);
  const [dayError, setDayError] = useState<string>();
  const link = create.data && `${window.location.origin}${create.data.path}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = expiryInstant(expiry, day, new Date());
    if (expiresAt === "invalid") return setDayError("Choose a day from today on.");
    setDayError(undefined);
    create.mutate({ ...target, expiresAt, showPrompt });
  };

  if (link) return <CreatedLink link={link} />;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div>
        <DialogTitle>{WORDING[target.kind].title}</DialogTitle>
        <DialogDescription className="mt-1">{WORDING[target.kind].description}</DialogDescription>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-expiry`} className={LABEL_CLASSES}>
          Expires
        </label>
        <select
          id={`${id}-expiry`}
          className={`${CONTROL_CLASSES} h-10 px-2`}
          value={expiry}
          onChange={(event) => setExpiry(event.target.value as ExpiryChoice)}
        >
          <SelectOptions options={EXPIRY_CHOICES} />
        </select>
      </div>
      {expiry === "date" && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-day`} className={LABEL_CLASSES}>
            Last day it works
          </label>
          <input
            id={`${id}-day`}
            type="date"
            min={localDay(new Date())}
            value={day}
            aria-invalid={dayError ? true : undefined}
            aria-describedby={dayError ? `${id}-day-error` : undefined}
            className={`${CONTROL_CLASSES} h-10 px-3`}
            onChange={(event) => setDay(event.target.value)}
          />
          {dayError && (
            <p id={`${id}-day-error`} className="text-sm text-red-600 dark:text-red-400">
              {dayError}
            </p>
          )}
        </div>
      )}
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={`${id}-prompt`} className={LABEL_CLASSES}>
          Show the prompt
        </label>
        <Switch id={`${id}-prompt`} checked={showPrompt} onCheckedChange={setShowPrompt} />
      </div>
      {create.isError && <Notice tone="error">The link was not made: {create.error.message}</Notice>}
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create link"}
        </Button>
      </div>
    </form>
  );
}

function CreatedLink({ link }: { link: string }) {
  const id = useId();
  const [copied, setCopied] = useState<boolean | "failed">(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // The clipboard needs a secure context and the page's focus; the field can still be copied by hand.
      setCopied("failed");
    }
  };
  return (
    <div className="flex flex-col gap-4">
      <div>
        <DialogTitle>Link created</DialogTitle>
        <DialogDescription className="mt-1">
          Copy it now: it is shown only this once. The lists show its first characters, to revoke it later.
        </DialogDescription>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-link`} className={LABEL_CLASSES}>
          Share link
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-link`}
            readOnly
            value={link}
            className={`${CONTROL_CLASSES} h-10 min-w-0 flex-1 px-3 font-mono text-xs`}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="primary" onClick={() => void copy()}>
            {copied === true ? <CheckIcon /> : <CopyIcon />}
            {copied === true ? "Copied" : "Copy"}
          </Button>
        </div>
        {copied === "failed" && (
          <p className="text-sm text-red-600 dark:text-red-400">
            The browser blocked the clipboard: select the link and copy it by hand.
          </p>
        )}
      </div>
      <div className="flex justify-end">
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      </div>
    </div>
  );
}
