/**
 * Web push on Your account → Notifications: the browser's subscription on this device, the member's
 * devices, and a test notification. `GET /api/account/push` answers the devices and the public key a
 * browser subscribes with; `POST` keeps a subscription; `DELETE …/{id}` removes one.
 */
import { z } from "zod/mini";

export const PUSH_DEVICE_ID_PATTERN = /^psh_[A-Za-z0-9_-]{1,64}$/;
export const PUSH_LABEL_MAX_CHARS = 80;

/** Loopback hosts, where a push service may be plain http (one on the same machine: tests, development). */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * A push service's endpoint: https, since the server POSTs to it (plain http only on loopback).
 * The address is the browser's word; the outbox refuses redirects and never reads its answer's body.
 */
const endpointSchema = z.url({ protocol: /^https?$/ }).check(
  z.maxLength(2048),
  z.refine(
    (text) => {
      // Not a URL at all: the format check above says so (a refinement runs after a failed format).
      if (!URL.canParse(text)) return true;
      const url = new URL(text);
      return url.protocol === "https:" || LOOPBACK.has(url.hostname);
    },
    { error: "endpoint must be an https URL." },
  ),
);

/** base64url without padding, as `PushSubscription.toJSON()` gives its keys. */
const base64url = (bytes: number, name: string) =>
  z.string().check(
    z.regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), {
      error: `${name} must be ${bytes} bytes, base64url.`,
    }),
  );

/** `POST /api/account/push`: `PushSubscription.toJSON()`'s endpoint and keys, and the device's name. */
export const pushSubscriptionInputSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object({
    /** The device's P-256 public key, uncompressed. */
    p256dh: base64url(65, "keys.p256dh"),
    /** The device's 16-byte auth secret. */
    auth: base64url(16, "keys.auth"),
  }),
  label: z.string().check(z.minLength(1), z.maxLength(PUSH_LABEL_MAX_CHARS)),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

/** One device that receives the member's push notifications (its endpoint stays on the server). */
export const pushDeviceSchema = z.object({
  id: z.string(),
  label: z.string(),
  createdAt: z.string(),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushDevicesSchema = z.object({
  /** The server's VAPID public key (base64url): a browser subscribes with it as `applicationServerKey`. */
  publicKey: z.string(),
  items: z.array(pushDeviceSchema),
});
export type PushDevices = z.infer<typeof pushDevicesSchema>;

/** Path of `DELETE /api/account/push/{id}`. */
export const pushDeviceIdParamsSchema = z.object({
  id: z.string().check(z.regex(PUSH_DEVICE_ID_PATTERN, { error: "id must be a push device id." })),
});

/** `POST /api/account/push/test`: how many of the member's devices a test notification was queued for. */
export const pushTestSchema = z.object({ queued: z.number().check(z.int()) });
export type PushTest = z.infer<typeof pushTestSchema>;
