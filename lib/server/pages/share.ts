import "server-only";
/**
 * The shared page (`/s/<token>`) and its media (`/s/<token>/file`): what a working link shows, to
 * anyone who has it, without a session. Nothing of the team, the cost or other renders reaches the
 * view: it holds only what the page shows.
 */
import { headers } from "next/headers";
import { cache } from "react";
import { AppError } from "@/lib/contract/errors";
import type { LedgerRender } from "@/lib/contract";
import { outputMediaKind, type MediaKind } from "@/lib/domain/media-kind";
import { outputResponse } from "@/lib/server/downloads/file";
import { errorResponse } from "@/lib/server/http/route";
import { SHARED_PAGE_HEADER, SHARED_ROBOTS } from "@/lib/server/http/shared-page";
import { openShare, openSharedFile, sharePath } from "@/lib/server/shares/service";

/** One output as the shared page shows it. */
export interface SharedOutputView {
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
 * What a shared page shows: one render's output (and whether guests may comment on it), or a
 * board's name, description and outputs.
 */
export type SharedView =
  | ({ kind: "render"; allowComments: boolean } & SharedOutputView)
  | { kind: "board"; name: string; description: string | null; outputs: SharedOutputView[] };

/** One output for the page: the prompt only when shown; `fileHref` may already carry a query. */
function outputView(render: LedgerRender, showPrompt: boolean, fileHref: string): SharedOutputView {
  const download = fileHref.includes("?") ? "&download=1" : "?download=1";
  return {
    media: outputMediaKind(render),
    prompt: showPrompt ? render.prompt : null,
    fileHref,
    downloadHref: `${fileHref}${download}`,
  };
}

/**
 * Read once per request for both the metadata and the page; undefined for any token that opens
 * nothing (malformed, unknown, revoked, expired), alike. Opening notes the link's last use.
 */
export const sharedViewForPage = cache(async (token: string): Promise<SharedView | undefined> => {
  const shared = await openShare(token);
  if (!shared) return undefined;
  const fileHref = `${sharePath(token)}/file`;
  if (shared.kind === "render") {
    return {
      kind: "render",
      allowComments: shared.allowComments,
      ...outputView(shared.render, shared.showPrompt, fileHref),
    };
  }
  return {
    kind: "board",
    name: shared.name,
    description: shared.description,
    outputs: shared.renders.map((render) =>
      outputView(render, shared.showPrompt, `${fileHref}?render=${encodeURIComponent(render.id)}`),
    ),
  };
});

const SHARED_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": SHARED_ROBOTS };

/**
 * `GET /s/<token>/file`: the shared render's output through the dashboard (the service's URL stays
 * unknown to the viewer), inline, or as an attachment with `?download`; for a board link, the render
 * named by `?render=` if it is on the board now. Its name leaves out the prompt when the sharer hid
 * it. A token that opens nothing, or a render the link does not show, is 404, whatever the reason.
 */
export async function sharedFile(request: Request, token: string): Promise<Response> {
  try {
    const params = new URL(request.url).searchParams;
    const shared = await openSharedFile(token, params.get("render"));
    if (!shared) throw new AppError("not_found", "Nothing is shared at this address.");
    const download = params.has("download");
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
