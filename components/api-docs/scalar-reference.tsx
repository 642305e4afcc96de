"use client";
/**
 * The Scalar renderer over the dashboard's OpenAPI document. Loaded only by /api/docs, on demand.
 * Everything that would reach another origin is off: its web fonts, telemetry, the request proxy,
 * the hosted API client and the AI agent; the page's Content-Security-Policy (`connect-src 'self'`)
 * would block them anyway.
 */
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

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

export default function ScalarReference() {
  return <ApiReferenceReact configuration={CONFIGURATION} />;
}
