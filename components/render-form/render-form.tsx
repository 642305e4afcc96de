"use client";
/**
 * The new-render form. Values are validated with the shared request schema (through the mapper in
 * lib/client/form), so what the form accepts the server accepts; the server's own refusals land on the same
 * fields. Settings are kept after a successful start, since renders are iterated on. Below `lg` it is
 * folded to its heading, a button that unfolds it, so the gallery under it is in view on a phone; a
 * fill (Reuse settings, a preset) unfolds it.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  type BaseSyntheticEvent,
  type ComponentProps,
  type KeyboardEvent,
} from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { notify } from "@/components/ui/notify";
import { useUploadQueue } from "@/components/uploads";
import { Notice } from "@/components/ui/notice";
import type { LedgerUpload } from "@/lib/contract";
import {
  REFERENCE_FIELDS,
  defaultFormValues,
  estimateParams,
  lazyRenderFormResolver,
  type ReferenceKind,
  type RenderFormValues,
} from "@/lib/client/form";
import { estimateQueryOptions } from "@/lib/client/queries/estimate";
import {
  useReplayInputBeforeHydration,
  type InputBeforeHydration,
} from "@/lib/client/input-before-hydration";
import { publishFormVideoModel } from "@/lib/client/form/video-model-choice";
import { DEFAULT_VIDEO_MODEL } from "@/lib/domain/catalogue";
import type { RenderRequest } from "@/lib/domain/render-request";
import type { PublicSettings } from "@/lib/contract";
import { Button } from "@/components/ui/button";
import { preloadedLazy } from "@/components/ui/preloaded-lazy";
import type { FitNote } from "@/lib/client/form/fit-model";
import type { PresetDialogKind } from "./preset-dialogs";
import { ITERATE_ACTIONS } from "@/components/render/render-links";
import { PromptField } from "./prompt-field";
import { ImageOptions } from "./image-options";
import { KindToggle } from "./kind-toggle";
import { ReferencesSection } from "./references-section";
import { SubmitBar } from "./submit-bar";
import { makesGrid, useMakesGrid } from "./grid-mode";
import { useSubmitRender } from "./use-submit-render";

/**
 * The video settings are not in the page's first load (the form opens on images), but their code is
 * fetched as soon as the page's own code runs, so switching to Video shows them at once: a keyboard
 * user tabbing on from the kind finds them there, not a placeholder to skip.
 */
const VideoOptions = preloadedLazy(() => import("./video-options").then((m) => m.VideoOptions));
const loadFitModel = () => import("@/lib/client/form/fit-model");

/** Loaded when a render needs confirming: most renders never do. */
const ConfirmCostDialog = lazy(() => import("./confirm-cost-dialog"));
/** The presets picker and "Save as preset": loaded when either is first opened. */
const PresetDialogs = lazy(() => import("./preset-dialogs"));
/** The grid (a prompt's count, the axes, the preview): loaded with a brace or the first press of Grid. */
const GridSlot = lazy(() => import("./grid-slot"));

/** `?edit=<renderId>` ("Reuse settings"): the code that reads it loads only when it is there. */
const EditPrefill = lazy(() => import("./edit-prefill").then((m) => ({ default: m.EditPrefill })));

/** The grid's code, once the form makes a grid (Grid open, or a brace in the prompt). */
function GridSlotWhenUsed(props: ComponentProps<typeof GridSlot>) {
  if (!useMakesGrid(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <GridSlot {...props} />
    </Suspense>
  );
}

function EditPrefillSlot(props: ComponentProps<typeof EditPrefill>) {
  return useSearchParams().has("edit") ? <EditPrefill {...props} /> : null;
}

/** `?reference=`, `?animate=`, `?vary=<renderId>`: building on an output; loaded only when asked. */
const IteratePrefill = lazy(() => import("./iterate-prefill").then((m) => ({ default: m.IteratePrefill })));

function IteratePrefillSlot(props: ComponentProps<typeof IteratePrefill>) {
  const params = useSearchParams();
  return ITERATE_ACTIONS.some((a) => params.has(a)) ? <IteratePrefill {...props} /> : null;
}

export interface RenderFormProps {
  settings: PublicSettings;
  /** What was done to the server's markup of the form before this code hydrated it (lazy-render-form.tsx). */
  inputBeforeHydration?: InputBeforeHydration;
}

interface PresetDialog {
  which: PresetDialogKind;
  open: boolean;
  from: HTMLElement | null;
}

interface AwaitingConfirmation {
  request: RenderRequest;
  /** null: the cost is unknown. */
  credits: number | null;
}

export function RenderForm({ settings, inputBeforeHydration }: RenderFormProps) {
  const form = useForm<RenderFormValues, unknown, RenderRequest>({
    defaultValues: defaultFormValues(),
    resolver: lazyRenderFormResolver,
  });
  const { control, getValues, setValue, handleSubmit, reset, setFocus, subscribe } = form;
  const kind = useWatch({ control, name: "kind" });
  const videoModel = useWatch({ control, name: "model" });
  // What a video's "Use as reference" elsewhere on the page says it can do (video-model-choice.ts).
  useEffect(() => {
    publishFormVideoModel(videoModel);
    return () => publishFormVideoModel(DEFAULT_VIDEO_MODEL);
  }, [videoModel]);
  const [gridOpen, setGridOpen] = useState(false);
  const [gridPreview, setGridPreview] = useState<RenderRequest | null>(null);
  const queryClient = useQueryClient();
  const formElement = useRef<HTMLFormElement>(null);
  const submitter = useSubmitRender(form, (result) => {
    const first = result.renders[0];
    if (!first || !formElement.current) return;
    const from = formElement.current;
    void import("./reveal-new-render").then(
      (m) => m.revealNewRender(first.id, from),
      () => undefined, // Staying where the page is loses nothing.
    );
  });
  const [unfolded, setUnfolded] = useState(false);
  const foldable = unfolded ? "" : "max-lg:hidden";
  // A form in use stays open: a desktop window narrowed mid-prompt keeps the prompt and its focus.
  const keepOpen = () => setUnfolded(true);
  const [fitNotes, setFitNotes] = useState<FitNote[]>([]);
  const [awaiting, setAwaiting] = useState<AwaitingConfirmation | null>(null);
  const [presetDialog, setPresetDialog] = useState<PresetDialog | null>(null);
  const openPresetDialog = (which: PresetDialogKind) => (event: { currentTarget: HTMLElement }) =>
    setPresetDialog({ which, open: true, from: event.currentTarget });

  /** Places an upload in its reference list: last, or first (an animated image's start frame). */
  const addReference = useCallback(
    (upload: LedgerUpload, { first = false }: { first?: boolean } = {}) => {
      const field = REFERENCE_FIELDS[upload.kind as ReferenceKind];
      if (!field) return;
      const current = getValues(field);
      if (current.includes(upload.url) && !(first && current[0] !== upload.url)) return;
      const others = current.filter((url) => url !== upload.url);
      setValue(field, first ? [upload.url, ...others] : [...others, upload.url], {
        shouldDirty: true,
        shouldValidate: form.formState.isSubmitted,
      });
    },
    [form, getValues, setValue],
  );
  /** The render whose settings the form holds (Reuse settings, Vary): the next render's parent. */
  const settingsParent = useRef<string | null>(null);
  const queue = useUploadQueue(addReference);
  const uploadsRunning = queue.items.filter((item) => item.status === "uploading").length;

  // A note about a reset field has served its purpose once the user picks that field's value.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type }) => {
          if (type === "change" && name)
            setFitNotes((notes) =>
              notes.some((n) => n.field === name) ? notes.filter((n) => n.field !== name) : notes,
            );
        },
      }),
    [subscribe],
  );

  /**
   * After a model change: keep what the new model offers, reset the rest and say so. The fitting
   * loads with the first change (prefetched once the page is interactive, below), not with the page.
   * Changes made while its code is on the way are fitted once, by the last: each fit reads the values
   * of its time, so an earlier one would reset a field and a later one, finding it fitted, drop its note.
   */
  const latestFit = useRef(0);
  const fitModel = () => {
    const fit = ++latestFit.current;
    void loadFitModel().then(({ fitToModels }) => {
      if (fit !== latestFit.current) return;
      const { values, notes } = fitToModels(getValues());
      for (const note of notes) setValue(note.field, values[note.field], { shouldDirty: true });
      setFitNotes(notes);
    });
  };

  // The prompt takes the focus after the render that follows a fill: reset() forgets the fields'
  // elements until they register again, so focusing any earlier finds nothing.
  const [filled, setFilled] = useState(0);
  useEffect(() => {
    if (filled > 0) setFocus("prompt");
  }, [filled, setFocus]);

  /** Fills the whole form (Reuse settings, a preset) and hands it back to the prompt. */
  const fill = useCallback(
    (values: RenderFormValues, message: string, parentId?: string) => {
      settingsParent.current = parentId ?? null;
      reset(values);
      setFitNotes([]);
      setUnfolded(true);
      notify.success(message, { description: "Edit them and start a new render." });
      setFilled((count) => count + 1);
    },
    [reset],
  );

  useEffect(() => {
    void loadFitModel();
  }, []);
  useReplayInputBeforeHydration(inputBeforeHydration);

  const busy = submitter.isPending || form.formState.isSubmitting;
  const blocked = busy || submitter.retryInSeconds > 0 || uploadsRunning > 0;

  /** Changes some fields, as a person would (Animate switches to video and keeps the prompt). */
  const change = useCallback(
    (values: Partial<RenderFormValues>) => {
      for (const [field, value] of Object.entries(values) as [keyof RenderFormValues, never][])
        setValue(field, value, { shouldDirty: true });
      setUnfolded(true);
    },
    [setValue],
  );

  const onValid = async (validated: RenderRequest) => {
    if (blocked) return;
    const parent = settingsParent.current;
    const request: RenderRequest = parent ? { ...validated, parentIds: [parent] } : validated;
    // A grid (or a prompt with variables) is previewed, and confirmed there, before anything is sent.
    if (makesGrid(gridOpen, request.prompt)) {
      setGridPreview(request);
      return;
    }
    // Ask before an expensive render, or one of unknown cost. The estimate is usually cached
    // already; if it cannot be had, the render goes ahead (the server never charges past the balance).
    const estimate = await queryClient
      .fetchQuery(estimateQueryOptions(estimateParams(getValues())))
      .catch(() => undefined);
    if (estimate && (estimate.credits ?? Infinity) > settings.confirmAboveCredits) {
      setAwaiting({ request, credits: estimate.credits });
      return;
    }
    submitter.submit(request);
  };
  // The form's validation loads on first use (lazy-resolver.ts); if that load fails, say so.
  const submit = (event?: BaseSyntheticEvent) =>
    handleSubmit(onValid)(event).catch((error: unknown) =>
      notify.error("The render was not started", {
        description: error instanceof Error ? error.message : undefined,
      }),
    );

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      if (!blocked) void submit();
    }
  };

  return (
    <FormProvider {...form}>
      <form
        ref={formElement}
        aria-label="New render"
        noValidate
        onSubmit={submit}
        onKeyDown={onKeyDown}
        className="@container flex flex-col gap-5"
      >
        <Suspense fallback={null}>
          <EditPrefillSlot current={getValues} onFill={fill} />
        </Suspense>
        <Suspense fallback={null}>
          <IteratePrefillSlot current={getValues} onFill={fill} onChange={change} onCopy={queue.addCopy} />
        </Suspense>
        {submitter.failure?.type === "admin" && <Notice tone="error">{submitter.failure.message}</Notice>}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-base font-semibold">
            <button
              type="button"
              aria-expanded={unfolded}
              onClick={() => setUnfolded(!unfolded)}
              className="group flex items-center gap-2.5 lg:hidden"
            >
              New render
              <span
                aria-hidden="true"
                className="-mt-1 size-2 rotate-45 border-r-2 border-b-2 group-aria-expanded:mt-1 group-aria-expanded:-rotate-135"
              />
            </button>
            <span className="max-lg:hidden">New render</span>
          </h2>
          <div className={`flex flex-wrap items-center gap-3 ${foldable}`} onFocusCapture={keepOpen}>
            <Button
              size="sm"
              aria-haspopup="dialog"
              aria-expanded={presetDialog?.which === "pick" && presetDialog.open}
              onClick={openPresetDialog("pick")}
            >
              Presets
            </Button>
            <Button size="sm" aria-expanded={gridOpen} onClick={() => setGridOpen(!gridOpen)}>
              Grid
            </Button>
            <KindToggle />
          </div>
        </div>
        <div className={`flex flex-col gap-5 ${foldable}`} onFocusCapture={keepOpen}>
          <PromptField
            placeholder={
              kind === "image"
                ? "A red fox in fresh snow, golden hour, 85 mm"
                : "Slow dolly shot along a misty harbour at dawn"
            }
          />
          <GridSlotWhenUsed
            open={gridOpen}
            preview={gridPreview}
            onPreviewClose={() => setGridPreview(null)}
          />
          {kind === "image" ? (
            <ImageOptions notes={fitNotes} onModelChanged={fitModel} />
          ) : (
            <Suspense fallback={<div aria-busy="true" className="min-h-72" />}>
              <VideoOptions notes={fitNotes} onModelChanged={fitModel} />
            </Suspense>
          )}
          <ReferencesSection queue={queue} uploadMaxBytes={settings.uploadMaxBytes} onUse={addReference} />
          <SubmitBar
            busy={busy}
            retryInSeconds={submitter.retryInSeconds}
            failure={submitter.failure}
            uploadsRunning={uploadsRunning}
            gridOpen={gridOpen}
            secondaryAction={
              <Button
                aria-haspopup="dialog"
                className="h-10"
                aria-expanded={presetDialog?.which === "save" && presetDialog.open}
                onClick={openPresetDialog("save")}
              >
                Save as preset
              </Button>
            }
          />
          {/* Model-switch notes are shown under their fields; this announces them once. */}
          <p role="status" className="sr-only">
            {fitNotes.map((note) => note.message).join(". ")}
          </p>
        </div>
      </form>
      {presetDialog && (
        <Suspense>
          <PresetDialogs
            which={presetDialog.which}
            open={presetDialog.open}
            onOpenChange={(open) => setPresetDialog({ ...presetDialog, open })}
            returnFocusTo={presetDialog.from}
            values={getValues}
            onApply={(values, preset) => fill(values, `Preset “${preset.name}” applied`)}
          />
        </Suspense>
      )}
      {awaiting && (
        <Suspense>
          <ConfirmCostDialog
            credits={awaiting.credits}
            threshold={settings.confirmAboveCredits}
            onCancel={() => setAwaiting(null)}
            onConfirm={() => {
              submitter.submit(awaiting.request);
              setAwaiting(null);
            }}
          />
        </Suspense>
      )}
    </FormProvider>
  );
}
