/**
 * The compared videos inside `root`, kept in step (video-sync.ts) and played or paused together
 * from the page's toolbar. `videosKey` changes whenever the set of videos on screen may have
 * changed (a render became ready, the layout switched), so the group is gathered again.
 */
import { useEffect, useState, type RefObject } from "react";
import { syncVideos } from "./video-sync";

const videosIn = (root: HTMLElement | null) => [...(root?.querySelectorAll("video") ?? [])];

export function useVideoGroup(root: RefObject<HTMLElement | null>, videosKey: string) {
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const stopSync = syncVideos(videosIn(element));
    // Media events do not bubble: listen while they go down to the video.
    const update = () => setPlaying(videosIn(element).some((video) => !video.paused));
    update();
    element.addEventListener("play", update, true);
    element.addEventListener("pause", update, true);
    return () => {
      stopSync();
      element.removeEventListener("play", update, true);
      element.removeEventListener("pause", update, true);
    };
  }, [root, videosKey]);

  const toggle = () => {
    const videos = videosIn(root.current);
    if (videos.some((video) => !video.paused)) videos.forEach((video) => video.pause());
    // A refused play (no data yet) leaves that video paused; the others' events start it when it can.
    else videos.forEach((video) => void video.play().catch(() => undefined));
  };

  return { playing, toggle };
}
