"use client";
/**
 * A render's media with its pins: numbered markers over an image (a rectangle's outline too) at the
 * same spot on the image whatever the box's size, zoom or pan (pin-geometry.ts); a video's pins on a
 * timeline under it. After "Comment", a click on the image places a point and a drag a rectangle;
 * on a video, the time it is at is taken, and a drag along the timeline makes a range. Hovering or
 * focusing a marker highlights its comment; choosing one chooses its thread.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent,
  type ReactNode,
} from "react";
import type { Pin } from "@/lib/contract";
import { formatReviewTime } from "@/lib/domain/review";
import {
  UNFRAMED,
  centreOn,
  imageToBox,
  isInBox,
  pinFromGesture,
  pointerToImage,
  pointerToImageClamped,
  spanRect,
  type Framing,
  type ImagePoint,
  type Size,
} from "./pin-geometry";
import { reviewVideo, useReviewSession, type ReviewSession } from "./review-session";
import type { NumberedThread } from "./threads";

/** The box's size and the media's own, kept current as either changes. */
function useSizes(box: React.RefObject<HTMLDivElement | null>) {
  const [boxSize, setBoxSize] = useState<Size | null>(null);
  const [mediaSize, setMediaSize] = useState<Size | null>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setBoxSize((last) => (last?.width === width && last.height === height ? last : { width, height }));
      const image = element.querySelector("img");
      if (image && image.naturalWidth > 0) {
        const { naturalWidth: width, naturalHeight: height } = image;
        setMediaSize((last) => (last?.width === width && last.height === height ? last : { width, height }));
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // `load` does not bubble: listen while it goes down instead.
    element.addEventListener("load", measure, true);
    return () => {
      observer.disconnect();
      element.removeEventListener("load", measure, true);
    };
  }, [box]);
  return { boxSize, mediaSize };
}

const MARKER =
  "absolute flex size-6 -translate-1/2 items-center justify-center rounded-full border-2 border-white text-xs font-semibold text-white shadow-md ring-indigo-300 focus-visible:outline-none focus-visible:ring-4";

function markerColour(session: ReviewSession, id: string) {
  return session.highlighted === id ? "bg-amber-500 ring-4" : "bg-indigo-600";
}

/** The first point of a drag and where the pointer is now, on the image. */
interface Drag {
  pointerId: number;
  from: ImagePoint;
  to: ImagePoint;
}

export function ImagePins({
  threads,
  framing = UNFRAMED,
  onPan,
  className = "",
  children,
}: {
  threads: readonly NumberedThread[];
  framing?: Framing;
  /** Moves the framing (compare's shared zoom): choosing a comment then pans to its pin. */
  onPan?: (framing: Framing) => void;
  className?: string;
  /** The media, filling the box with `object-fit: contain`. */
  children: ReactNode;
}) {
  const session = useReviewSession();
  const box = useRef<HTMLDivElement>(null);
  const { boxSize, mediaSize } = useSizes(box);
  const [drag, setDrag] = useState<Drag | null>(null);
  useFollowChosen(
    threads,
    onPan && boxSize && mediaSize
      ? (point) => onPan(centreOn(point, boxSize, mediaSize, Math.max(framing.scale, PAN_SCALE)))
      : undefined,
  );
  const ready = session !== null && boxSize !== null && mediaSize !== null;

  const imagePoint = (event: PointerEvent<HTMLElement>, clamped: boolean) => {
    const rect = box.current!.getBoundingClientRect();
    return clamped
      ? pointerToImageClamped(event.clientX, event.clientY, rect, mediaSize!, framing)
      : pointerToImage(event.clientX, event.clientY, rect, mediaSize!, framing);
  };

  const at = (point: ImagePoint) => imageToBox(point, boxSize!, mediaSize!, framing);
  const draftPin = session?.draft;

  return (
    <div ref={box} className={`relative ${className}`}>
      {children}
      {ready && (
        <div aria-hidden={false} className="pointer-events-none absolute inset-0 overflow-hidden">
          {threads.map(({ number, thread }) => {
            const pin = thread.pin;
            if (pin.kind !== "point" && pin.kind !== "rect") return null;
            const position = at(pin);
            if (!isInBox(position)) return null;
            const end = pin.kind === "rect" ? at({ x: pin.x + pin.w, y: pin.y + pin.h }) : null;
            return (
              <span key={thread.id}>
                {end && (
                  <span
                    aria-hidden="true"
                    className={`absolute border-2 ${session.highlighted === thread.id ? "border-amber-400" : "border-indigo-500/80"}`}
                    style={rectStyle(position, end)}
                  />
                )}
                <button
                  type="button"
                  aria-label={`Comment ${number}`}
                  data-pin-marker={thread.id}
                  className={`pointer-events-auto ${MARKER} ${markerColour(session, thread.id)}`}
                  style={{ left: `${position.left * 100}%`, top: `${position.top * 100}%` }}
                  // A press on a marker is not the start of a pan (the compare page's boxes pan on drag).
                  onPointerDown={(event) => event.stopPropagation()}
                  onPointerEnter={() => session.setHighlighted(thread.id)}
                  onPointerLeave={() => session.setHighlighted(null)}
                  onFocus={() => session.setHighlighted(thread.id)}
                  onBlur={() => session.setHighlighted(null)}
                  onClick={(event) => {
                    event.stopPropagation();
                    session.choose(thread.id);
                  }}
                >
                  {number}
                </button>
              </span>
            );
          })}
          {draftPin && (draftPin.kind === "point" || draftPin.kind === "rect") && (
            <DraftMark pin={draftPin} at={at} />
          )}
          {drag && <DraftMark pin={{ kind: "rect", ...spanRect(drag.from, drag.to) }} at={at} />}
        </div>
      )}
      {ready && session.placing && (
        <div
          role="application"
          aria-label="Place the comment's pin: click a point or drag a rectangle on the image"
          data-pin-surface=""
          className="absolute inset-0 cursor-crosshair touch-none"
          onClick={(event) => event.stopPropagation()}
          onPointerDown={(event) => {
            if (event.button !== 0) return;
            event.stopPropagation();
            const from = imagePoint(event, false);
            if (!from) return;
            event.currentTarget.setPointerCapture(event.pointerId);
            setDrag({ pointerId: event.pointerId, from, to: from });
          }}
          onPointerMove={(event) => {
            if (drag?.pointerId !== event.pointerId) return;
            const to = imagePoint(event, true);
            if (to) setDrag({ ...drag, to });
          }}
          onPointerUp={(event) => {
            if (drag?.pointerId !== event.pointerId) return;
            event.stopPropagation();
            const to = imagePoint(event, true) ?? drag.to;
            setDrag(null);
            const shape = pinFromGesture(drag.from, to);
            session.placeDraft("w" in shape ? { kind: "rect", ...shape } : { kind: "point", ...shape });
          }}
          onPointerCancel={() => setDrag(null)}
          onKeyDown={(event) => {
            if (event.key === "Escape") {
              event.stopPropagation();
              session.cancelDraft();
            }
          }}
        />
      )}
    </div>
  );
}

function rectStyle(from: { left: number; top: number }, to: { left: number; top: number }) {
  return {
    left: `${from.left * 100}%`,
    top: `${from.top * 100}%`,
    width: `${(to.left - from.left) * 100}%`,
    height: `${(to.top - from.top) * 100}%`,
  };
}

/** The pin of the comment being written (or the rectangle being dragged). */
function DraftMark({
  pin,
  at,
}: {
  pin: Extract<Pin, { kind: "point" | "rect" }>;
  at: (point: ImagePoint) => { left: number; top: number };
}) {
  const position = at(pin);
  if (pin.kind === "rect") {
    return (
      <span
        data-draft-pin=""
        aria-hidden="true"
        className="absolute border-2 border-dashed border-amber-400 bg-amber-300/15"
        style={rectStyle(position, at({ x: pin.x + pin.w, y: pin.y + pin.h }))}
      />
    );
  }
  return (
    <span
      data-draft-pin=""
      aria-hidden="true"
      className={`${MARKER} bg-amber-500`}
      style={{ left: `${position.left * 100}%`, top: `${position.top * 100}%` }}
    >
      +
    </span>
  );
}

/** The video's duration, once its metadata is in. */
function useDuration(box: React.RefObject<HTMLDivElement | null>) {
  const [duration, setDuration] = useState<number | null>(null);
  useEffect(() => {
    const element = box.current?.querySelector("video") ?? null;
    if (!element) return undefined;
    const read = () =>
      setDuration(Number.isFinite(element.duration) && element.duration > 0 ? element.duration : null);
    read();
    element.addEventListener("loadedmetadata", read);
    element.addEventListener("durationchange", read);
    return () => {
      element.removeEventListener("loadedmetadata", read);
      element.removeEventListener("durationchange", read);
    };
  }, [box]);
  return duration;
}

const timeOf = (pin: Pin) => (pin.kind === "time" ? pin.t : pin.kind === "range" ? pin.t0 : null);

/** A video and, under it, its timeline of pins. */
export function VideoPins({
  threads,
  className = "",
  children,
}: {
  threads: readonly NumberedThread[];
  className?: string;
  children: ReactNode;
}) {
  const session = useReviewSession();
  useFollowChosen(threads);
  const box = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLDivElement>(null);
  const duration = useDuration(box);
  const [drag, setDrag] = useState<{ pointerId: number; from: number; to: number } | null>(null);

  const timeAt = useCallback(
    (clientX: number) => {
      const rect = strip.current!.getBoundingClientRect();
      const share = rect.width > 0 ? Math.min(1, Math.max(0, (clientX - rect.left) / rect.width)) : 0;
      return Math.round(share * (duration ?? 0) * 10) / 10;
    },
    [duration],
  );
  const share = (t: number) => `${duration ? Math.min(100, (t / duration) * 100) : 0}%`;
  const draft = session?.draft;
  return (
    <div className={`flex flex-col ${className}`}>
      <div ref={box} data-review-video={session?.renderId} className="min-h-0 flex-1">
        {children}
      </div>
      {session && (
        <div
          ref={strip}
          role={session.placing ? "slider" : "group"}
          aria-label={session.placing ? "Drag along the timeline to pin a range" : "Comments on the timeline"}
          aria-valuemin={session.placing ? 0 : undefined}
          aria-valuemax={session.placing ? (duration ?? 0) : undefined}
          aria-valuenow={session.placing && draft?.kind === "time" ? draft.t : undefined}
          tabIndex={session.placing ? 0 : undefined}
          data-video-timeline=""
          className={`relative mx-3 my-2 h-6 shrink-0 rounded-full bg-zinc-300 dark:bg-zinc-700 ${session.placing ? "cursor-ew-resize touch-none ring-2 ring-amber-400" : ""}`}
          onPointerDown={(event) => {
            if (!session.placing || !duration || event.button !== 0) return;
            event.currentTarget.setPointerCapture(event.pointerId);
            const t = timeAt(event.clientX);
            setDrag({ pointerId: event.pointerId, from: t, to: t });
          }}
          onPointerMove={(event) => {
            if (drag?.pointerId === event.pointerId) setDrag({ ...drag, to: timeAt(event.clientX) });
          }}
          onPointerUp={(event) => {
            if (drag?.pointerId !== event.pointerId) return;
            const [t0, t1] = [Math.min(drag.from, drag.to), Math.max(drag.from, drag.to)];
            setDrag(null);
            session.placeDraft(t1 - t0 >= 0.1 ? { kind: "range", t0, t1 } : { kind: "time", t: t0 });
          }}
          onPointerCancel={() => setDrag(null)}
        >
          {drag && (
            <span
              aria-hidden="true"
              className="absolute inset-y-0 rounded-full bg-amber-400/60"
              style={{
                left: share(Math.min(drag.from, drag.to)),
                width: share(Math.abs(drag.to - drag.from)),
              }}
            />
          )}
          {!drag && draft?.kind === "range" && (
            <span
              aria-hidden="true"
              className="absolute inset-y-0 rounded-full bg-amber-400/60"
              style={{ left: share(draft.t0), width: share(draft.t1 - draft.t0) }}
            />
          )}
          {!drag && draft?.kind === "time" && (
            <span
              aria-hidden="true"
              data-draft-pin=""
              className={`top-1/2 ${MARKER} bg-amber-500`}
              style={{ left: share(draft.t) }}
            >
              +
            </span>
          )}
          {threads.map(({ number, thread }) => {
            const t = timeOf(thread.pin);
            if (t === null || duration === null) return null;
            return (
              <button
                key={thread.id}
                type="button"
                aria-label={`Comment ${number} at ${formatReviewTime(t)}`}
                data-pin-marker={thread.id}
                className={`top-1/2 ${MARKER} ${markerColour(session, thread.id)}`}
                style={{ left: share(t) }}
                onPointerDown={(event) => event.stopPropagation()}
                onPointerEnter={() => session.setHighlighted(thread.id)}
                onPointerLeave={() => session.setHighlighted(null)}
                onFocus={() => session.setHighlighted(thread.id)}
                onBlur={() => session.setHighlighted(null)}
                onClick={() => session.choose(thread.id)}
              >
                {number}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** Choosing a thread seeks the video to its time, or brings its marker on the image into view. */
/** The least zoom a pan to a pin brings (at the fitted size every pin is in view already). */
const PAN_SCALE = 2;

/** The centre of an image pin; null for a time, a range or the whole render. */
function pinCentre(pin: Pin): ImagePoint | null {
  if (pin.kind === "point") return { x: pin.x, y: pin.y };
  if (pin.kind === "rect") return { x: pin.x + pin.w / 2, y: pin.y + pin.h / 2 };
  return null;
}

/**
 * Moves the media to the thread chosen last: a video seeks to its time; an image pans to its pin
 * through `panTo` where the page frames it (compare), else scrolls its marker into view.
 */
export function useFollowChosen(threads: readonly NumberedThread[], panTo?: (point: ImagePoint) => void) {
  const session = useReviewSession();
  const chosen = session?.chosen;
  const renderId = session?.renderId;
  // Each choice moves the media once, not again whenever the threads re-read; a choice made before
  // they loaded (an inbox link) waits for them.
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (!chosen || handled.current === chosen.at) return;
    const thread = threads.find((each) => each.thread.id === chosen.id)?.thread;
    if (!thread) return;
    handled.current = chosen.at;
    const t = timeOf(thread.pin);
    const video = renderId ? reviewVideo(renderId) : null;
    if (t !== null && video) {
      video.pause();
      video.currentTime = t;
      return;
    }
    const centre = pinCentre(thread.pin);
    if (centre && panTo) {
      panTo(centre);
      return;
    }
    // A zoomed image scrolls to put the marker in view; a fitted one shows it already.
    document
      .querySelector(`[data-pin-marker="${CSS.escape(thread.id)}"]`)
      ?.scrollIntoView({ block: "center", inline: "center", behavior: "smooth" });
  }, [chosen, threads, renderId, panTo]);
}
