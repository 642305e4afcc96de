/**
 * Downloads through a hidden frame of the page: a zip of renders (`POST /api/renders/zip`, a form
 * submitted into the frame) or one render's file (`GET /api/renders/{id}/file`, the frame sent
 * there). The browser's own download manager then streams the answer to disk (a cancel there stops
 * the server's fetching), and a refusal (an answer in the error shape, not a file) lands in the
 * frame, where it is read and said in words rather than as the browser's bare "Failed". Loaded on
 * the first download, not with the page.
 */
import { notify } from "@/components/ui/notify";
import { loadContract } from "@/lib/client/contract-loader";
import { ZIP_ACTION } from "./render-links";

const FRAME_NAME = "render-download";

/** Which renders: `ids` (comma-separated), a `batchId`, or the gallery's filters. */
export type ZipFields = Readonly<Record<string, string | undefined>>;

export function downloadZip(fields: ZipFields): void {
  const form = document.createElement("form");
  form.method = "post";
  form.action = ZIP_ACTION;
  form.target = downloadFrame("Could not make the zip").name;
  form.hidden = true;
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === "") continue;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
  notify.info("Preparing the zip…", { description: "Your browser saves it as it arrives." });
}

/** One render's file, from its download address (`downloadHref`). */
export function downloadFile(href: string): void {
  downloadFrame("Could not download the file").src = href;
}

/**
 * The page's one hidden download frame, made on first use; `failureTitle` heads the message shown
 * if what is asked for now is refused.
 */
function downloadFrame(failureTitle: string): HTMLIFrameElement {
  const frame =
    document.querySelector<HTMLIFrameElement>(`iframe[name="${FRAME_NAME}"]`) ?? newDownloadFrame();
  frame.dataset.failureTitle = failureTitle;
  return frame;
}

function newDownloadFrame(): HTMLIFrameElement {
  const frame = document.createElement("iframe");
  frame.name = FRAME_NAME;
  frame.title = "Downloads";
  frame.hidden = true;
  // A file that downloads never loads in the frame: only a refusal (or the first blank page) does.
  frame.addEventListener("load", () => {
    const text = frame.contentDocument?.body?.textContent?.trim();
    if (text)
      void refusalMessage(text).then((message) =>
        notify.error(frame.dataset.failureTitle ?? "Could not download", { description: message }),
      );
  });
  document.body.append(frame);
  return frame;
}

/** The message of an error-shaped answer, or its text as it came (a proxy's page, say). */
async function refusalMessage(text: string): Promise<string> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text.slice(0, 300);
  }
  const { appErrorFromBody } = await loadContract();
  return appErrorFromBody(400, body).message;
}
