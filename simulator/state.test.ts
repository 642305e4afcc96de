/** `stateDir`: the world kept in a folder survives a restart, and a file it cannot use is refused. */
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startSimulator, type RunningSimulator } from "./server";
import { STATE_FILE } from "./state";
import { KEYS, SimClient } from "./test-client";

let stateDir: string;
let running: RunningSimulator | undefined;

beforeEach(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), "sim-state-"));
});

afterEach(async () => {
  await running?.close();
  running = undefined;
  await rm(stateDir, { recursive: true, force: true });
});

/** A simulator on the folder; `port` again after a restart keeps every issued URL valid. */
async function start(port = 0): Promise<SimClient> {
  running = await startSimulator({ port, timeScale: 0.02, stateDir });
  return new SimClient(running.url);
}

async function stop(): Promise<void> {
  await running?.close();
  running = undefined;
}

async function bytesAt(url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

const balance = async (client: SimClient) =>
  (await client.account(KEYS.team1)).body.renderCreditsBalance as number;

const video = (prompt: string) => ({ kind: "video", model: "kling", durationSeconds: 5, prompt });

describe("a simulator with a state folder", () => {
  it("keeps uploads, renders and balances across a restart, and unfinished renders finish after it", async () => {
    let client = await start();
    const port = Number(new URL(client.url).port);
    const sent = new Uint8Array([137, 80, 78, 71, 1, 2, 3, 4, 5]);
    const upload = await client.upload(KEYS.team1, "image", {
      bytes: sent,
      type: "image/png",
      name: "ref.png",
    });
    expect(upload.status).toBe(201);

    const image = await client.createRender(KEYS.team1, {
      kind: "image",
      prompt: "a lighthouse",
      referenceImageUrls: [upload.body.url],
    });
    const finishedVideo = await client.createRender(KEYS.team1, video("a harbour at dusk"));
    await client.waitTerminal([image.body.id, finishedVideo.body.id], 5000);
    const readyImage = (await client.poll(KEYS.team1, image.body.id)).body;
    expect(readyImage.status).toBe("ready");
    const picture = await bytesAt(readyImage.outputUrl);
    expect(picture.status).toBe(200);

    // Created just before the stop: still under way when the simulator goes down.
    const unfinished = await client.createRender(KEYS.team1, video("boats leaving"));
    const failing = await client.createRender(KEYS.team1, video("a storm [fail]"));
    const before = (await client.stats()).renders;
    expect(before.filter((r) => r.terminalAt === null).map((r) => r.id)).toEqual([
      unfinished.body.id,
      failing.body.id,
    ]);
    const balanceAtStop = await balance(client);
    expect(balanceAtStop).toBe(5000 - 3 * 50);
    await stop();

    client = await start(port);
    expect(await bytesAt(upload.body.url)).toEqual({ status: 200, bytes: Buffer.from(sent) });
    const again = (await client.poll(KEYS.team1, image.body.id)).body;
    expect(again).toEqual(readyImage);
    expect(await bytesAt(again.outputUrl)).toEqual(picture);
    expect((await client.poll(KEYS.team1, finishedVideo.body.id)).body.status).toBe("ready");
    // Kept, not reset: as at the stop, or with the refund of `failing` once it has failed. It goes on
    // to fail on its own clock after the start, which on a loaded machine can come before this read.
    expect([balanceAtStop, balanceAtStop + 50]).toContain(await balance(client));
    // The reference is still an upload of this account.
    expect(
      (
        await client.createRender(KEYS.team1, {
          kind: "image",
          prompt: "x",
          referenceImageUrls: [upload.body.url],
        })
      ).status,
    ).toBe(202);

    await client.waitTerminal([unfinished.body.id, failing.body.id], 5000);
    expect((await client.poll(KEYS.team1, unfinished.body.id)).body.status).toBe("ready");
    expect((await client.poll(KEYS.team1, failing.body.id)).body.status).toBe("failed");
    expect(await balance(client)).toBe(balanceAtStop + 50);
    await stop();

    // The failure's refund was paid once, not again on the next start.
    client = await start(port);
    expect(await balance(client)).toBe(balanceAtStop + 50);
  });

  it("starts empty again after a reset", async () => {
    let client = await start();
    const port = Number(new URL(client.url).port);
    const upload = await client.upload(KEYS.team1, "image", { type: "image/png" });
    const render = await client.createRender(KEYS.team1, video("a quiet street"));
    await stop();

    client = await start(port);
    expect((await client.poll(KEYS.team1, render.body.id)).status).toBe(200);
    await client.reset();
    await stop();

    client = await start(port);
    expect((await bytesAt(upload.body.url)).status).toBe(404);
    expect((await client.poll(KEYS.team1, render.body.id)).status).toBe(404);
    expect(await balance(client)).toBe(5000);
  });

  it("refuses a state file of a newer format and leaves it as it is", async () => {
    const file = path.join(stateDir, STATE_FILE);
    const newer = JSON.stringify({ format: "render-simulator-state", version: 2, renders: [] });
    await writeFile(file, newer);
    await expect(startSimulator({ port: 0, stateDir })).rejects.toThrow(
      `The simulator state ${file} has format version 2, newer than this simulator reads (1); ` +
        "run the newer simulator, or move the folder aside (or delete it) to start with an empty simulator",
    );
    expect(await readFile(file, "utf8")).toBe(newer);
  });

  it("refuses a state file it cannot read and leaves it as it is", async () => {
    const file = path.join(stateDir, STATE_FILE);
    await writeFile(file, '{"format": "render-simulator-state", "vers');
    await expect(startSimulator({ port: 0, stateDir })).rejects.toThrow(
      /is not valid JSON .*to start with an empty simulator/,
    );
    await writeFile(file, '{"format": "render-simulator-state", "version": 1}');
    await expect(startSimulator({ port: 0, stateDir })).rejects.toThrow(
      /is not a state file this simulator reads \(settledAt: /,
    );
    expect(await readFile(file, "utf8")).toBe('{"format": "render-simulator-state", "version": 1}');
  });
});
