/** What a render's output is played as: an image, a video, or sound. */

/** Outputs the service may send as sound (spec: a video render's output is a file at `outputUrl`). */
const AUDIO_EXTENSION = /\.(mp3|wav|ogg|oga|m4a|aac|flac)$/i;

export function isAudioUrl(url: string): boolean {
  return AUDIO_EXTENSION.test(url.split(/[?#]/)[0] ?? "");
}

export type MediaKind = "image" | "video" | "audio";

export function outputMediaKind(render: { kind: string; outputUrl: string | null }): MediaKind {
  if (render.outputUrl && isAudioUrl(render.outputUrl)) return "audio";
  return render.kind === "video" ? "video" : "image";
}
