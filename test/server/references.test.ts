/**
 * A render's output made a reference, against the real simulator over HTTP and a real ledger: copied
 * to the service's upload endpoint once per output, again only when the service has lost the copy,
 * fetched only from the media origins, and refused with the one error shape when it cannot be had.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LedgerRender, LedgerUpload, OutputCopy } from "@/lib/contract";
import { errorBodySchema } from "@/lib/contract/error-body";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { getDb } from "@/lib/server/db/database";
import { markFinished } from "@/lib/server/ledger/polling";
import { startStack, waitFor, type Stack } from "@/test/server-stack";
import { zipEntries } from "@/test/zip-entries";

let stack: Stack;
let renders: LedgerRender[] = [];
const byPrompt = (prompt: string) => {
  const found = renders.find((r) => r.prompt === prompt);
  if (!found) throw new Error(`no render for ${prompt}`);
  return found;
};

const IMAGE = "a lighthouse at dawn";
const VIDEO = "waves at dusk";
const GONE = "an output the service no longer serves";
const FAILED = "[fail] a render that fails";
const ELSEWHERE = "an output pointed at another origin";

beforeAll(async () => {
  stack = await startStack({ timeScale: 0.01 });
  const requests = [
    { kind: "image", prompt: IMAGE },
    { kind: "video", prompt: VIDEO, model: "kling", durationSeconds: 5 },
    { kind: "image", prompt: GONE },
    { kind: "image", prompt: FAILED },
    { kind: "image", prompt: ELSEWHERE },
  ];
  for (const json of requests) expect((await stack.call("POST", "/api/renders", { json })).status).toBe(202);
  renders = await waitFor(async () => {
    const { body } = await stack.callJson<{ items: LedgerRender[] }>("GET", "/api/renders?limit=100");
    return body.items.length === requests.length && body.items.every((r) => isFinalLedgerStatus(r.status))
      ? body.items
      : undefined;
  }, 30_000);
});
afterAll(async () => {
  await stack.close();
});

const copy = (id: string) => stack.callJson<OutputCopy>("POST", `/api/renders/${id}/reference`);
const uploadsStored = async () => (await stack.simStats()).uploads.total;
const library = async () =>
  (await stack.callJson<{ items: LedgerUpload[] }>("GET", "/api/uploads?limit=100")).body.items;

describe("POST /api/renders/{id}/reference", () => {
  test("copies an image's output once: a second use answers the same upload", async () => {
    const image = byPrompt(IMAGE);
    const before = await uploadsStored();
    const first = await copy(image.id);
    expect(first.status).toBe(200);
    expect(first.body.copied).toBe(true);
    expect(first.body.upload.kind).toBe("image");
    // The whole output, byte for byte as the media origin serves it.
    const output = new Uint8Array(await (await fetch(image.outputUrl as string)).arrayBuffer());
    expect(first.body.upload.bytes).toBe(output.byteLength);
    const stored = new Uint8Array(await (await fetch(first.body.upload.url)).arrayBuffer());
    expect(Buffer.from(stored).equals(Buffer.from(output))).toBe(true);

    const second = await copy(image.id);
    expect(second.body).toEqual({ upload: first.body.upload, copied: false });
    expect(await uploadsStored()).toBe(before + 1);
    // The copy is in the reference library like any upload.
    expect((await library()).map((u) => u.url)).toContain(first.body.upload.url);
  });

  test("a video's output becomes a video upload that a render may name as its reference video", async () => {
    const video = byPrompt(VIDEO);
    const { status, body } = await copy(video.id);
    expect(status).toBe(200);
    expect(body.upload.kind).toBe("video");
    const created = await stack.call("POST", "/api/renders", {
      json: { kind: "video", prompt: "more waves", model: "kling", referenceVideoUrls: [body.upload.url] },
    });
    expect(created.status).toBe(202);
  });

  test("copies again when the service no longer serves the earlier copy", async () => {
    const image = byPrompt(IMAGE);
    const earlier = (await copy(image.id)).body.upload;
    const uploadId = new URL(earlier.url).pathname.split("/")[2];
    const dropped = await fetch(`${stack.simulator.url}/__sim/uploads/${uploadId}`, { method: "DELETE" });
    expect(dropped.status).toBe(200);
    const before = await uploadsStored();

    const again = await copy(image.id);
    expect(again.body.copied).toBe(true);
    expect(again.body.upload.url).not.toBe(earlier.url);
    expect(await uploadsStored()).toBe(before + 1);
    // And the new copy is the one taken from then on.
    expect((await copy(image.id)).body).toEqual({ upload: again.body.upload, copied: false });
  });

  test("two uses at once copy the output once", async () => {
    const video = byPrompt(VIDEO);
    const uploadId = new URL((await copy(video.id)).body.upload.url).pathname.split("/")[2];
    await fetch(`${stack.simulator.url}/__sim/uploads/${uploadId}`, { method: "DELETE" });
    const before = await uploadsStored();
    const [a, b] = await Promise.all([copy(video.id), copy(video.id)]);
    expect(a.body.upload.url).toBe(b.body.upload.url);
    expect(await uploadsStored()).toBe(before + 1);
  });

  test("an output the service no longer serves: a clear error, nothing copied or recorded", async () => {
    const gone = byPrompt(GONE);
    await fetch(`${stack.simulator.url}/__sim/media/${gone.id}`, { method: "DELETE" });
    const before = { stored: await uploadsStored(), library: (await library()).length };
    const { status, body } = await copy(gone.id);
    expect(status).toBe(502);
    const error = errorBodySchema.parse(body).error;
    expect(error.code).toBe("output_unavailable");
    expect(error.message).toContain("no longer has this render's output");
    expect(await uploadsStored()).toBe(before.stored);
    expect((await library()).length).toBe(before.library);
  });

  test("an output outside the media origins is refused before any request is made to it", async () => {
    const target = byPrompt(ELSEWHERE);
    const requested: string[] = [];
    const { createServer } = await import("node:http");
    const outside = createServer((req, res) => {
      requested.push(req.url ?? "");
      res.writeHead(200, { "content-type": "image/png" }).end(Buffer.alloc(100, 1));
    });
    await new Promise<void>((resolve) => outside.listen(0, "127.0.0.1", resolve));
    const port = (outside.address() as { port: number }).port;
    try {
      const now = Date.now();
      await markFinished(
        await getDb(),
        target.id,
        {
          status: "ready",
          renderModel: target.renderModel ?? "seedream",
          outputUrl: `http://127.0.0.1:${port}/elsewhere.png`,
          errorMessage: null,
          creditsRefunded: 0,
          chain: null,
          upstreamCreatedAt: new Date(now).toISOString(),
          upstreamUpdatedAt: new Date(now).toISOString(),
          expectedSeconds: 1,
        },
        now,
      );
      const before = await uploadsStored();
      const { status, body } = await copy(target.id);
      expect(status).toBe(502);
      expect(errorBodySchema.parse(body).error.message).toContain("MEDIA_ORIGINS");
      expect(requested).toEqual([]);
      expect(await uploadsStored()).toBe(before);
    } finally {
      outside.close();
    }
  });

  test("a render without an output is refused (409 render_not_ready); an unknown id is 404", async () => {
    const failed = await copy(byPrompt(FAILED).id);
    expect(failed.status).toBe(409);
    expect(errorBodySchema.parse(failed.body).error.code).toBe("render_not_ready");
    const unknown = await copy("rnd_doesnotexist");
    expect(unknown.status).toBe(404);
  });
});

const getRender = async (id: string) =>
  (await stack.callJson<LedgerRender>("GET", `/api/renders/${id}`)).body;
const createBody = (json: unknown) =>
  stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", { json });

describe("renders named by id: referenceRenderIds and parentIds", () => {
  test("a video made from an image: its start frame is the image's copy, and the family is recorded both ways", async () => {
    const image = byPrompt(IMAGE);
    const copyUrl = (await copy(image.id)).body.upload.url;
    const before = await uploadsStored();
    const created = await createBody({
      kind: "video",
      prompt: "the lighthouse, slowly",
      model: "kling",
      durationSeconds: 5,
      referenceRenderIds: [image.id],
    });
    expect(created.status).toBe(202);
    const child = created.body.renders[0] as LedgerRender;
    // The copy made earlier is taken again, and names the start frame at the service.
    expect(await uploadsStored()).toBe(before);
    const atService = (await stack.simStats()).renders.at(-1);
    expect(atService?.referenceImageUrlsUsed[0]).toBe(copyUrl);
    expect(child.params.referenceImageUrls).toEqual([copyUrl]);
    expect(child.params).not.toHaveProperty("referenceRenderIds");

    expect((await getRender(child.id)).parentIds).toEqual([image.id]);
    expect((await getRender(image.id)).childIds).toContain(child.id);
    const listed = await stack.callJson<{ items: LedgerRender[] }>("GET", `/api/renders?ids=${child.id}`);
    expect(listed.body.items[0]?.parentIds).toEqual([image.id]);

    // The zip's manifests name the parents too.
    const zip = await stack.call("POST", "/api/renders/zip", { json: { ids: [child.id] } });
    const entries = await zipEntries(new Uint8Array(await zip.arrayBuffer()));
    const manifest = JSON.parse(
      entries.find((e) => e.name === "manifest.json")?.data.toString("utf8") ?? "",
    ) as { items: { id: string; parentIds: string[] }[] };
    expect(manifest.items[0]?.parentIds).toEqual([image.id]);
    const csv = entries.find((e) => e.name === "manifest.csv")?.data.toString("utf8") ?? "";
    expect(csv.split("\n")[0]).toContain("parentIds");
    expect(csv).toContain(image.id);
  });

  test("a render naming a copy's URL, and one reusing settings, have their parents too", async () => {
    const image = byPrompt(IMAGE);
    const video = byPrompt(VIDEO);
    const copyUrl = (await copy(image.id)).body.upload.url;
    const created = await createBody({
      kind: "image",
      prompt: "a lighthouse at night",
      referenceImageUrls: [copyUrl],
      parentIds: [video.id],
    });
    expect(created.status).toBe(202);
    const child = created.body.renders[0] as LedgerRender;
    expect(new Set((await getRender(child.id)).parentIds)).toEqual(new Set([image.id, video.id]));
  });

  test("the family answers every generation, up and down, from any of them", async () => {
    const image = byPrompt(IMAGE);
    const made = async (json: Record<string, unknown>) => {
      const created = await createBody(json);
      expect(created.status).toBe(202);
      const id = (created.body.renders[0] as LedgerRender).id;
      return waitFor(async () => {
        const render = await getRender(id);
        return render.status === "ready" ? render : undefined;
      }, 30_000);
    };
    const child = await made({ kind: "image", prompt: "second generation", referenceRenderIds: [image.id] });
    const grandchild = await made({ kind: "image", prompt: "third generation", parentIds: [child.id] });
    for (const from of [image.id, grandchild.id]) {
      const { status, body } = await stack.callJson<{ renders: LedgerRender[] }>(
        "GET",
        `/api/renders/${from}/family`,
      );
      expect(status).toBe(200);
      const ids = body.renders.map((r) => r.id);
      expect(ids).toEqual(expect.arrayContaining([image.id, child.id, grandchild.id]));
      expect(body.renders.find((r) => r.id === grandchild.id)?.parentIds).toEqual([child.id]);
    }
    expect((await stack.call("GET", "/api/renders/rnd_unknown/family")).status).toBe(404);
  });

  test("Stack versions: one card per family, its newest render or its approved one, with its count", async () => {
    const image = byPrompt(IMAGE);
    const list = async (query: string) =>
      (await stack.callJson<{ items: LedgerRender[] }>("GET", `/api/renders?${query}&limit=100`)).body.items;
    // The versions a card holds, in the order they were made: the image first, its descendants after.
    const versions = await list(`family=${image.id}&sort=oldest`);
    expect(versions[0]?.id).toBe(image.id);
    expect(versions.length).toBeGreaterThanOrEqual(3);
    expect(new Set(versions.map((r) => r.familyId))).toEqual(new Set([image.id]));

    const cards = await list("stack=true");
    const families = cards.map((card) => card.familyId);
    expect(new Set(families).size).toBe(families.length);
    const card = cards.find((c) => c.familyId === image.id);
    expect(card?.id).toBe(versions.at(-1)?.id);
    expect(card?.versions).toBe(versions.length);
    // A render of no family but its own is its own card, of one version.
    expect(cards.find((c) => c.id === byPrompt(GONE).id)?.versions).toBe(1);

    // An approved version stands for its family, however many came after it.
    const approved = await stack.callJson("PUT", `/api/renders/${image.id}/review`, {
      json: { decision: "approve" },
    });
    expect(approved.status).toBe(200);
    expect((await list("stack=true")).find((c) => c.familyId === image.id)?.id).toBe(image.id);
  });

  test.each([
    [
      "an unknown render",
      () => ({ kind: "image", prompt: "x", referenceRenderIds: ["rnd_unknown"] }),
      "referenceRenderIds",
    ],
    [
      "a render without an output",
      () => ({ kind: "image", prompt: "x", referenceRenderIds: [byPrompt(FAILED).id] }),
      "referenceRenderIds",
    ],
    [
      "a video for an image render",
      () => ({ kind: "image", prompt: "x", referenceRenderIds: [byPrompt(VIDEO).id] }),
      "referenceRenderIds",
    ],
    [
      "a video for a model that takes no reference videos",
      () => ({
        kind: "video",
        prompt: "x",
        model: "veo-3.1",
        durationSeconds: 4,
        referenceRenderIds: [byPrompt(VIDEO).id],
      }),
      "referenceRenderIds",
    ],
    ["an unknown parent", () => ({ kind: "image", prompt: "x", parentIds: ["rnd_unknown"] }), "parentIds"],
  ])("%s is refused (422 naming the field): nothing copied or sent", async (_, body, field) => {
    const before = await stack.simStats();
    const { status, body: answer } = await stack.callJson("POST", "/api/renders", { json: body() });
    expect(status).toBe(422);
    expect(errorBodySchema.parse(answer).error.field).toBe(field);
    const after = await stack.simStats();
    expect(after.uploads.total).toBe(before.uploads.total);
    expect(after.creates.total).toBe(before.creates.total);
  });
});
