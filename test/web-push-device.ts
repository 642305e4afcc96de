/**
 * A push-capable device for tests, written from the RFCs rather than with the library under test: its
 * own P-256 key pair and auth secret, decryption of what a push service would deliver to it
 * (RFC 8291 over RFC 8188's aes128gcm), and a check of the sender's VAPID Authorization (RFC 8292).
 */
import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

const hmac = (key: Buffer, ...data: Buffer[]) => {
  const mac = createHmac("sha256", key);
  for (const part of data) mac.update(part);
  return mac.digest();
};

export function pushDevice() {
  const ecdh = createECDH("prime256v1");
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    /** What the browser's `PushSubscription.toJSON().keys` would hold. */
    keys: { p256dh: publicKey.toString("base64url"), auth: auth.toString("base64url") },
    /** The plaintext of one aes128gcm message, its padding removed. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), publicKey, senderKey]);
      const ikm = hmac(hmac(auth, shared), keyInfo, Buffer.from([1]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0"), Buffer.from([1])).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0"), Buffer.from([1])).subarray(0, 12);
      const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zeros of padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error("not the last record of an aes128gcm message");
      return padded.subarray(0, end).toString("utf8");
    },
  };
}

/**
 * The VAPID Authorization header's claims, once its ES256 signature checks out against the key it
 * names (`vapid t=<JWT>, k=<public key>`); throws otherwise.
 */
export function vapidClaims(headers: IncomingHttpHeaders): {
  key: string;
  aud: string;
  sub: string;
  exp: number;
} {
  const [, token = "", key = ""] = /^vapid t=([^,]+), ?k=(\S+)$/.exec(headers.authorization ?? "") ?? [];
  const [head = "", claims = "", signature = ""] = token.split(".");
  const raw = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) throw new Error("the VAPID signature does not verify");
  return {
    key,
    ...(JSON.parse(Buffer.from(claims, "base64url").toString("utf8")) as {
      aud: string;
      sub: string;
      exp: number;
    }),
  };
}
