/**
 * Fault switches: misbehaviour the real service may show but the spec does not promise against.
 *
 * They sit in front of `/api/v1/**` like a flaky load balancer would, so a request refused or dropped
 * here never reaches the service (it is not counted as a poll or a create).
 */
import { z } from "zod";
import { ERROR_SHAPES, SimError, type ErrorShape } from "./errors";
import { hash32, newId } from "./ids";

export interface FaultConfig {
  latencyMs: number;
  /** 0..1 share of API requests answered 5xx (500/502/503 in turn; 503 with Retry-After). */
  errorRate: number;
  /** 0..1 share of API requests whose socket is destroyed without a response. */
  resetRate: number;
  /** Add unknown fields to every record. */
  extraFields: boolean;
  /** Renders pass through `queued` (second half of pending) and `upscaling` (end of running). */
  undocumentedStatus: boolean;
  /** Body shape of every error response. */
  errorShape: ErrorShape;
}

export const DEFAULT_FAULTS: Readonly<FaultConfig> = Object.freeze({
  latencyMs: 0,
  errorRate: 0,
  resetRate: 0,
  extraFields: false,
  undocumentedStatus: false,
  errorShape: "nested",
});

const share = (field: string) =>
  z
    .number({ error: `${field} must be a number from 0 to 1` })
    .min(0, { error: `${field} must be a number from 0 to 1` })
    .max(1, {
      error: `${field} must be a number from 0 to 1`,
    });

export const faultPatchSchema = z.strictObject(
  {
    latencyMs: z
      .int({ error: "latencyMs must be a whole number of milliseconds" })
      .min(0, { error: "latencyMs must be from 0 to 60000" })
      .max(60_000, { error: "latencyMs must be from 0 to 60000" })
      .optional(),
    errorRate: share("errorRate").optional(),
    resetRate: share("resetRate").optional(),
    extraFields: z.boolean({ error: "extraFields must be true or false" }).optional(),
    undocumentedStatus: z.boolean({ error: "undocumentedStatus must be true or false" }).optional(),
    errorShape: z
      .enum(ERROR_SHAPES, { error: `errorShape must be one of ${ERROR_SHAPES.join(", ")}` })
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? `unknown fault: ${issue.keys.join(", ")}` : undefined,
  },
);

export function mergeFaults(
  base: Readonly<FaultConfig>,
  patch: Partial<FaultConfig> | undefined,
): FaultConfig {
  const merged = { ...base };
  for (const [key, value] of Object.entries(patch ?? {})) {
    // `undefined` means "leave as is", which a plain spread would turn into a missing value.
    if (value !== undefined) Object.assign(merged, { [key]: value });
  }
  return merged;
}

export type FaultAction = { type: "none" } | { type: "reset" } | { type: "error"; error: SimError };

const INJECTED_ERRORS: readonly (() => SimError)[] = [
  () => new SimError("internal_error", "Internal server error"),
  () => new SimError("bad_gateway", "Bad gateway: upstream render worker did not answer"),
  () => new SimError("service_unavailable", "Service temporarily unavailable", { retryAfterSeconds: 1 }),
];

/** Decides each API request's fate; the 5xx kinds rotate so a short run shows all three. */
export class FaultInjector {
  private nextError = 0;

  constructor(private readonly random: () => number = Math.random) {}

  decide(config: Readonly<FaultConfig>): FaultAction {
    if (config.resetRate > 0 && this.random() < config.resetRate) return { type: "reset" };
    if (config.errorRate > 0 && this.random() < config.errorRate) {
      const make = INJECTED_ERRORS[this.nextError % INJECTED_ERRORS.length] as () => SimError;
      this.nextError++;
      return { type: "error", error: make() };
    }
    return { type: "none" };
  }
}

/** What an answer is, named as a service's `object` field would name it. */
export type RecordObject = "upload" | "render_create" | "render" | "account";

export interface ExtraFieldsOf {
  object: RecordObject;
  /** The record's id (the account's: its key's name): seeds `seed` and names `_links.self`. */
  id: string;
  /** The API's absolute address (`{publicBaseUrl}/api/v1`): `_links` point at the service itself. */
  apiUrl: string;
  /** On a create answer: the account's balance once the request's charge was debited. */
  balanceAfter?: number;
}

/** How often a client is told to poll a render it just made or is polling. */
const EXTRA_POLL_INTERVAL_SECONDS = 3;

/** The API path of each kind of record (there is no GET for uploads: a service may still name one). */
const SELF_PATH: Readonly<Record<RecordObject, (id: string) => string>> = {
  upload: (id) => `/uploads/${id}`,
  render_create: (id) => `/renders/${id}`,
  render: (id) => `/renders/${id}`,
  account: () => "/account",
};

/**
 * The answer with fields the spec does not list, as a newer service version might send: its
 * `object` kind, a `seed` (fixed by the id), `meta` (with a fresh trace id), `_links` to the
 * service's own addresses, `pollIntervalSeconds` on render answers, `balanceAfter` on a create
 * answer; and each nested object (`key`, `chain`) gains `object` too.
 */
export function withExtraFields<T extends object>(record: T, of: ExtraFieldsOf): T & Record<string, unknown> {
  const nested = Object.entries(record).flatMap(([name, value]) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? [[name, { ...(value as object), object: name }] as const]
      : [],
  );
  return {
    object: of.object,
    ...record,
    ...Object.fromEntries(nested),
    seed: hash32(of.id) % 1_000_000,
    ...(of.balanceAfter !== undefined && { balanceAfter: of.balanceAfter }),
    ...(of.object.startsWith("render") && { pollIntervalSeconds: EXTRA_POLL_INTERVAL_SECONDS }),
    meta: { region: "sim-local-1", traceId: newId("trace"), schemaRevision: 7 },
    _links: { self: `${of.apiUrl}${SELF_PATH[of.object](of.id)}`, account: `${of.apiUrl}/account` },
  };
}
