"use client";

/**
 * The API reference: Scalar's standalone renderer (served by app/vendor) drawn over the dashboard's
 * OpenAPI document. The script loads when this page is opened, never with another page. Everything
 * that would reach another origin is off: its web fonts, telemetry, the request proxy, the hosted
 * API client and the AI agent; the pages' Content-Security-Policy (`connect-src 'self'`) would block
 * them anyway.
 */
import { useEffect, useRef, useState } from "react";

const RENDERER_SRC = "/vendor/scalar-api-reference.js";

const CONFIGURATION = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  hideTestRequestButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  documentDownloadType: "json",
  defaultOpenFirstTag: true,
} as const;

interface ScalarGlobal {
  createApiReference: (element: HTMLElement, configuration: typeof CONFIGURATION) => { destroy?: () => void };
}

declare global {
  interface Window {
    Scalar?: ScalarGlobal;
  }
}

let loading: Promise<ScalarGlobal> | undefined;

/** The renderer's script, added to the page once; a failed load may be tried again. */
function loadRenderer(): Promise<ScalarGlobal> {
  loading ??= new Promise<ScalarGlobal>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = RENDERER_SRC;
    script.async = true;
    script.onload = () => (window.Scalar ? resolve(window.Scalar) : reject(new Error("no renderer")));
    script.onerror = () => reject(new Error("the renderer could not be loaded"));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export function ApiReference() {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");
  useEffect(() => {
    let reference: { destroy?: () => void } | undefined;
    let left = false;
    loadRenderer().then(
      (scalar) => {
        if (left || !container.current) return;
        reference = scalar.createApiReference(container.current, CONFIGURATION);
        setState("ready");
      },
      () => setState("failed"),
    );
    return () => {
      left = true;
      reference?.destroy?.();
    };
  }, []);
  return (
    <>
      {state === "loading" && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading the API reference…</p>
      )}
      {state === "failed" && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          The API reference could not be loaded. Reload the page to try again; the document itself is at{" "}
          <a className="underline" href="/api/openapi.json">
            /api/openapi.json
          </a>
          .
        </p>
      )}
      <div ref={container} />
    </>
  );
}
