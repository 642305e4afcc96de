/** Runs a download once its code (frame-download.ts) has loaded: it is not part of any page's first load. */
import { notify } from "@/components/ui/notify";

type FrameDownload = typeof import("./frame-download");

export function withFrameDownload(start: (downloads: FrameDownload) => void): void {
  import("./frame-download").then(start, (error: Error) =>
    notify.error("Could not start the download", { description: error.message }),
  );
}
