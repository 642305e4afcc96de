import { describe, expect, it } from "vitest";
import {
  DRIFT_TOLERANCE,
  SEEK_TOLERANCE,
  syncAction,
  type MediaState,
  type SyncAction,
  type SyncEvent,
} from "./video-sync";

const video = (patch: Partial<MediaState> = {}): MediaState => ({
  currentTime: 0,
  duration: 10,
  paused: true,
  playbackRate: 1,
  ...patch,
});

/** Applies an action as a media element would, returning the events it would fire. */
function perform(media: MediaState, action: SyncAction): SyncEvent[] {
  const fired: SyncEvent[] = [];
  if (action.rate !== undefined) {
    media.playbackRate = action.rate;
    fired.push("rate");
  }
  if (action.seekTo !== undefined) {
    media.currentTime = action.seekTo;
    fired.push("seek");
  }
  if (action.play && media.paused) {
    media.paused = false;
    fired.push("play");
  }
  if (action.pause && !media.paused) {
    media.paused = true;
    fired.push("pause");
  }
  return fired;
}

/**
 * Propagates one event through a group of videos the way syncVideos does (each event answered by
 * aligning every other video), and returns how many events fired in all: a feedback loop never ends.
 */
function propagate(videos: MediaState[], source: number, event: SyncEvent): number {
  const queue: [number, SyncEvent][] = [[source, event]];
  let fired = 0;
  while (queue.length > 0) {
    const [from, what] = queue.shift() as [number, SyncEvent];
    if (++fired > 100) throw new Error("feedback loop");
    videos.forEach((other, i) => {
      if (i === from) return;
      const source = videos[from] as MediaState;
      for (const next of perform(other, syncAction(what, source, other))) queue.push([i, next]);
    });
  }
  return fired;
}

describe("syncAction", () => {
  it("asks nothing of a video already in step", () => {
    expect(
      syncAction(
        "play",
        video({ paused: false, currentTime: 2 }),
        video({ paused: false, currentTime: 2.05 }),
      ),
    ).toEqual({});
    expect(
      syncAction(
        "tick",
        video({ paused: false, currentTime: 4 }),
        video({ paused: false, currentTime: 4.2 }),
      ),
    ).toEqual({});
  });

  it("brings a follower to the source's time, play state and speed", () => {
    const source = video({ paused: false, currentTime: 3, playbackRate: 0.5 });
    expect(syncAction("play", source, video())).toEqual({ seekTo: 3, play: true, rate: 0.5 });
    expect(syncAction("pause", video({ currentTime: 3 }), video({ paused: false, currentTime: 3 }))).toEqual({
      pause: true,
    });
  });

  it("corrects drift while playing only beyond its tolerance", () => {
    const leader = video({ paused: false, currentTime: 5 });
    expect(
      syncAction("tick", leader, video({ paused: false, currentTime: 5 - DRIFT_TOLERANCE / 2 })),
    ).toEqual({});
    expect(
      syncAction("tick", leader, video({ paused: false, currentTime: 5 - DRIFT_TOLERANCE * 2 })),
    ).toEqual({ seekTo: 5 });
  });

  it("holds a shorter video at its end, and lets the longer ones play on when it ends", () => {
    const short = video({ duration: 4 });
    expect(syncAction("seek", video({ currentTime: 7 }), short)).toEqual({ seekTo: 4 });
    expect(
      syncAction("play", video({ currentTime: 7, paused: false }), video({ duration: 4, currentTime: 4 })),
    ).toEqual({});
    const ended = video({ duration: 4, currentTime: 4, paused: true });
    expect(syncAction("pause", ended, video({ currentTime: 4, paused: false }))).toEqual({});
  });

  it("aligns to the time alone while a follower's length is not known yet", () => {
    expect(syncAction("seek", video({ currentTime: 6 }), video({ duration: Number.NaN }))).toEqual({
      seekTo: 6,
    });
  });
});

describe("a group kept in step by syncAction", () => {
  it("settles after each user action, with every video in step and no event echoing back for ever", () => {
    const group = [video({ duration: 10 }), video({ duration: 10 }), video({ duration: 6 })];
    const steps: [number, (media: MediaState) => SyncEvent][] = [
      [0, (m) => ((m.paused = false), "play")],
      [1, (m) => ((m.currentTime = 8), "seek")],
      [2, (m) => ((m.currentTime = 1), "seek")],
      [1, (m) => ((m.playbackRate = 2), "rate")],
      [2, (m) => ((m.paused = true), "pause")],
    ];
    for (const [who, act] of steps) {
      const media = group[who] as MediaState;
      const fired = propagate(group, who, act(media));
      // The source's event, then at most one answer per follower per change, then quiet.
      expect(fired).toBeLessThanOrEqual(1 + (group.length - 1) * 3);
      const leader = group[who] as MediaState;
      for (const other of group) {
        expect(other.paused).toBe(leader.paused);
        expect(other.playbackRate).toBe(leader.playbackRate);
        expect(
          Math.abs(other.currentTime - Math.min(leader.currentTime, other.duration)),
        ).toBeLessThanOrEqual(SEEK_TOLERANCE);
      }
    }
  });

  it("seeking past the shorter video's end moves the others and leaves the source where it was put", () => {
    const group = [video({ duration: 10 }), video({ duration: 6 })];
    (group[0] as MediaState).currentTime = 9;
    propagate(group, 0, "seek");
    expect(group.map((m) => m.currentTime)).toEqual([9, 6]);
  });
});
