import "server-only";
/**
 * The server's settings, read once from the environment and validated, so a typo fails loudly at
 * start instead of surfacing as an odd upstream error later. Every setting is listed in .env.example.
 */
import { z } from "zod";
import type { PublicSettings } from "@/lib/contract";
import { UPLOAD_LIMITS } from "@/lib/domain/uploads";

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** A rate card maps `model:resolution` (e.g. `kling:1080p`) to credits per output second. */
const rateCardSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: 'RATE_CARD must be JSON like {"kling:1080p": 14}' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), z.number().nonnegative()));

const envSchema = z.object({
  RENDER_API_BASE_URL: z.url({ error: "RENDER_API_BASE_URL must be the service's base URL" }),
  RENDER_API_KEY: z.string().min(1, { error: "RENDER_API_KEY is required" }),
  DATABASE_URL: z.string().default("file:./data/dashboard.db"),
  RENDER_POLL_BUDGET_PER_MIN: positiveInt(50),
  RENDER_API_TIMEOUT_MS: positiveInt(30_000),
  UPLOAD_MAX_BYTES: positiveInt(UPLOAD_LIMITS.defaultMaxBytes),
  ACCOUNT_CACHE_SECONDS: z.coerce.number().nonnegative().default(10),
  RATE_CARD: rateCardSchema.optional(),
  CONFIRM_ABOVE_CREDITS: positiveInt(500),
  LOW_BALANCE_CREDITS: positiveInt(200),
  /** Turns sign-in on; signs session cookies. At least 32 characters (e.g. `openssl rand -base64 32`). */
  AUTH_SECRET: z
    .string()
    .min(32, { error: "AUTH_SECRET must be at least 32 characters" })
    .optional()
    .or(z.literal("").transform(() => undefined)),
  SESSION_DAYS: positiveInt(7),
});

export type ServerConfig = z.infer<typeof envSchema>;

let cached: ServerConfig | undefined;

export function serverConfig(): ServerConfig {
  if (cached) return cached;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid server configuration: ${problems}`);
  }
  cached = parsed.data;
  return cached;
}

export function publicSettings(): PublicSettings {
  const config = serverConfig();
  return {
    uploadMaxBytes: config.UPLOAD_MAX_BYTES,
    confirmAboveCredits: config.CONFIRM_ABOVE_CREDITS,
    lowBalanceCredits: config.LOW_BALANCE_CREDITS,
  };
}
