import "server-only";
/**
 * The shared page (`/s/<token>`) and its media (`/s/<token>/file`): what a working link shows, to
 * anyone who has it, without a session. Nothing of the team, the cost or other renders is read here:
 * the view holds only what the page shows.
 */
import { headers } from "next/headers";
import { cache } from "react";
import { AppError } from "@/lib/contract/errors";
import { outputMediaKind, type MediaKind } from "@/lib/domain/media-kind";
import { outputResponse } from "@/lib/server/downloads/file";
import { errorResponse } from "@/lib/server/http/route";
import { SHARED_PAGE_HEADER, SHARED_ROBOTS } from "@/lib/server/http/shared-page";
import { openShare, sharePath } from "@/lib/server/shares";

export interface SharedRenderView {
  media: MediaKind;
  /** Null when the sharer hid it. */
  prompt: string | null;
  /** The output, shown in the page. */
  fileHref: string;
  /** The output as an attachment. */
  downloadHref: string;
}

/** Whether this request is for a shared page (marked by proxy.ts), whose layout has no dashboard frame. */
export async function isSharedPage(): Promise<boolean> {
  return (await headers()).get(SHARED_PAGE_HEADER) === "1";
}

/**
 * Read once per request for both the metadata and the page; undefined for any token that opens
 * nothing (malformed, unknown, revoked, expired), alike. Opening notes the link's last use.
 */
export const sharedRenderForPage = cache(async (token: string): Promise<SharedRenderView | undefined> => {
  const shared = await openShare(token, true);
  if (!shared) return undefined;
  const fileHref = `${sharePath(token)}/file`;
  return {
    media: outputMediaKind(shared.render),
    prompt: shared.showPrompt ? shared.render.prompt : null,
    fileHref,
    downloadHref: `${fileHref}?download=1`,
  };
});

const SHARED_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": SHARED_ROBOTS };

/**
 * `GET /s/<token>/file`: the shared render's output through the dashboard (the service's URL stays
 * unknown to the viewer), inline, or as an attachment with `?download`. Its name leaves out the
 * prompt when the sharer hid it. A token that opens nothing is 404, whatever the reason.
 */
export async function sharedFile(request: Request, token: string): Promise<Response> {
  try {
    const shared = await openShare(token, false);
    if (!shared) throw new AppError("not_found", "Nothing is shared at this address.");
    const download = new URL(request.url).searchParams.has("download");
    return await outputResponse(shared.render, request.signal, {
      disposition: download ? "attachment" : "inline",
      promptInName: shared.showPrompt,
      headers: SHARED_HEADERS,
    });
  } catch (error) {
    const response = errorResponse(error);
    for (const [name, value] of Object.entries(SHARED_HEADERS)) response.headers.set(name, value);
    return response;
  }
}
