"use client";
/**
 * The reference drop zone, its code (react-dropzone) loaded once the page is interactive rather than
 * with it. Until then a stand-in that looks the same holds its place, so nothing shifts.
 */
import { lazy, Suspense, useId, useSyncExternalStore } from "react";
import type { ReferenceDropZoneProps } from "./reference-drop-zone";
import { DropZoneFace, dropZoneClasses } from "./drop-zone-face";

const LoadedDropZone = lazy(() => import("./reference-drop-zone"));

const noSubscription = () => () => {};

function DropZoneStandIn({ acceptedKinds, maxBytes }: ReferenceDropZoneProps) {
  const hintId = useId();
  return (
    <div aria-busy="true" className={`${dropZoneClasses(false)} cursor-progress`}>
      <DropZoneFace hintId={hintId} dragActive={false} acceptedKinds={acceptedKinds} maxBytes={maxBytes} />
    </div>
  );
}

export function ReferenceDropZone(props: ReferenceDropZoneProps) {
  // False on the server and during hydration: the lazy module is first asked for in the browser.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const standIn = <DropZoneStandIn {...props} />;
  return hydrated ? (
    <Suspense fallback={standIn}>
      <LoadedDropZone {...props} />
    </Suspense>
  ) : (
    standIn
  );
}
