/** What may be uploaded as a reference, shared by the drop zone, the upload route and the simulator. */

export const UPLOAD_KINDS = ["image", "video", "audio"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const UPLOAD_LIMITS = {
  /** Default cap in bytes; the server's cap comes from UPLOAD_MAX_BYTES. */
  defaultMaxBytes: 512 * 1024 * 1024,
  acceptedTypes: {
    image: ["image/png", "image/jpeg", "image/webp", "image/gif"],
    video: ["video/mp4", "video/webm", "video/quicktime"],
    audio: ["audio/mpeg", "audio/wav", "audio/x-wav", "audio/ogg", "audio/mp4", "audio/webm"],
  },
} as const satisfies { defaultMaxBytes: number; acceptedTypes: Record<UploadKind, readonly string[]> };
