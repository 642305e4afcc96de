/**
 * Compared videos play, pause, seek and change speed together: whichever video's own controls are
 * used, the others follow. Each event is answered by bringing every other video to the state of
 * the one that fired it, and only where it differs, so a follower's own events (caused by that
 * alignment) find everything already in step and change nothing: no flags, no feedback loop.
 *
 * Videos of different lengths: a position past a shorter video's end holds it at its end, and a
 * video that reaches its end (which pauses it) does not pause the longer ones.
 */

/** What alignment reads of a video (an HTMLMediaElement has all of it). */
export interface MediaState {
  currentTime: number;
  /** NaN until the video's metadata has loaded. */
  duration: number;
  paused: boolean;
  playbackRate: number;
}

/**
 * `play`, `pause`, `seek` (the `seeking` event), `rate` (`ratechange`), and `tick` (`timeupdate`
 * of the leading video while it plays, to correct drift).
 */
export type SyncEvent = "play" | "pause" | "seek" | "rate" | "tick";

export interface SyncAction {
  seekTo?: number;
  play?: true;
  pause?: true;
  rate?: number;
}

/** How far apart two videos may be after a seek, in seconds, and while playing (drift). */
export const SEEK_TOLERANCE = 0.1;
export const DRIFT_TOLERANCE = 0.3;

const known = (duration: number) => Number.isFinite(duration) && duration > 0;
const atEnd = (media: MediaState) =>
  known(media.duration) && media.currentTime >= media.duration - SEEK_TOLERANCE;

/** Where `other` should be to match `source`: the same time, or its own end if it is shorter. */
function targetTime(source: MediaState, other: MediaState): number {
  return known(other.duration) ? Math.min(source.currentTime, other.duration) : source.currentTime;
}

function inStep(source: MediaState, other: MediaState, tolerance: number): boolean {
  // A source held at its end by a shorter length is in step with any video at or beyond that point.
  if (atEnd(source) && other.currentTime >= source.currentTime - tolerance) return true;
  return Math.abs(other.currentTime - targetTime(source, other)) <= tolerance;
}

/** What `other` must do after `source` fired `event`; an empty object when it is already in step. */
export function syncAction(event: SyncEvent, source: MediaState, other: MediaState): SyncAction {
  // A video that has just played to its end leaves the others playing.
  if (event === "pause" && atEnd(source)) return {};
  const action: SyncAction = {};
  if (other.playbackRate !== source.playbackRate) action.rate = source.playbackRate;
  if (!inStep(source, other, event === "tick" ? DRIFT_TOLERANCE : SEEK_TOLERANCE)) {
    action.seekTo = targetTime(source, other);
  }
  const target = targetTime(source, other);
  const hasPlayLeft = !known(other.duration) || target < other.duration - SEEK_TOLERANCE;
  if (!source.paused && other.paused && hasPlayLeft) action.play = true;
  if (source.paused && !other.paused) action.pause = true;
  return action;
}

const EVENTS: [keyof HTMLMediaElementEventMap, SyncEvent][] = [
  ["play", "play"],
  ["pause", "pause"],
  ["seeking", "seek"],
  ["ratechange", "rate"],
  ["timeupdate", "tick"],
];

/** Keeps `videos` in step until the returned function is called. */
export function syncVideos(videos: readonly HTMLVideoElement[]): () => void {
  if (videos.length < 2) return () => {};
  const apply = (source: HTMLVideoElement, event: SyncEvent) => {
    if (event === "tick") {
      // One video leads drift correction (the first still playing), so two never correct each other.
      if (source.paused || videos.find((video) => !video.paused && !video.ended) !== source) return;
    }
    for (const other of videos) {
      if (other === source) continue;
      const action = syncAction(event, source, other);
      if (action.rate !== undefined) other.playbackRate = action.rate;
      if (action.seekTo !== undefined) other.currentTime = action.seekTo;
      // A play refused (no data yet, autoplay policy) leaves that video paused; the next event retries.
      if (action.play) other.play().catch(() => undefined);
      if (action.pause) other.pause();
    }
  };
  const removals = videos.flatMap((video) =>
    EVENTS.map(([type, event]) => {
      const listener = () => apply(video, event);
      video.addEventListener(type, listener);
      return () => video.removeEventListener(type, listener);
    }),
  );
  return () => removals.forEach((remove) => remove());
}
