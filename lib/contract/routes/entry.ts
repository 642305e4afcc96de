/**
 * What an entry of the route map (lib/contract/api-routes.ts) holds, and the pieces the resources'
 * route files (this folder) share.
 */
import type { z } from "zod/mini";
import type { ErrorCode } from "@/lib/contract/errors";

export const API_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type ApiMethod = (typeof API_METHODS)[number];

/** Who may call: anyone, any signed-in member (or anyone while sign-in is off), admins only. */
export type Access = "public" | "member" | "admin";

/** A response that is not JSON: a file, a zip, a live stream or a CSV export. */
export type MediaAnswer = "application/octet-stream" | "application/zip" | "text/event-stream" | "text/csv";

export interface ApiRouteEntry {
  /** One line: what the route does. */
  summary: string;
  /** More, where a caller needs it (Markdown). */
  description?: string;
  /** The group the reference lists it under. */
  tag: string;
  access: Access;
  params?: z.core.$ZodType;
  query?: z.core.$ZodType;
  body?: z.core.$ZodType;
  /** The body may also come as a urlencoded form (lib/server/http/route.ts). */
  formBody?: boolean;
  /** A browser session only: an API token is refused (403), so a leaked token cannot make another. */
  sessionOnly?: boolean;
  /** The largest body it takes, when larger than every route's 64 KB (a run's 500 rows). */
  maxBodyBytes?: number;
  /** A refusal names the whole path of the field at fault (`rows.3.durationSeconds`), not its last key. */
  fullFieldPath?: boolean;
  /**
   * What the document shows for an input whose schema transforms it: zod's JSON Schema describes a
   * transform's input only up to the transform, so the accepted shape is declared beside it.
   */
  documented?: { query?: z.core.$ZodType; body?: z.core.$ZodType };
  /** A multipart body the handler streams itself: its text fields (in order) and its file field. */
  multipart?: { fields: z.core.$ZodType; file: string };
  /**
   * Request headers the route reads. One with a schema is validated by the route wrapper before the
   * handler runs (a refusal names the header as its field) and handed to it parsed.
   */
  headers?: readonly { name: string; description: string; schema?: z.core.$ZodType }[];
  /**
   * The success answer: JSON of `schema`, or a media type (a stream's events in `schema`), or a
   * redirect (`Location`, no body) for a route a browser navigates through (single sign-on).
   */
  success: {
    status: number;
    description: string;
    schema?: z.core.$ZodType;
    media?: MediaAnswer;
    redirect?: true;
  };
  /** Answers that are neither the success nor the error shape (health's 503). */
  otherAnswers?: readonly { status: number; description: string; schema?: z.core.$ZodType }[];
  /** Error codes beyond those every route of its kind shares (access, input, setup: the generator adds those). */
  errors?: readonly ErrorCode[];
}

/**
 * Entries keyed `"METHOD /api/path/{param}"`: what each resource's file declares its entries to
 * satisfy (so each keeps its literal type) and what the merged map satisfies.
 */
export type ApiRouteEntries = Record<`${ApiMethod} /api/${string}`, ApiRouteEntry>;

/** What a route that calls the Render Service may answer when the service fails or refuses. */
export const UPSTREAM: readonly ErrorCode[] = [
  "service_key_rejected",
  "service_plan_required",
  "rate_limited",
  "upstream_error",
  "upstream_unavailable",
  "upstream_timeout",
];
