import "server-only";
/**
 * The server's settings, read once from the environment and validated, so a typo fails loudly at
 * start instead of surfacing as an odd upstream error later. Every variable the server reads is
 * declared here (and listed in .env.example and the README); nothing else reads `process.env`.
 *
 * Two kinds of trouble are kept apart: a malformed value is *invalid* (instrumentation.ts stops the
 * server with one line naming it), while a missing service address or key is *not configured* (the
 * server still starts, so a fresh install can show how to set it up).
 */
import { z } from "zod";
import { UPLOAD_LIMITS } from "@/lib/domain/uploads";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A rate card maps `model:resolution` (e.g. `kling:1080p`) to credits per output second. */
const rateCardSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "not JSON" });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), z.number().nonnegative()));

/**
 * Comma-separated http(s) origins. Each one ends up in the pages' Content-Security-Policy, so
 * anything but a bare origin (a path, a query, `;`, another scheme) is refused rather than trimmed.
 */
const originListSchema = z.string().transform((text, ctx) => {
  const origins: string[] = [];
  for (const entry of text.split(",").map((e) => e.trim())) {
    if (entry === "") continue;
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const bare =
      url &&
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.origin === entry.replace(/\/$/, "");
    if (!url || !bare) {
      ctx.addIssue({ code: "custom", message: `"${entry}" is not an origin` });
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});

/** Comma-separated names (groups, domains); blanks dropped. */
const nameListSchema = z.string().transform((text) =>
  text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== ""),
);

/** Loopback hosts, where an http issuer is accepted (a provider on the same machine, in development or tests). */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** An OpenID provider's issuer: https, or http on loopback only (tokens must not cross a network in clear). */
const issuerSchema = z.url({ protocol: /^https?$/ }).refine((text) => {
  const url = new URL(text);
  return url.protocol === "https:" || LOOPBACK.has(url.hostname);
});

const envSchema = z.object({
  /** Missing: not configured (the setup page); malformed: invalid. */
  RENDER_API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  RENDER_API_KEY: z.string().optional(),
  DATABASE_URL: z.string().default("file:./data/dashboard.db"),
  RENDER_POLL_BUDGET_PER_MIN: positiveInt(50),
  RENDER_API_TIMEOUT_MS: positiveInt(30_000),
  UPLOAD_MAX_BYTES: positiveInt(UPLOAD_LIMITS.defaultMaxBytes),
  ACCOUNT_CACHE_SECONDS: z.coerce.number().nonnegative().default(10),
  RATE_CARD: rateCardSchema.optional(),
  CONFIRM_ABOVE_CREDITS: positiveInt(100),
  LOW_BALANCE_CREDITS: positiveInt(200),
  /** Where spend alerts are POSTed as JSON (Slack-compatible `text`); unset: notices only. */
  ALERT_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Turns email on: the SMTP server, e.g. `smtps://user:password@smtp.example.com:465`. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** The sender of the dashboard's email, e.g. `Render Dashboard <renders@example.com>`. */
  MAIL_FROM: z.string().min(3).optional(),
  /** The hour of the day (UTC) the daily digest of email leaves, 0 to 23. */
  DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /**
   * Web push's VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it); unset: a
   * pair is made at the first start and kept in the ledger.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/)
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .optional(),
  /** Who push services contact about this sender (mailto: or https:); default from PUBLIC_URL. */
  VAPID_SUBJECT: z.url({ protocol: /^(mailto|https)$/ }).optional(),
  /** The dashboard's address as people open it: the links in email start with it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Turns sign-in on; signs session cookies. At least 32 characters (e.g. `openssl rand -base64 32`). */
  AUTH_SECRET: z.string().min(32).optional(),
  SESSION_DAYS: positiveInt(7),
  /** A session unused this long ends (the absolute SESSION_DAYS applies as well). */
  SESSION_IDLE_HOURS: positiveInt(72),
  /**
   * log2 of scrypt's N for new password hashes: 17 (OWASP's minimum, 128 MiB and about 0.4 s per
   * hash on 2 cores) unless a small machine needs less; the tests run at 14 (16 MiB, 8× cheaper).
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(14).max(18).default(17),
  /** `off` hides the password form and refuses the password route (single sign-on only). */
  PASSWORD_SIGN_IN: z.enum(["on", "off"]).default("on"),
  /** Single sign-on with OpenID Connect: the provider's issuer and this dashboard's client there. */
  OIDC_ISSUER: issuerSchema.optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  /** The provider's name on the button: "Sign in with <name>". */
  OIDC_NAME: z.string().max(60).default("SSO"),
  /** Groups whose people may sign in (and are made members on their first sign-in). */
  OIDC_ALLOWED_GROUPS: nameListSchema.optional(),
  /** Groups whose people are admins, at every sign-in; unset: roles are set on the Team page. */
  OIDC_ADMIN_GROUPS: nameListSchema.optional(),
  /** The claim that lists a person's groups (a dotted path reaches into an object: realm_access.roles). */
  OIDC_GROUPS_CLAIM: z.string().default("groups"),
  /** Email domains whose people may sign in, matched on a verified email only. */
  OIDC_ALLOWED_DOMAINS: nameListSchema.optional(),
  /** How long the audit log keeps an entry; older ones are swept by the deployment's leader. */
  AUDIT_RETENTION_DAYS: positiveInt(365),
  /** Origins allowed to serve media under the pages' CSP; default: the service's own origin. */
  MEDIA_ORIGINS: originListSchema.optional(),
  /**
   * Reverse proxies in front of the server that append to `X-Forwarded-For` and set
   * `X-Forwarded-Proto`. 0: the headers are the client's own word and are not trusted.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Read by `next start` itself; validated here so a typo is reported like any other. */
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  /** Set by Next (`development` under `next dev`); only read, never required. */
  NODE_ENV: z.string().optional(),
});

export type Settings = z.infer<typeof envSchema>;

/** The settings once the service is configured: what the service client and the scheduler need. */
export type ServerConfig = Settings & { RENDER_API_BASE_URL: string; RENDER_API_KEY: string };

/** What each variable must be, for the one-line start-up error. */
const EXPECTED: Record<keyof Settings, string> = {
  RENDER_API_BASE_URL: "the service's http(s) base address, e.g. https://render.example.com",
  RENDER_API_KEY: "the team's API key",
  DATABASE_URL:
    "file:./data/dashboard.db (SQLite) or postgres://user:password@host:5432/dashboard (PostgreSQL)",
  RENDER_POLL_BUDGET_PER_MIN: "a whole number above 0",
  RENDER_API_TIMEOUT_MS: "a whole number of milliseconds above 0",
  UPLOAD_MAX_BYTES: "a whole number of bytes above 0",
  ACCOUNT_CACHE_SECONDS: "a number of seconds, 0 or more",
  RATE_CARD: 'JSON like {"kling:1080p": 14} (credits per second or per image, 0 or more)',
  CONFIRM_ABOVE_CREDITS: "a whole number above 0",
  LOW_BALANCE_CREDITS: "a whole number above 0",
  ALERT_WEBHOOK_URL: "an http(s) URL, e.g. https://hooks.slack.com/services/…",
  SMTP_URL: "an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465",
  MAIL_FROM: "an address, e.g. Render Dashboard <renders@example.com>",
  DIGEST_HOUR: "a whole hour of the day (UTC) from 0 to 23",
  VAPID_PUBLIC_KEY: "an uncompressed P-256 public key, base64url (87 characters)",
  VAPID_PRIVATE_KEY: "a P-256 private key, base64url (43 characters)",
  VAPID_SUBJECT: "a mailto: address or an https URL, e.g. mailto:ops@example.com",
  PUBLIC_URL: "the dashboard's http(s) address, e.g. https://renders.example.com",
  AUTH_SECRET: "at least 32 characters (e.g. the output of `openssl rand -base64 32`)",
  SESSION_DAYS: "a whole number of days above 0",
  SESSION_IDLE_HOURS: "a whole number of hours above 0",
  PASSWORD_HASH_COST: "a whole number from 14 to 18 (log2 of scrypt's N)",
  PASSWORD_SIGN_IN: "on or off",
  OIDC_ISSUER:
    "the provider's https issuer URL, e.g. https://sso.example.com/realms/team (http only on loopback)",
  OIDC_CLIENT_ID: "the dashboard's client id at the provider",
  OIDC_CLIENT_SECRET: "the dashboard's client secret at the provider",
  OIDC_NAME: "at most 60 characters",
  OIDC_ALLOWED_GROUPS: "comma-separated group names",
  OIDC_ADMIN_GROUPS: "comma-separated group names",
  OIDC_GROUPS_CLAIM: "a claim name",
  OIDC_ALLOWED_DOMAINS: "comma-separated email domains, e.g. example.com",
  AUDIT_RETENTION_DAYS: "a whole number of days above 0",
  MEDIA_ORIGINS: "comma-separated http(s) origins such as https://cdn.example.com (no path)",
  TRUSTED_PROXY_HOPS: "a whole number from 0 to 10",
  PORT: "a TCP port from 1 to 65535",
  NODE_ENV: "text",
};

/** Values never echoed back in an error: a log line must not carry a secret. */
const SECRET = new Set<string>([
  "RENDER_API_KEY",
  "AUTH_SECRET",
  "ALERT_WEBHOOK_URL",
  "OIDC_CLIENT_SECRET",
  "SMTP_URL",
  "VAPID_PRIVATE_KEY",
  // Not secret itself, but a malformed one is often the private key pasted in the wrong place.
  "VAPID_PUBLIC_KEY",
]);

/** Why the server cannot use its settings. `kind` tells a malformed value from a missing one. */
export class ConfigError extends Error {
  constructor(
    message: string,
    readonly kind: "invalid" | "not-configured",
  ) {
    super(message);
    this.name = "ConfigError";
  }
}

function shown(name: string, value: string | undefined): string {
  if (value === undefined) return "unset";
  if (SECRET.has(name)) return `${value.length} characters`;
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 77)}...` : value);
}

/**
 * Validates an environment. An empty value counts as unset, as `.env.example`'s blank lines are
 * meant. The problems are one line each, e.g.
 * `RENDER_POLL_BUDGET_PER_MIN must be a whole number above 0 (got "abc")`.
 */
export function parseSettings(
  env: Record<string, string | undefined>,
): { ok: true; settings: Settings } | { ok: false; problems: string[] } {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(present);
  if (parsed.success) {
    const conflicts = signInConflicts(parsed.data);
    return conflicts.length === 0 ? { ok: true, settings: parsed.data } : { ok: false, problems: conflicts };
  }
  const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))];
  return {
    ok: false,
    problems: names.map(
      (name) =>
        `${name} must be ${EXPECTED[name as keyof Settings] ?? "valid"} (got ${shown(name, present[name])})`,
    ),
  };
}

/**
 * Settings that are each valid but cannot work together, one line each: a half-set VAPID pair, a
 * half-set single sign-on, single sign-on without sign-in, nobody it would let in, or no way left to
 * sign in.
 */
function signInConflicts(all: Settings): string[] {
  const oidc = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const;
  const set = oidc.filter((name) => all[name] !== undefined);
  const problems: string[] = [];
  if (set.length > 0 && set.length < oidc.length)
    problems.push(
      `${oidc.filter((name) => !set.includes(name)).join(" and ")} must be set with ${set.join(" and ")}`,
    );
  const sso = set.length === oidc.length;
  if (sso && all.AUTH_SECRET === undefined)
    problems.push("OIDC_ISSUER needs AUTH_SECRET: single sign-on starts the sessions that sign-in checks");
  // Without a rule, anyone the provider knows would become a member (a Google client left open to
  // every Google account): who may come in is always said here.
  if (
    sso &&
    !all.OIDC_ALLOWED_GROUPS?.length &&
    !all.OIDC_ADMIN_GROUPS?.length &&
    !all.OIDC_ALLOWED_DOMAINS?.length
  )
    problems.push(
      "OIDC_ISSUER needs OIDC_ALLOWED_GROUPS, OIDC_ADMIN_GROUPS or OIDC_ALLOWED_DOMAINS: who may sign in",
    );
  if ((all.VAPID_PUBLIC_KEY === undefined) !== (all.VAPID_PRIVATE_KEY === undefined))
    problems.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither: a pair is made)");
  if (all.PASSWORD_SIGN_IN === "off" && !sso)
    problems.push(
      "PASSWORD_SIGN_IN=off needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)",
    );
  return problems;
}

let cached: Settings | undefined;

/** Every setting, the service's address and key optional. Throws a ConfigError when one is malformed. */
export function settings(): Settings {
  if (cached) return cached;
  const result = parseSettings(process.env);
  if (!result.ok) throw new ConfigError(`Invalid configuration: ${result.problems.join("; ")}`, "invalid");
  cached = result.settings;
  return cached;
}

/** The settings of a configured server; throws a ConfigError when malformed or when the service is not set. */
export function serverConfig(): ServerConfig {
  const all = settings();
  const { RENDER_API_BASE_URL, RENDER_API_KEY } = all;
  if (RENDER_API_BASE_URL === undefined || RENDER_API_KEY === undefined) {
    const missing = [
      ...(RENDER_API_BASE_URL === undefined ? ["RENDER_API_BASE_URL"] : []),
      ...(RENDER_API_KEY === undefined ? ["RENDER_API_KEY"] : []),
    ];
    throw new ConfigError(`Not configured: set ${missing.join(" and ")}.`, "not-configured");
  }
  return { ...all, RENDER_API_BASE_URL, RENDER_API_KEY };
}

/** A setting a fresh install must still be given, as the setup page names it (never its value). */
export interface MissingSetting {
  variable: string;
  purpose: string;
  example: string;
}

/**
 * The Render Service settings that are unset (or empty, as `.env.example`'s blank lines are meant),
 * so every page can say what to set instead of failing. Only presence is read, through the same
 * validated settings as everything else.
 */
export function missingSettings(): MissingSetting[] {
  const current = settings();
  const required: (MissingSetting & { variable: "RENDER_API_BASE_URL" | "RENDER_API_KEY" })[] = [
    {
      variable: "RENDER_API_BASE_URL",
      purpose: "The Render Service's base address, without /api/v1.",
      example: "https://render.example.com",
    },
    {
      variable: "RENDER_API_KEY",
      purpose: "The team's Render Service API key. It stays on the server; browsers never see it.",
      example: "rs_live_…",
    },
  ];
  return required.filter(({ variable }) => current[variable] === undefined);
}
