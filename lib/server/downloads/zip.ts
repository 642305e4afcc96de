import "server-only";
/**
 * A zip of renders built while it is sent (docs/architecture.md, "Downloads and zips"): each ready
 * render's output is fetched in turn and streamed into the archive as the client reads it, stored
 * as is (media are already compressed), then `manifest.json` and `manifest.csv` say what each
 * render was and what became of its file, and `comments.csv` lists their comments, if they have any. A file that cannot be had is listed as missing and the
 * zip goes on; a client that leaves stops the current fetch and the zip.
 */
import { Transform } from "node:stream";
import { ZipArchive } from "archiver";
import type { LedgerRender } from "@/lib/contract";
import {
  attachmentDisposition,
  outputExtension,
  renderFileName,
  uniqueName,
  zipFileName,
} from "@/lib/domain/download-names";
import {
  manifestCsv,
  manifestJson,
  notReadyReason,
  type FileOutcome,
  type ManifestRow,
} from "@/lib/domain/manifest";
import { commentsCsv } from "@/lib/domain/review";
import { getDb } from "@/lib/server/db/database";
import { commentsOfRenders } from "@/lib/server/ledger/comments";
import { serverConfig } from "@/lib/server/runtime/config";
import { namedRender } from "./names";
import {
  OutputError,
  openOutput,
  outputOrigins,
  type OpenOutput,
  type OutputFetch,
} from "@/lib/server/runtime/output-fetch";
import type { ZipContents } from "./selection";
import { pulledStream } from "./web-stream";

const MANIFESTS = ["manifest.json", "manifest.csv", "comments.csv"] as const;
const ENTRY_BUFFER_BYTES = 2 ** 20;
/** The largest chunk an entry's bytes are joined into on their way to the archive. */
const JOINED_BYTES = 2 ** 20;

/** The zip as a response; `signal` is the request's (the client leaving). */
export function zipResponse({ renders, batch, grid }: ZipContents, signal: AbortSignal): Response {
  const now = new Date();
  const cancelled = new AbortController();
  const stop = AbortSignal.any([signal, cancelled.signal]);
  // The archive's own buffer (1 MiB by default) is all it holds ahead of the client.
  const archive = new ZipArchive({ store: true });
  // Failures reach the client through the body (it ends broken); once it has left they are moot.
  archive.on("error", (error) => {
    if (!stop.aborted) console.error(`[zip] the archive failed: ${error.message}`);
  });
  void fill(archive, renders, grid, now, stop);
  const file = zipFileName(renders.length, now, batch ? namedRender(batch) : undefined);
  const body = pulledStream(archive[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>, () =>
    cancelled.abort(),
  );
  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": attachmentDisposition(file),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Appends every render's file in turn, then the manifests, and finishes the archive. */
async function fill(
  archive: ZipArchive,
  renders: LedgerRender[],
  grid: ZipContents["grid"],
  now: Date,
  signal: AbortSignal,
) {
  const taken = new Set<string>(MANIFESTS);
  const rows: ManifestRow[] = [];
  const fetching: OutputFetch = {
    signal,
    timeoutMs: serverConfig().RENDER_API_TIMEOUT_MS,
    origins: outputOrigins(),
  };
  let next = null as Opening | null;
  try {
    for (const [index, render] of renders.entries()) {
      if (signal.aborted) break;
      const opening = next ?? startOpening(render, fetching);
      next = null;
      const following = renders[index + 1];
      const openFollowing = () => {
        if (following) next ??= startOpening(following, fetching);
      };
      rows.push({ render, outcome: await addOutput(archive, render, opening, taken, openFollowing, signal) });
    }
    if (signal.aborted) {
      archive.abort();
      return;
    }
    // The manifests are text: deflated, unlike the media.
    archive.append(manifestJson(rows, now, grid), { name: "manifest.json", store: false, date: now });
    archive.append(manifestCsv(rows, grid), { name: "manifest.csv", store: false, date: now });
    // Read last, so it holds the comments made while the files were sent; a zip of renders nobody
    // commented on has none (docs/architecture.md, "Review").
    const comments = await commentsOfRenders(
      await getDb(),
      renders.map((render) => render.id),
    );
    if (comments.length > 0) {
      archive.append(commentsCsv(comments), { name: "comments.csv", store: false, date: now });
    }
    await archive.finalize();
  } catch (error) {
    // An archive that cannot go on (a bug, not a missing file) ends the response as broken.
    archive.destroy(error instanceof Error ? error : new Error(String(error)));
  } finally {
    next?.stop();
  }
}

/** A render's output being opened, settled as an open output, a manifest outcome or a bug. */
interface Opening {
  opened: Promise<{ output: OpenOutput } | { outcome: FileOutcome } | { error: unknown }>;
  /** Ends the fetch when the zip stops before reading it. */
  stop: () => void;
}

function startOpening(render: LedgerRender, fetching: OutputFetch): Opening {
  if (render.status !== "ready" || !render.outputUrl) {
    const outcome: FileOutcome = { state: "not-ready", reason: notReadyReason(render) };
    return { opened: Promise.resolve({ outcome }), stop: () => undefined };
  }
  const own = new AbortController();
  // Settled, never rejected: an opening started ahead may fail before the zip awaits it.
  const signal = AbortSignal.any([fetching.signal, own.signal]);
  const opened = openOutput(render.outputUrl, { ...fetching, signal }).then(
    (output) => ({ output }),
    (error: unknown) =>
      error instanceof OutputError
        ? { outcome: { state: "missing", reason: error.message } as const }
        : { error },
  );
  return { opened, stop: () => own.abort() };
}

/**
 * Streams one opened output into the archive. Once its last byte has come from upstream,
 * `openFollowing` starts the next file's request, so its answer is on the way while this entry's
 * tail is still being written out (a request opened earlier could sit unread long enough, behind a
 * slow client, for its origin to give up on it).
 */
async function addOutput(
  archive: ZipArchive,
  render: LedgerRender,
  opening: Opening,
  taken: Set<string>,
  openFollowing: () => void,
  signal: AbortSignal,
): Promise<FileOutcome> {
  const opened = await opening.opened;
  if ("error" in opened) throw opened.error;
  if ("outcome" in opened) {
    openFollowing();
    return opened.outcome;
  }
  const { output } = opened;
  const file = uniqueName(
    renderFileName(namedRender(render), outputExtension(render.outputUrl, output.contentType)).name,
    taken,
  );
  taken.add(file);
  const transfer = { bytes: 0, brokeOff: null as string | null };
  // The entry reads through this stream, which counts the bytes and, when the transfer breaks
  // off, ends where it stopped, so the archive stays whole; the manifest says the file is
  // incomplete.
  const entry = joiningStream((bytes) => (transfer.bytes += bytes));
  const { body } = output;
  body.once("end", openFollowing);
  body.once("error", (error) => {
    transfer.brokeOff = output.explain(error).message;
    openFollowing();
    entry.end();
  });
  body.pipe(entry);
  const entryDone = new Promise<void>((resolve, reject) => {
    const settle = () => {
      archive.off("entry", onEntry);
      archive.off("error", onError);
      signal.removeEventListener("abort", onAbort);
    };
    const onEntry = () => (settle(), resolve());
    const onError = (error: Error) => (settle(), reject(error));
    // Archiver never finishes an entry whose source stopped being read: leave it on an abort.
    const onAbort = () => (settle(), resolve());
    archive.on("entry", onEntry);
    archive.on("error", onError);
    signal.addEventListener("abort", onAbort, { once: true });
  });
  const date = new Date(render.completedAt ?? render.createdAt);
  archive.append(entry, { name: file, date, store: true });
  await entryDone;
  const { bytes, brokeOff } = transfer;
  const short = output.contentLength !== null && bytes < output.contentLength;
  if (brokeOff === null && !short) return { state: "included", file, bytes };
  const expected = output.contentLength === null ? "" : ` of ${output.contentLength}`;
  return {
    state: "incomplete",
    file,
    bytes,
    reason: `${brokeOff ?? "the transfer ended early"} after ${bytes}${expected} bytes`,
  };
}

/**
 * A pass-through that reports each chunk's size to `counted` and hands the bytes on joined into
 * chunks of up to `JOINED_BYTES`. They come off the socket 64 KiB at a time; joined once here, every
 * stage after it (the checksum, the zip writer, the archive, the response body) handles a
 * sixteenth as many chunks, which is most of their cost per byte. What has come when the source
 * pauses is handed on at the next turn of the event loop, so a slow transfer is never held back.
 * Its buffer (`ENTRY_BUFFER_BYTES`) lets the source run ahead in large steps rather than 16 KiB ones.
 */
function joiningStream(counted: (bytes: number) => void): Transform {
  let parts: Buffer[] = [];
  let bytes = 0;
  let handOnSoon: NodeJS.Immediate | null = null;
  const handOn = () => {
    if (handOnSoon) clearImmediate(handOnSoon);
    handOnSoon = null;
    if (parts.length === 0) return;
    const chunk = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, bytes);
    parts = [];
    bytes = 0;
    stream.push(chunk);
  };
  const stream = new Transform({
    highWaterMark: ENTRY_BUFFER_BYTES,
    transform(chunk: Buffer, _encoding, done) {
      counted(chunk.byteLength);
      parts.push(chunk);
      bytes += chunk.byteLength;
      if (bytes >= JOINED_BYTES) handOn();
      else handOnSoon ??= setImmediate(handOn);
      done();
    },
    flush(done) {
      handOn();
      done();
    },
    destroy(error, done) {
      if (handOnSoon) clearImmediate(handOnSoon);
      parts = [];
      done(error);
    },
  });
  return stream;
}
