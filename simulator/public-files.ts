/**
 * Files a browser loads straight from the service, like a CDN: uploaded references and finished
 * media. No authentication, long immutable caching and open CORS, because an `outputUrl` is meant to
 * be put in an <img> or <video> tag as it is.
 */
import { SimError } from "./errors";
import { sendContent } from "./http";
import { observe } from "./lifecycle";
import { padPicture, renderPicture, videoClipPath } from "./media";
import type { RequestContext, Route } from "./routes";
import { statSync } from "node:fs";

const CDN_HEADERS = {
  "access-control-allow-origin": "*",
  "cache-control": "public, max-age=31536000, immutable",
};

async function uploadedFile(ctx: RequestContext): Promise<void> {
  const [id, name] = ctx.params;
  const upload = ctx.world.uploads.findById(id ?? "");
  if (!upload || upload.filename !== name) throw new SimError("not_found", "No such file");
  await sendContent(
    ctx.req,
    ctx.res,
    { type: "file", path: upload.path, size: upload.bytes },
    {
      "content-type": upload.contentType,
      ...CDN_HEADERS,
    },
  );
}

/** Sizes of the bundled clips never change while the process runs, so they are read once. */
const clipSizes = new Map<string, number>();
function clipSize(path: string): number {
  let size = clipSizes.get(path);
  if (size === undefined) {
    size = statSync(path).size;
    clipSizes.set(path, size);
  }
  return size;
}

async function media(ctx: RequestContext): Promise<void> {
  const [id, extension] = ctx.params;
  const render = ctx.world.renders.find(id ?? "");
  const kind = extension === "png" ? "image" : "video";
  // Media exist only once the render is ready, as on a real CDN origin, and until they expire.
  const ready = render && observe(render.plan, Date.now(), false).state === "ready";
  if (!render || render.kind !== kind || !ready || ctx.world.expiredMedia.has(render.id)) {
    throw new SimError("not_found", "No such media");
  }
  if (kind === "image") {
    await sendContent(
      ctx.req,
      ctx.res,
      {
        type: "buffer",
        data: padPicture(
          renderPicture(render.prompt, render.id, render.aspectRatio),
          ctx.world.config.mediaPaddingBytes,
        ),
      },
      {
        "content-type": "image/png",
        ...CDN_HEADERS,
      },
    );
  } else {
    const path = videoClipPath(render.aspectRatio);
    await sendContent(
      ctx.req,
      ctx.res,
      { type: "file", path, size: clipSize(path), paddingBytes: ctx.world.config.videoPaddingBytes },
      {
        "content-type": "video/webm",
        ...CDN_HEADERS,
      },
    );
  }
}

export const publicRoutes: readonly Route[] = [
  { methods: ["GET", "HEAD"], path: /^\/files\/(up_[a-z0-9]+)\/([^/]+)$/, handle: uploadedFile },
  { methods: ["GET", "HEAD"], path: /^\/media\/(rnd_[a-z0-9]+)\.(png|webm)$/, handle: media },
];
