/**
 * Downloads a zip of renders (`POST /api/renders/zip`, docs/api.md) by submitting a form into a hidden
 * frame of the page: the browser's own download manager then streams the zip to disk (a cancel
 * there stops the server's fetching), and a refusal (an answer in the error shape, not a file) lands
 * in the frame, where it is read and said. Loaded on the first zip, not with the page.
 */
import { notify } from "@/components/ui/notify";
import { loadContract } from "@/lib/client/contract-loader";
import { ZIP_ACTION } from "./render-links";

const FRAME_NAME = "render-zip-download";

/** Which renders: `ids` (comma-separated), a `batchId`, or the gallery's filters. */
export type ZipFields = Readonly<Record<string, string | undefined>>;

export function downloadZip(fields: ZipFields): void {
  const form = document.createElement("form");
  form.method = "post";
  form.action = ZIP_ACTION;
  form.target = zipFrame().name;
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

/** The page's one hidden frame for zips, made on first use. */
function zipFrame(): HTMLIFrameElement {
  const existing = document.querySelector<HTMLIFrameElement>(`iframe[name="${FRAME_NAME}"]`);
  if (existing) return existing;
  const frame = document.createElement("iframe");
  frame.name = FRAME_NAME;
  frame.title = "Zip download";
  frame.hidden = true;
  frame.addEventListener("load", () => {
    const text = frame.contentDocument?.body?.textContent?.trim();
    if (text)
      void refusalMessage(text).then((message) =>
        notify.error("Could not make the zip", { description: message }),
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
