"use client";

/**
 * Culling in the viewer: `1`–`5` rate the render shown, `0` clears its rating, `p` picks, `x`
 * rejects (pressed again, each clears), `t` tags, `u` undoes the last change; with Auto-advance on,
 * a rating moves on to the next render. Each key acts on the render the URL shows now (viewedId), so
 * keys pressed faster than the page re-renders each act on the right one. Marks show at once and are
 * taken back, with a message, if the server refuses them. The buttons beside the render do the same.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { CheckIcon, KeyboardIcon, TagIcon, XIcon } from "lucide-react";
import type { LedgerRender, RenderMarks } from "@/lib/contract";
import { saveMarks, saveTags, tagSuggestions, type MarksChange } from "@/lib/client/queries/cull";
import { queryKeys } from "@/lib/client/queries/keys";
import { findLoadedRender } from "@/lib/client/queries/renders";
import { RATINGS, tagProblem } from "@/lib/domain/cull";
import { Button } from "@/components/ui/button";
import { notify } from "@/components/ui/notify";
import { openHelp, useShortcuts, type Shortcut } from "@/components/ui/shortcuts";
import { Switch } from "@/components/ui/switch";
import { switchView, viewedId } from "@/components/render/view-url";
import { afterNextFrame } from "@/lib/client/when-idle";

/** What `u` undoes: marks as they were, or tags added and removed. */
type Undo =
  { kind: "marks"; before: RenderMarks } | { kind: "tags"; id: string; add: string[]; remove: string[] };

const AUTO_ADVANCE_KEY = "cull.autoAdvance";

/** Settles once the browser has drawn the next frame. */
const nextFrameDrawn = () => new Promise<void>((resolve) => afterNextFrame(resolve));

/** Whether a rating moves on to the next render: on unless the member turned it off (kept in this browser). */
function useAutoAdvance(): [boolean, (on: boolean) => void] {
  // The viewer opens on a press (or after hydration), in the browser, where the setting is.
  const [on, setOn] = useState(
    () => typeof window === "undefined" || window.localStorage.getItem(AUTO_ADVANCE_KEY) !== "off",
  );
  return [
    on,
    (next) => {
      setOn(next);
      window.localStorage.setItem(AUTO_ADVANCE_KEY, next ? "on" : "off");
    },
  ];
}

/**
 * The viewer's keys (moving and culling) in the shortcut registry, and the actions its buttons share.
 * `step` moves to the previous or next render.
 */
export function useViewerCull(step: (delta: 1 | -1) => void) {
  const queryClient = useQueryClient();
  const [autoAdvance, setAutoAdvance] = useAutoAdvance();
  const [tagging, setTagging] = useState(false);
  // The tag being typed lives with the viewer, not the field: the details beside the media are drawn
  // again when the render's record is read again (a live event, the next page), and a draft kept in
  // the field would be lost with it, so a tag typed at that moment would vanish at Enter.
  const [tagDraft, setTagDraft] = useState("");
  const undo = useRef<Undo[]>([]);

  const shown = (): LedgerRender | undefined => {
    const id = viewedId();
    if (!id) return undefined;
    return (
      queryClient.getQueryData<LedgerRender>(queryKeys.renders.detail(id)) ??
      findLoadedRender(queryClient, id)
    );
  };

  // Called in the key's own task (the module is loaded with the viewer), so the request leaves
  // before the next render is drawn.
  const save = (before: RenderMarks, change: MarksChange, shownAfter?: Promise<void>) =>
    void saveMarks(queryClient, [before], change, shownAfter).catch((error: Error) =>
      notify.error("Could not save the change; it was taken back", { description: error.message }),
    );

  const mark = (change: MarksChange, advance = false) => {
    const render = shown();
    if (!render) return;
    const before = { id: render.id, rating: render.rating ?? null, flag: render.flag ?? null };
    undo.current.push({ kind: "marks", before });
    const moving = advance && autoAdvance;
    // Moving on, the rated render leaves the view: the next one is drawn first, and the gallery's
    // copies of the rated one change after it, not in the same frame.
    save(before, change, moving ? nextFrameDrawn() : undefined);
    if (moving) step(1);
  };
  const toggleFlag = (flag: "pick" | "reject") => mark({ flag: shown()?.flag === flag ? null : flag });

  const changeTags = (id: string, add: string[], remove: string[], undoable = true) => {
    if (undoable) undo.current.push({ kind: "tags", id, add, remove });
    void saveTags(queryClient, [id], { add, remove }).catch((error: Error) =>
      notify.error("Could not change the tags", { description: error.message }),
    );
  };

  const undoLast = () => {
    const last = undo.current.pop();
    if (!last) return notify.info("Nothing to undo");
    const id = last.kind === "marks" ? last.before.id : last.id;
    if (viewedId() !== id) switchView(id);
    if (last.kind === "tags") return changeTags(id, last.remove, last.add, false);
    const now =
      queryClient.getQueryData<LedgerRender>(queryKeys.renders.detail(id)) ??
      findLoadedRender(queryClient, id);
    save(
      { id, rating: now?.rating ?? null, flag: now?.flag ?? null },
      { rating: last.before.rating, flag: last.before.flag },
    );
  };

  const ratingKeys: Shortcut[] = RATINGS.map((rating) => ({
    key: String(rating),
    label: "1–5",
    description: "Rate (with Auto-advance on, then the next render)",
    unlisted: rating > 1,
    run: () => mark({ rating }, true),
  }));
  useShortcuts({
    title: VIEWER_SHORTCUTS,
    modal: true,
    shortcuts: [
      { key: "ArrowLeft", label: "←", description: "Previous render", run: () => step(-1) },
      { key: "ArrowRight", label: "→", description: "Next render", run: () => step(1) },
      ...ratingKeys,
      { key: "0", description: "Clear the rating", run: () => mark({ rating: null }) },
      { key: "p", description: "Pick (again: clear)", run: () => toggleFlag("pick") },
      { key: "x", description: "Reject (again: clear)", run: () => toggleFlag("reject") },
      { key: "t", description: "Add a tag", run: () => setTagging(true) },
      { key: "u", description: "Undo the last change", run: undoLast },
    ],
  });

  return {
    mark,
    toggleFlag,
    changeTags,
    tagging,
    setTagging,
    tagDraft,
    setTagDraft,
    autoAdvance,
    setAutoAdvance,
  };
}

export type ViewerCull = ReturnType<typeof useViewerCull>;

/** The viewer's group of shortcuts: modal, so the gallery's keys rest while it is open. */
export const VIEWER_SHORTCUTS = "Viewer";

/** The cull controls beside the render: rating, pick and reject, tags, Auto-advance. */
export function CullControls({ render, cull }: { render: LedgerRender; cull: ViewerCull }) {
  const rating = render.rating ?? null;
  return (
    <section aria-label="Cull" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-1">
        <span role="group" aria-label="Rating" className="flex items-center">
          {RATINGS.map((value) => (
            <button
              key={value}
              type="button"
              aria-label={`${value} star${value > 1 ? "s" : ""}`}
              aria-pressed={rating === value}
              onClick={() => cull.mark({ rating: rating === value ? null : value })}
              className={`px-0.5 text-lg leading-none ${rating !== null && value <= rating ? "text-amber-500" : "text-zinc-400"}`}
            >
              {rating !== null && value <= rating ? "★" : "☆"}
            </button>
          ))}
        </span>
        <Button
          size="xs"
          aria-pressed={render.flag === "pick"}
          onClick={() => cull.toggleFlag("pick")}
          className="aria-pressed:bg-emerald-600 aria-pressed:text-white"
        >
          <CheckIcon /> Pick
        </Button>
        <Button
          size="xs"
          aria-pressed={render.flag === "reject"}
          onClick={() => cull.toggleFlag("reject")}
          className="aria-pressed:bg-red-600 aria-pressed:text-white"
        >
          <XIcon /> Reject
        </Button>
        <Button size="xs" variant="ghost" onClick={openHelp} className="ml-auto">
          <KeyboardIcon /> Shortcuts
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <ul aria-label="Tags" className="flex flex-wrap gap-1">
          {(render.tags ?? []).map((tag) => (
            <li
              key={tag}
              className="flex items-center gap-0.5 rounded-full bg-zinc-100 py-0.5 pr-0.5 pl-2 text-xs dark:bg-zinc-800"
            >
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => cull.changeTags(render.id, [], [tag])}
                className="rounded-full p-0.5 hover:bg-zinc-200 dark:hover:bg-zinc-700"
              >
                <XIcon className="size-3" />
              </button>
            </li>
          ))}
        </ul>
        {cull.tagging ? (
          <TagInput
            held={render.tags ?? []}
            text={cull.tagDraft}
            setText={cull.setTagDraft}
            onAdd={(tag) => cull.changeTags(render.id, [tag], [])}
            onClose={() => {
              cull.setTagDraft("");
              cull.setTagging(false);
            }}
          />
        ) : (
          <Button size="xs" variant="ghost" onClick={() => cull.setTagging(true)}>
            <TagIcon /> Add tag
          </Button>
        )}
      </div>
      <label className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        <Switch checked={cull.autoAdvance} onCheckedChange={cull.setAutoAdvance} />
        Auto-advance
      </label>
    </section>
  );
}

/**
 * A tag's text field with the team's tags that start with what is typed offered below it (read as
 * it is typed; not a datalist, whose popup would take the Enter meant for the field). Enter adds the
 * tag and keeps the field for another; Escape (or leaving it empty) closes it, not the viewer.
 */
function TagInput({
  held,
  text,
  setText,
  onAdd,
  onClose,
}: {
  held: readonly string[];
  /** The tag being typed, kept by the viewer (see useViewerCull). */
  text: string;
  setText: (text: string) => void;
  onAdd: (tag: string) => void;
  onClose: () => void;
}) {
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void tagSuggestions(text.trim().toLowerCase())
      .then((items) => current && setSuggestions(items.map((item) => item.tag)))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [text]);
  const add = (tag: string) => {
    const why = tagProblem(tag);
    if (why) return setProblem(why);
    onAdd(tag);
    setText("");
  };
  const offered = suggestions.filter((tag) => !held.includes(tag)).slice(0, 5);
  return (
    <span className="flex flex-col gap-1">
      <input
        autoFocus
        data-keeps-escape
        aria-label="New tag"
        value={text}
        maxLength={64}
        aria-invalid={problem !== null}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Escape") return onClose();
          if (event.key !== "Enter") return;
          event.preventDefault();
          add(text);
        }}
        className="h-6 w-36 rounded border border-zinc-300 bg-white px-1.5 text-xs dark:border-zinc-700 dark:bg-zinc-900"
      />
      {offered.length > 0 && (
        <ul aria-label="Suggested tags" className="flex flex-wrap gap-1">
          {offered.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                onClick={() => add(tag)}
                className="rounded-full border border-zinc-300 px-2 py-0.5 text-xs hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
              >
                {tag}
              </button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <span role="alert" className="text-xs text-red-600 dark:text-red-400">
          {problem}
        </span>
      )}
    </span>
  );
}
