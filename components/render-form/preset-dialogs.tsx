"use client";
/**
 * The team's presets: the picker that applies one to the form (and lets its maker or an admin rename
 * or delete it), and "Save as preset". Loaded the first time either is opened.
 */
import { useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogDescription,
  DialogHeader,
  DialogPanel,
  DialogTitle,
} from "@/components/ui/dialog";
import { InlineConfirm } from "@/components/ui/inline-confirm";
import { Notice } from "@/components/ui/notice";
import { notify } from "@/components/ui/notify";
import { TextField } from "@/components/ui/text-field";
import { describeParams, requestParams } from "@/components/render/describe-params";
import type { Preset } from "@/lib/contract";
import { isAppError } from "@/lib/contract/errors";
import { formFieldFor, readableMessage, type RenderFormValues } from "@/lib/client/form";
import { presetBody, presetOf, presetToFormValues } from "@/lib/client/form/preset";
import {
  presetsQueryOptions,
  useCreatePreset,
  useDeletePreset,
  useRenamePreset,
} from "@/lib/client/queries/presets";
import { useMayChange } from "@/lib/client/queries/session";
import { useQuery } from "@tanstack/react-query";
import { nameProblem } from "@/lib/domain/names";
import { LocalTime } from "@/components/ui/local-time";

export type PresetDialogKind = "pick" | "save";

export interface PresetDialogsProps {
  which: PresetDialogKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog: focus goes back to it on close, unless a preset was applied. */
  returnFocusTo: HTMLElement | null;
  /** The form's values now. */
  values: () => RenderFormValues;
  /** Fills the form (once the dialog has closed, so the focus can move to the form). */
  onApply: (values: RenderFormValues, preset: Preset) => void;
}

export default function PresetDialogs({
  which,
  open,
  onOpenChange,
  returnFocusTo,
  values,
  onApply,
}: PresetDialogsProps) {
  const applied = useRef<Preset | null>(null);
  const apply = (preset: Preset) => {
    applied.current = preset;
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogPanel
        size={which === "pick" ? "sheet" : "alert"}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const preset = applied.current;
          applied.current = null;
          if (preset) onApply(presetToFormValues(preset, values()), preset);
          else returnFocusTo?.focus();
        }}
      >
        {which === "pick" ? (
          <PresetPicker onApply={apply} />
        ) : (
          <SavePreset values={values} onSaved={() => onOpenChange(false)} />
        )}
      </DialogPanel>
    </Dialog>
  );
}

/** A server refusal: on the name field when it concerns the name, else as a message for the dialog. */
function refusal(error: unknown): { name?: string; other?: string } {
  if (!isAppError(error)) return { other: error instanceof Error ? error.message : "Something went wrong." };
  if (error.field === "name") return { name: error.message.replace(/^name\b/, "Name") };
  const field = formFieldFor(error.field);
  return { other: field ? readableMessage(field, error.message) : error.message };
}

/** A preset's settings in a line: "Video · Kling 2.1 · 10 s · 1080p · 9:16 · Audio: Yes". */
function summary(preset: Pick<Preset, "kind" | "model" | "settings">): string {
  return describeParams(requestParams({ kind: preset.kind, model: preset.model, params: preset.settings }))
    .map((row) => {
      const value = Array.isArray(row.value) ? row.value.join(", ") : row.value;
      return BY_VALUE_ALONE.has(row.key) ? value : `${row.label}: ${value}`;
    })
    .join(" · ");
}

/** Settings whose value says what it is without its label. */
const BY_VALUE_ALONE = new Set([
  "kind",
  "model",
  "imageModel",
  "resolution",
  "imageResolution",
  "aspectRatio",
  "imageAspectRatio",
  "durationSeconds",
]);

function PresetPicker({ onApply }: { onApply: (preset: Preset) => void }) {
  const presets = useQuery(presetsQueryOptions());
  const mayChangeMade = useMayChange();
  const retry = (
    <Button size="sm" onClick={() => void presets.refetch()}>
      Retry
    </Button>
  );

  return (
    <>
      <DialogHeader
        title="Presets"
        description="Your team's saved settings. Applying one fills the form; nothing starts until you start the render."
      />
      <div className="min-h-0 flex-1 overflow-y-auto p-4">
        {presets.isPending ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">Loading presets…</p>
        ) : presets.isError ? (
          <Notice tone="error" action={retry}>
            The presets could not be loaded: {presets.error.message}
          </Notice>
        ) : presets.data.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            No presets yet. Set up the form, then use “Save as preset” beside Start render.
          </p>
        ) : (
          <ul
            aria-label="Team presets"
            className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800"
          >
            {presets.data.map((preset) => (
              <PresetRow
                key={preset.id}
                preset={preset}
                mayChange={mayChangeMade(preset.member)}
                onApply={onApply}
              />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function PresetRow({
  preset,
  mayChange,
  onApply,
}: {
  preset: Preset;
  mayChange: boolean;
  onApply: (preset: Preset) => void;
}) {
  const [mode, setMode] = useState<"view" | "rename" | "delete">("view");
  const remove = useDeletePreset();
  const maker = preset.member ? `By ${preset.member.name}` : "Saved with sign-in off";
  if (mode === "rename") return <RenameRow preset={preset} onDone={() => setMode("view")} />;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="font-medium break-words">{preset.name}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{summary(preset)}</p>
        {preset.prompt !== null && (
          <p className="line-clamp-2 text-xs text-zinc-600 italic dark:text-zinc-400">
            <span className="sr-only">Prompt: </span>“{preset.prompt}”
          </p>
        )}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {maker}, <LocalTime iso={preset.createdAt} />
        </p>
      </div>
      {mode === "delete" ? (
        <InlineConfirm
          label={`Delete ${preset.name}?`}
          question="Delete for the whole team?"
          action={
            <>
              Delete<span className="sr-only"> {preset.name}</span>
            </>
          }
          busyText={
            <>
              Deleting…<span className="sr-only"> {preset.name}</span>
            </>
          }
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(preset.id, {
              onSuccess: () => notify.success(`Preset “${preset.name}” deleted`),
              onError: (error) => {
                notify.error("The preset was not deleted", { description: error.message });
                setMode("view");
              },
            })
          }
          onCancel={() => setMode("view")}
        />
      ) : (
        <div className="flex shrink-0 items-center gap-2">
          <Button size="sm" variant="primary" onClick={() => onApply(preset)}>
            Apply<span className="sr-only"> {preset.name}</span>
          </Button>
          {mayChange && (
            <>
              <Button size="sm" variant="ghost" onClick={() => setMode("rename")}>
                Rename<span className="sr-only"> {preset.name}</span>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setMode("delete")}>
                Delete<span className="sr-only"> {preset.name}</span>
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

function RenameRow({ preset, onDone }: { preset: Preset; onDone: () => void }) {
  const rename = useRenamePreset();
  const [name, setName] = useState(preset.name);
  const [problem, setProblem] = useState<{ name?: string; other?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = nameProblem(name);
    if (local) return setProblem({ name: local });
    rename.mutate(
      { id: preset.id, name: name.trim() },
      { onSuccess: onDone, onError: (error) => setProblem(refusal(error)) },
    );
  };
  return (
    <li className="py-3">
      <form noValidate onSubmit={submit} className="flex flex-col gap-2">
        <TextField
          id={`rename-${preset.id}`}
          label={`New name for “${preset.name}”`}
          value={name}
          autoFocus
          error={problem.name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              // Leaves renaming, not the dialog.
              event.stopPropagation();
              onDone();
            }
          }}
        />
        {problem.other && <Notice tone="error">{problem.other}</Notice>}
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
          <Button size="sm" variant="primary" type="submit" busy={rename.isPending} busyText="Saving…">
            Save name
          </Button>
        </div>
      </form>
    </li>
  );
}

function SavePreset({ values, onSaved }: { values: () => RenderFormValues; onSaved: () => void }) {
  const create = useCreatePreset();
  const [current] = useState(values);
  const hasPrompt = current.prompt.trim() !== "";
  const [name, setName] = useState("");
  const [includePrompt, setIncludePrompt] = useState(false);
  const [problem, setProblem] = useState<{ name?: string; other?: string }>({});
  const body = presetBody(current, name.trim(), includePrompt && hasPrompt);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = nameProblem(name);
    if (local) return setProblem({ name: local });
    create.mutate(body, {
      onSuccess: (preset) => {
        notify.success(`Preset “${preset.name}” saved`, { description: "The whole team can apply it now." });
        onSaved();
      },
      onError: (error) => setProblem(refusal(error)),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div>
        <DialogTitle>Save as preset</DialogTitle>
        <DialogDescription className="mt-1">
          Saves the form’s kind, model and settings for the whole team. References are not saved: uploads
          belong to each render.
        </DialogDescription>
      </div>
      <p className="rounded-md bg-zinc-100 px-3 py-2 text-xs text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
        {summary(presetOf(current))}
      </p>
      <TextField
        id="preset-name"
        label="Name"
        value={name}
        autoComplete="off"
        error={problem.name}
        onChange={(event) => setName(event.target.value)}
      />
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-indigo-600"
          checked={includePrompt && hasPrompt}
          disabled={!hasPrompt}
          aria-describedby={hasPrompt ? undefined : "preset-prompt-hint"}
          onChange={(event) => setIncludePrompt(event.target.checked)}
        />
        <span>
          Include the prompt
          {!hasPrompt && (
            <span id="preset-prompt-hint" className="block text-xs text-zinc-500 dark:text-zinc-400">
              The prompt is empty.
            </span>
          )}
        </span>
      </label>
      {problem.other && <Notice tone="error">{problem.other}</Notice>}
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="primary" busy={create.isPending} busyText="Saving…">
          Save preset
        </Button>
      </div>
    </form>
  );
}
