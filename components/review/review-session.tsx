"use client";
/**
 * What the media and the Comments panel of one shown render share while it is reviewed: whether a
 * pin is being placed, the pin placed for the comment being written, which thread is highlighted
 * (a marker hovered or focused, or its comment) and which was chosen (the page seeks or pans to it),
 * and asking the note of a change request to take the focus. One provider around a render's media
 * and its panel; the media and the panel each read it.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { Pin } from "@/lib/contract";

export interface ReviewSession {
  renderId: string;
  kind: "image" | "video";
  /** "Comment" was pressed: the next click or drag on the media places the pin. */
  placing: boolean;
  startPlacing: () => void;
  /** The pin of the comment being written; null while none is. */
  draft: Pin | null;
  /** Sets the pin (ends placing): the composer opens with it. */
  placeDraft: (pin: Pin) => void;
  cancelDraft: () => void;
  highlighted: string | null;
  setHighlighted: (id: string | null) => void;
  /** The thread chosen last, and a count that changes with every choice (choosing it again seeks again). */
  chosen: { id: string; at: number } | null;
  choose: (id: string) => void;
  /** Asks the change request's note to take the focus (`r`, or "Request changes"). */
  noteRequest: number;
  requestNote: () => void;
}

/** The video of a render shown for review (review-media.tsx marks its box), which a video pin seeks. */
export function reviewVideo(renderId: string): HTMLVideoElement | null {
  return document.querySelector<HTMLVideoElement>(`[data-review-video="${CSS.escape(renderId)}"] video`);
}

const ReviewSessionContext = createContext<ReviewSession | null>(null);

export function useReviewSession(): ReviewSession | null {
  return useContext(ReviewSessionContext);
}

export function ReviewSessionProvider({
  renderId,
  kind,
  initialComment = null,
  children,
}: {
  renderId: string;
  kind: "image" | "video";
  /** A thread to open on (`?comment=` of an inbox item's link). */
  initialComment?: string | null;
  children: ReactNode;
}) {
  const [placing, setPlacing] = useState(false);
  const [draft, setDraft] = useState<Pin | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(initialComment);
  const [chosen, setChosen] = useState<{ id: string; at: number } | null>(
    initialComment ? { id: initialComment, at: 0 } : null,
  );
  const [noteRequest, setNoteRequest] = useState(0);

  const startPlacing = useCallback(() => {
    if (kind === "video") {
      // A video's pin is the time it is at; a drag on its timeline makes a range instead.
      const t = reviewVideo(renderId)?.currentTime ?? 0;
      setDraft({ kind: "time", t: Math.round(t * 10) / 10 });
      setPlacing(true);
      return;
    }
    setDraft(null);
    setPlacing(true);
  }, [kind, renderId]);
  const placeDraft = useCallback((pin: Pin) => {
    setDraft(pin);
    setPlacing(false);
  }, []);
  const cancelDraft = useCallback(() => {
    setDraft(null);
    setPlacing(false);
  }, []);
  const choose = useCallback((id: string) => {
    setChosen((last) => ({ id, at: (last?.at ?? 0) + 1 }));
    setHighlighted(id);
  }, []);
  const requestNote = useCallback(() => setNoteRequest((n) => n + 1), []);

  const session = useMemo<ReviewSession>(
    () => ({
      renderId,
      kind,
      placing,
      startPlacing,
      draft,
      placeDraft,
      cancelDraft,
      highlighted,
      setHighlighted,
      chosen,
      choose,
      noteRequest,
      requestNote,
    }),
    [
      renderId,
      kind,
      placing,
      startPlacing,
      draft,
      placeDraft,
      cancelDraft,
      highlighted,
      chosen,
      choose,
      noteRequest,
      requestNote,
    ],
  );
  return <ReviewSessionContext.Provider value={session}>{children}</ReviewSessionContext.Provider>;
}
