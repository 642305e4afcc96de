"use client";
/**
 * The render form as the home page loads it. The server renders the whole form, so it shows and
 * can be typed into at once; its code (react-hook-form and the fields, the largest part of the
 * page's own code) is not in the page's first load but is fetched as soon as the page's code runs.
 * Whatever is typed, chosen or pressed in the form before that code has hydrated it is recorded
 * here, from the page's first code on, and replayed through the form once it has.
 */
import { Suspense, useEffect, useRef, useState } from "react";
import { preloadedLazy } from "@/components/ui/preloaded-lazy";
import { InputBeforeHydration } from "@/lib/client/input-before-hydration";
import type { RenderFormProps } from "./render-form";

const RenderForm = preloadedLazy(() => import("./render-form").then((m) => m.RenderForm));

export function LazyRenderForm(props: Omit<RenderFormProps, "inputBeforeHydration">) {
  const [inputBeforeHydration] = useState(() => new InputBeforeHydration());
  const markup = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Does nothing when the form hydrated with the page (its code was there first).
    if (markup.current) inputBeforeHydration.start(markup.current);
    return () => inputBeforeHydration.detach();
  }, [inputBeforeHydration]);
  return (
    <div ref={markup} className="contents">
      <Suspense>
        <RenderForm {...props} inputBeforeHydration={inputBeforeHydration} />
      </Suspense>
    </div>
  );
}
