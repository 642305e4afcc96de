/**
 * Downloads against the real simulator over HTTP and a real ledger: a render's file through the
 * dashboard, and zips opened with a real zip reader (yauzl), file by file and manifest by manifest.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ZIP_MAX_RENDERS, type LedgerRender } from "@/lib/contract";
import { errorBodySchema } from "@/lib/contract/error-body";
import { outputExtension, renderFileName } from "@/lib/domain/download-names";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { getDb } from "@/lib/server/db/database";
import { markFinished } from "@/lib/server/ledger/polling";
import { startStack, waitFor, type Stack } from "@/test/server-stack";
import { zipEntries, type ZipEntry } from "@/test/zip-entries";

let stack: Stack;
const TIMEOUT_MS = 1_500;
/** Every render made for these tests, once final. */
let renders: LedgerRender[] = [];
const byPrompt = (prompt: string) => renders.filter((r) => r.prompt === prompt);

const BATCH_PROMPT = 'Crème brûlée, "studio" light, 富士山 🦊';
const VIDEO_PROMPT = "waves at dusk";
const FAILED_PROMPT = "[fail] a render that fails";
const GONE_PROMPT = "an output the service no longer serves";

/** A local HTTP server on loopback, and its origin. */
async function listening(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Outputs served by a misbehaving media origin: the simulator's media always answer promptly and
 * whole, so some renders' ledger records point at this local server, which stalls, breaks off,
 * never ends or redirects, as a real CDN may. It is one of the dashboard's MEDIA_ORIGINS.
 */
let origin: Awaited<ReturnType<typeof listening>>;
/** Resolves when the origin sees the downloader's connection close before the body ended. */
let endlessClosed: Promise<void> = Promise.resolve();
/** A server that is not a media origin (say, an address on the dashboard's own network). */
let outside: Awaited<ReturnType<typeof listening>>;
const outsideRequests: string[] = [];
const SMALL_FILE = Buffer.alloc(3000, 5);
/** More than every buffer between the origin and a client holds, so a client that stops reading holds the origin back. */
const LARGE_FILE_BYTES = 32 * 1024 * 1024;

/** Writes 64 KiB chunks for ever, at the reader's pace. */
function endless(res: ServerResponse) {
  res.writeHead(200, { "content-type": "video/mp4" });
  const chunk = Buffer.alloc(64 * 1024, 1);
  const write = () => {
    while (!res.destroyed && res.write(chunk));
  };
  res.on("drain", write);
  write();
  endlessClosed = once(res, "close").then(() => undefined);
}

beforeAll(async () => {
  outside = await listening((req, res) => {
    outsideRequests.push(req.url ?? "");
    res.writeHead(200, { "content-type": "image/png" }).end(SMALL_FILE);
  });
  origin = await listening((req, res) => {
    if (req.url === "/stall.png") return; // never answers
    if (req.url === "/break.png") {
      res.writeHead(200, { "content-type": "image/png", "content-length": String(1024 * 1024) });
      res.write(Buffer.alloc(100 * 1024, 7), () => res.destroy());
      return;
    }
    if (req.url === "/silent.png") {
      // Headers and a first part, then nothing more, the connection left open.
      res.writeHead(200, { "content-type": "image/png", "content-length": String(1024 * 1024) });
      res.write(Buffer.alloc(100 * 1024, 7));
      return;
    }
    if (req.url === "/large.mp4") {
      res.writeHead(200, { "content-type": "video/mp4", "content-length": String(LARGE_FILE_BYTES) });
      return res.end(Buffer.alloc(LARGE_FILE_BYTES, 3));
    }
    if (req.url === "/endless.mp4") return endless(res);
    if (req.url === "/small.png") return res.writeHead(200, { "content-type": "image/png" }).end(SMALL_FILE);
    if (req.url === "/moved-here.png") return res.writeHead(302, { location: "/small.png" }).end();
    if (req.url === "/moved-out.png") {
      return res.writeHead(307, { location: `${outside.url}/internal.png` }).end();
    }
    if (req.url === "/moved-forever.png") return res.writeHead(302, { location: "/moved-forever.png" }).end();
    res.writeHead(404).end();
  });
  stack = await startStack({
    timeScale: 0.01,
    env: (simulatorUrl) => ({
      // A short upstream timeout, so an output that never arrives is given up on quickly.
      RENDER_API_TIMEOUT_MS: String(TIMEOUT_MS),
      MEDIA_ORIGINS: `${simulatorUrl},${origin.url}`,
    }),
  });
  const requests = [
    { kind: "image", prompt: BATCH_PROMPT, imageCount: 2 },
    {
      kind: "video",
      prompt: VIDEO_PROMPT,
      model: "kling",
      durationSeconds: 5,
      negativePrompt: "blur, noise",
    },
    { kind: "image", prompt: FAILED_PROMPT },
    { kind: "image", prompt: GONE_PROMPT },
  ];
  for (const json of requests) expect((await stack.call("POST", "/api/renders", { json })).status).toBe(202);
  renders = await waitFor(async () => {
    const { body } = await stack.callJson<{ items: LedgerRender[] }>("GET", "/api/renders?limit=100");
    return body.items.length === 5 && body.items.every((r) => isFinalLedgerStatus(r.status))
      ? body.items
      : undefined;
  }, 30_000);
  const gone = byPrompt(GONE_PROMPT)[0] as LedgerRender;
  await fetch(`${stack.simulator.url}/__sim/media/${gone.id}`, { method: "DELETE" });
});
afterAll(async () => {
  await stack.close();
  for (const { server } of [origin, outside]) {
    server.closeAllConnections();
    server.close();
  }
});

async function readZip(response: Response): Promise<ZipEntry[]> {
  return zipEntries(new Uint8Array(await response.arrayBuffer()));
}

interface ManifestItem {
  id: string;
  file: string | null;
  fileStatus: string;
  missingReason: string | null;
  prompt: string;
  negativePrompt: string | null;
  params: Record<string, unknown>;
  sourceUrl: string | null;
}

function manifests(entries: ZipEntry[]) {
  const json = entries.find((e) => e.name === "manifest.json");
  const csv = entries.find((e) => e.name === "manifest.csv");
  expect(json?.stored).toBe(false);
  const items = (JSON.parse(json?.data.toString("utf8") ?? "") as { items: ManifestItem[] }).items;
  const csvText = csv?.data.toString("utf8") ?? "";
  return { items, csvText };
}

/** The bytes the simulator serves at a render's outputUrl, fetched directly. */
async function direct(render: LedgerRender): Promise<Buffer> {
  return Buffer.from(await (await fetch(render.outputUrl as string)).arrayBuffer());
}

const expectedName = (render: LedgerRender) =>
  renderFileName(
    {
      id: render.id,
      createdAt: render.createdAt,
      model: render.renderModel ?? render.model,
      prompt: render.prompt,
    },
    outputExtension(render.outputUrl, null),
  );

async function expectError(response: Response, status: number, code: string) {
  const body: unknown = await response.json();
  expect(response.status).toBe(status);
  expect(errorBodySchema.parse(body).error.code).toBe(code);
  return errorBodySchema.parse(body).error;
}

describe("GET /api/renders/{id}/file", () => {
  test("the output through the dashboard, as an attachment with a meaningful name", async () => {
    const render = byPrompt(BATCH_PROMPT)[0] as LedgerRender;
    const response = await stack.call("GET", `/api/renders/${render.id}/file`);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(await direct(render))).toBe(true);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-length")).toBe(String(bytes.length));
    const name = expectedName(render);
    expect(name.name).toContain("富士山");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeURIComponent(name.name)}`,
    );
  });

  test("a video keeps its type and extension", async () => {
    const render = byPrompt(VIDEO_PROMPT)[0] as LedgerRender;
    const response = await stack.call("GET", `/api/renders/${render.id}/file`);
    expect(response.headers.get("content-type")).toBe("video/webm");
    expect(response.headers.get("content-disposition")).toMatch(/\.webm"; filename\*=/);
    expect(Buffer.from(await response.arrayBuffer()).equals(await direct(render))).toBe(true);
  });

  test.each([
    ["an unknown render", () => "rnd_nosuchrender", 404, "not_found", "No render"],
    ["a failed render", () => byPrompt(FAILED_PROMPT)[0]?.id, 409, "render_not_ready", "failed"],
    ["a render whose output is gone", () => byPrompt(GONE_PROMPT)[0]?.id, 502, "output_unavailable", "404"],
  ])("%s: an error answer, the error shape", async (_name, id, status, code, says) => {
    const error = await expectError(await stack.call("GET", `/api/renders/${id()}/file`), status, code);
    expect(error.message).toContain(says);
  });
});

describe("zips", () => {
  const readyThree = () => [...byPrompt(BATCH_PROMPT), ...byPrompt(VIDEO_PROMPT)];

  async function expectThreeReady(response: Response) {
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="\d{4}-\d\d-\d\d-renders-3\.zip"/,
    );
    const entries = await readZip(response);
    const media = entries.filter((e) => !e.name.startsWith("manifest."));
    expect(media).toHaveLength(3);
    for (const render of readyThree()) {
      const entry = media.find((e) => e.name === expectedName(render).name);
      expect(entry?.stored, render.id).toBe(true);
      expect(entry?.data.equals(await direct(render)), render.id).toBe(true);
    }
    const { items, csvText } = manifests(entries);
    expect(items.map((i) => i.id).sort()).toEqual(
      readyThree()
        .map((r) => r.id)
        .sort(),
    );
    expect(items.every((i) => i.fileStatus === "included")).toBe(true);
    expect(items.find((i) => i.prompt === VIDEO_PROMPT)?.negativePrompt).toBe("blur, noise");
    // A header and one row per render (the batch prompt's quotes and comma are quoted, on one line).
    expect(csvText.trimEnd().split("\r\n")).toHaveLength(4);
    expect(csvText).toContain('"Crème brûlée, ""studio"" light, 富士山 🦊"');
    expect(csvText.split("\r\n")[0]).toContain("param.durationSeconds");
  }

  test("GET with ids: three ready renders and both manifests", async () => {
    const ids = readyThree()
      .map((r) => r.id)
      .join(",");
    await expectThreeReady(await stack.call("GET", `/api/renders/zip?ids=${ids}`));
  });

  test("POST as the selection bar's form, and as JSON", async () => {
    const ids = readyThree().map((r) => r.id);
    await expectThreeReady(
      await stack.call("POST", "/api/renders/zip", {
        body: new URLSearchParams({ ids: ids.join(",") }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://dashboard.test" },
      }),
    );
    await expectThreeReady(await stack.call("POST", "/api/renders/zip", { json: { ids } }));
  });

  test("an output that is gone and a failed render are listed without files; the zip completes", async () => {
    const [ok, gone, failed] = [BATCH_PROMPT, GONE_PROMPT, FAILED_PROMPT].map(
      (p) => byPrompt(p)[0] as LedgerRender,
    ) as [LedgerRender, LedgerRender, LedgerRender];
    const response = await stack.call("GET", `/api/renders/zip?ids=${ok.id},${gone.id},${failed.id}`);
    const entries = await readZip(response);
    expect(entries.map((e) => e.name).sort()).toEqual(
      [expectedName(ok).name, "manifest.csv", "manifest.json"].sort(),
    );
    const { items } = manifests(entries);
    const item = (id: string) => items.find((i) => i.id === id);
    expect(item(ok.id)).toMatchObject({ fileStatus: "included", file: expectedName(ok).name });
    expect(item(gone.id)).toMatchObject({ fileStatus: "missing", file: null, sourceUrl: gone.outputUrl });
    expect(item(gone.id)?.missingReason).toContain("404");
    expect(item(failed.id)).toMatchObject({ fileStatus: "not-ready", file: null });
    expect(item(failed.id)?.missingReason).toMatch(/^failed/);
  });

  test("a batch, named after it; a filter (status) as the gallery sends it", async () => {
    const batch = byPrompt(BATCH_PROMPT);
    const byBatch = await stack.call("GET", `/api/renders/zip?batchId=${batch[0]?.batchId}`);
    expect(byBatch.headers.get("content-disposition")).toMatch(/-batch-2\.zip"/);
    expect((await readZip(byBatch)).filter((e) => !e.name.startsWith("manifest."))).toHaveLength(2);

    const failedOnly = await readZip(await stack.call("GET", "/api/renders/zip?status=failed"));
    expect(failedOnly.map((e) => e.name).sort()).toEqual(["manifest.csv", "manifest.json"]);
    expect(manifests(failedOnly).items.map((i) => i.id)).toEqual(byPrompt(FAILED_PROMPT).map((r) => r.id));
  });

  test("ids not in the ledger are refused by name before any byte; malformed ids are invalid", async () => {
    const known = renders[0] as LedgerRender;
    const unknown = await expectError(
      await stack.call("GET", `/api/renders/zip?ids=${known.id},rnd_missing1,rnd_missing2`),
      404,
      "not_found",
    );
    expect(unknown).toMatchObject({ field: "ids" });
    expect(unknown.message).toContain("rnd_missing1, rnd_missing2");
    expect(unknown.message).not.toContain(known.id);

    const malformed = await expectError(
      await stack.call("POST", "/api/renders/zip", { json: { ids: [known.id, "../etc/passwd"] } }),
      422,
      "invalid_request",
    );
    expect(malformed).toMatchObject({ field: "ids" });
    expect(malformed.message).toContain("../etc/passwd");

    const empty = await expectError(
      await stack.call("GET", "/api/renders/zip?ids=,"),
      422,
      "invalid_request",
    );
    expect(empty).toMatchObject({ field: "ids" });
  });

  test(`more than ${ZIP_MAX_RENDERS} renders: refused, asking to narrow the selection`, async () => {
    const ids = Array.from({ length: ZIP_MAX_RENDERS + 1 }, (_, i) => `rnd_${i}`);
    const error = await expectError(
      await stack.call("POST", "/api/renders/zip", { json: { ids } }),
      422,
      "too_many_renders",
    );
    expect(error.message).toContain(String(ZIP_MAX_RENDERS));
  });

  test("a form from another site is refused", async () => {
    await expectError(
      await stack.call("POST", "/api/renders/zip", {
        body: `ids=${renders[0]?.id}`,
        headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      }),
      403,
      "forbidden",
    );
  });
});

describe("outputs from an origin that misbehaves, or is not a media origin", () => {
  const PATHS = {
    stall: `/stall.png`,
    cut: `/break.png`,
    silent: `/silent.png`,
    large: `/large.mp4`,
    endless: `/endless.mp4`,
    movedHere: `/moved-here.png`,
    movedOut: `/moved-out.png`,
    movedForever: `/moved-forever.png`,
  };
  let made: Record<keyof typeof PATHS | "notMedia", LedgerRender>;

  /** Renders whose ledger records say their outputs are at these URLs. */
  async function rendersAt(urls: string[]): Promise<LedgerRender[]> {
    const renders: LedgerRender[] = [];
    const db = await getDb();
    for (let from = 0; from < urls.length; from += 4) {
      const part = urls.slice(from, from + 4);
      const created = await stack.callJson<{ ids: string[] }>("POST", "/api/renders", {
        json: { kind: "image", prompt: "misbehaving origin", imageCount: part.length },
      });
      for (const [i, id] of created.body.ids.entries()) {
        const now = Date.now();
        await markFinished(
          db,
          id,
          {
            status: "ready",
            renderModel: "seedream 1K",
            outputUrl: part[i] as string,
            errorMessage: null,
            creditsRefunded: 0,
            chain: null,
            upstreamCreatedAt: new Date(now).toISOString(),
            upstreamUpdatedAt: new Date(now).toISOString(),
            expectedSeconds: 1,
          },
          now,
        );
        renders.push((await stack.callJson<LedgerRender>("GET", `/api/renders/${id}`)).body);
      }
    }
    return renders;
  }

  beforeAll(async () => {
    const names = Object.keys(PATHS) as (keyof typeof PATHS)[];
    const renders = await rendersAt([
      ...names.map((name) => `${origin.url}${PATHS[name]}`),
      `${outside.url}/internal.png`,
    ]);
    made = Object.fromEntries(
      [...names, "notMedia"].map((name, i) => [name, renders[i] as LedgerRender]),
    ) as typeof made;
  });

  test("one that never answers is missing (timed out), one cut off is incomplete; the zip completes", async () => {
    const { stall, cut } = made;
    const ok = byPrompt(VIDEO_PROMPT)[0] as LedgerRender;
    const started = Date.now();
    const entries = await readZip(
      await stack.call("GET", `/api/renders/zip?ids=${stall.id},${cut.id},${ok.id}`),
    );
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 4);
    const { items } = manifests(entries);
    const item = (id: string) => items.find((i) => i.id === id);
    expect(item(stall.id)).toMatchObject({ fileStatus: "missing", file: null });
    expect(item(stall.id)?.missingReason).toContain(`within ${TIMEOUT_MS / 1000} s`);
    const incomplete = item(cut.id);
    expect(incomplete).toMatchObject({ fileStatus: "incomplete", fileBytes: 100 * 1024 });
    expect(incomplete?.missingReason).toContain(`${100 * 1024} of ${1024 * 1024} bytes`);
    expect(entries.find((e) => e.name === incomplete?.file)?.data.length).toBe(100 * 1024);
    expect(item(ok.id)).toMatchObject({ fileStatus: "included" });
  });

  test("one whose bytes stop coming is incomplete, timed out; the zip completes", async () => {
    const { silent } = made;
    const { items } = manifests(await readZip(await stack.call("GET", `/api/renders/zip?ids=${silent.id}`)));
    expect(items[0]).toMatchObject({ id: silent.id, fileStatus: "incomplete" });
    expect(items[0]?.missingReason).toContain(`within ${TIMEOUT_MS / 1000} s after ${100 * 1024} of`);
  });

  /** Reads a body, stopping for longer than the upstream timeout once its first bytes are in. */
  async function readWithPause(response: Response): Promise<Uint8Array> {
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const parts: Uint8Array[] = [];
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      if (parts.length === 0) await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS * 2));
      parts.push(part.value);
    }
    return Buffer.concat(parts);
  }

  test("a client that stops reading for longer than the timeout still gets every byte", async () => {
    const { large } = made;
    const file = await readWithPause(await stack.call("GET", `/api/renders/${large.id}/file`));
    expect(file.byteLength).toBe(LARGE_FILE_BYTES);
    const entries = await zipEntries(
      await readWithPause(await stack.call("GET", `/api/renders/zip?ids=${large.id}`)),
    );
    const { items } = manifests(entries);
    expect(items[0]).toMatchObject({ id: large.id, fileStatus: "included" });
    expect(entries.find((e) => e.name === items[0]?.file)?.data.length).toBe(LARGE_FILE_BYTES);
  });

  test("the single download of one that never answers: 504", async () => {
    const { stall } = made;
    await expectError(await stack.call("GET", `/api/renders/${stall.id}/file`), 504, "upstream_timeout");
  });

  test("a zip the client stops reading stops the upstream fetch", async () => {
    const endlessRender = made.endless;
    const response = await stack.call("GET", `/api/renders/zip?ids=${endlessRender.id}`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let received = 0;
    while (received < 1024 * 1024) received += (await reader.read()).value?.byteLength ?? 0;
    await reader.cancel();
    await endlessClosed;
  });

  test("a single download the browser abandons stops the upstream fetch", async () => {
    const endlessRender = made.endless;
    const leaving = new AbortController();
    const response = await stack.call("GET", `/api/renders/${endlessRender.id}/file`, {
      signal: leaving.signal,
    });
    expect(response.headers.get("content-disposition")).toMatch(/\.mp4"/);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    leaving.abort();
    await endlessClosed;
  });

  test("a redirect within the media origins is followed; one out of them, or without end, is refused", async () => {
    const { movedHere, movedOut, movedForever, notMedia } = made;
    const entries = await readZip(
      await stack.call(
        "GET",
        `/api/renders/zip?ids=${[movedHere, movedOut, movedForever, notMedia].map((r) => r.id).join(",")}`,
      ),
    );
    const { items } = manifests(entries);
    const item = (id: string) => items.find((i) => i.id === id);
    const followed = item(movedHere.id);
    expect(followed).toMatchObject({ fileStatus: "included" });
    expect(entries.find((e) => e.name === followed?.file)?.data.equals(SMALL_FILE)).toBe(true);
    expect(item(movedOut.id)).toMatchObject({ fileStatus: "missing", file: null });
    expect(item(movedOut.id)?.missingReason).toContain(
      `redirects to ${outside.url}, which is not one of the media origins`,
    );
    expect(item(movedForever.id)?.missingReason).toContain("redirects more than 5 times");
    expect(item(notMedia.id)?.missingReason).toContain(
      `is ${outside.url}, which is not one of the media origins`,
    );
    // Refused before any request reached it.
    expect(outsideRequests).toEqual([]);
  });

  test("the single download of an output outside the media origins: 502, and no request made there", async () => {
    const error = await expectError(
      await stack.call("GET", `/api/renders/${made.notMedia.id}/file`),
      502,
      "output_unavailable",
    );
    expect(error.message).toContain("not one of the media origins");
    expect(outsideRequests).toEqual([]);
  });
});
