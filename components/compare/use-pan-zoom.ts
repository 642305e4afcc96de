/**
 * Pointer, wheel and arrow-key handling of a zoomable box on the compare page. Every box changes
 * the one shared view, so the images move together whichever of them is handled.
 */
import {
  useCallback,
  useRef,
  type CSSProperties,
  type Dispatch,
  type KeyboardEvent,
  type PointerEvent,
  type SetStateAction,
} from "react";
import { FIT, boxPoint, panBy, wheelFactor, zoomAt, type View } from "./zoom";

/** One arrow-key press moves the image this share of the box. */
const ARROW_STEP = 0.1;
const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [ARROW_STEP, 0],
  ArrowRight: [-ARROW_STEP, 0],
  ArrowUp: [0, ARROW_STEP],
  ArrowDown: [0, -ARROW_STEP],
};

export interface PanZoomHandlers {
  /** Attaches the wheel listener, which must be able to stop the page from scrolling. */
  ref: (element: HTMLElement | null) => (() => void) | undefined;
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: (event: PointerEvent<HTMLElement>) => void;
  onDoubleClick: (event: React.MouseEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** Images are dragged to pan, never dragged out of the page as files. */
  onDragStart: (event: React.DragEvent<HTMLElement>) => void;
  /**
   * A zoomed image takes touch drags for panning; one that fits leaves them to the page, so a phone
   * still scrolls past it.
   */
  style: CSSProperties;
}

export function usePanZoom(view: View, setView: Dispatch<SetStateAction<View>>): PanZoomHandlers {
  const zoomed = view.scale > 1;
  const drag = useRef<{ pointerId: number; x: number; y: number } | null>(null);

  const ref = useCallback(
    (element: HTMLElement | null) => {
      if (!element) return undefined;
      const onWheel = (event: WheelEvent) => {
        if (event.deltaY === 0) return;
        // React's wheel listener is passive and cannot keep the page from scrolling.
        event.preventDefault();
        const at = boxPoint(event.clientX, event.clientY, element.getBoundingClientRect());
        setView((view) => zoomAt(view, wheelFactor(event.deltaY, event.deltaMode), at));
      };
      element.addEventListener("wheel", onWheel, { passive: false });
      return () => element.removeEventListener("wheel", onWheel);
    },
    [setView],
  );

  const end = useCallback((event: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
  }, []);

  return {
    ref,
    onPointerDown: useCallback((event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
      event.currentTarget.setPointerCapture(event.pointerId);
    }, []),
    onPointerMove: useCallback(
      (event: PointerEvent<HTMLElement>) => {
        const start = drag.current;
        if (start?.pointerId !== event.pointerId) return;
        const { width, height } = event.currentTarget.getBoundingClientRect();
        const dx = width > 0 ? (event.clientX - start.x) / width : 0;
        const dy = height > 0 ? (event.clientY - start.y) / height : 0;
        drag.current = { ...start, x: event.clientX, y: event.clientY };
        setView((view) => panBy(view, dx, dy));
      },
      [setView],
    ),
    onPointerUp: end,
    onPointerCancel: end,
    onDoubleClick: useCallback(
      (event: React.MouseEvent<HTMLElement>) => {
        const at = boxPoint(event.clientX, event.clientY, event.currentTarget.getBoundingClientRect());
        setView((view) => (view.scale > 1 ? FIT : zoomAt(view, 2, at)));
      },
      [setView],
    ),
    onKeyDown: useCallback(
      (event: KeyboardEvent<HTMLElement>) => {
        const step = ARROWS[event.key];
        // An image that fits has nowhere to go: the arrows scroll the page as usual.
        if (!step || !zoomed || event.altKey || event.ctrlKey || event.metaKey) return;
        event.preventDefault();
        setView((view) => panBy(view, step[0], step[1]));
      },
      [setView, zoomed],
    ),
    onDragStart: useCallback((event: React.DragEvent<HTMLElement>) => event.preventDefault(), []),
    style: { touchAction: zoomed ? "none" : "pan-x pan-y", cursor: zoomed ? "grab" : "zoom-in" },
  };
}
