/**
 * Seeds a ledger with finished renders through the ledger's own functions (the create flow's
 * beginRequest and completeRequest, then the scheduler's updateRender), so every row has exactly
 * the shape the dashboard writes, and loads them from the snapshot the benchmark built, so the
 * schema and migrations are those of the server that will read the file.
 *
 * Usage: node --conditions=react-server --import tsx bench/history-seed.ts <ledger file> <renders>
 *
 * Server modules start with `import "server-only"`, which throws outside a React Server bundle;
 * under the `react-server` condition it resolves to the empty module Next itself uses there.
 * The data is drawn from a seeded generator, so every run seeds the same history.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import type { RenderRequest } from "@/lib/domain/render-request";
import { SEARCH_WORD } from "./history";
import { BUILD_DIR } from "./servers";

type DbModule = typeof import("@/lib/server/db/database");
type RendersModule = typeof import("@/lib/server/ledger/renders");
type PollingModule = typeof import("@/lib/server/ledger/polling");
type RenderRequestModule = typeof import("@/lib/domain/render-request");

const WORDS = (
  "harbour dawn desert road forest river portrait neon city night rain snow mountain studio product " +
  "bottle sneaker coffee kitchen garden robot dragon castle ocean wave sunset skyline market street " +
  "vintage film grain cinematic drone aerial macro flower glass metal paper watercolour sketch poster"
).split(" ");
const IMAGE_MODELS = ["seedream", "nano-banana", "nano-banana-pro", "gpt-image-2"] as const;
const VIDEOS = [
  { model: "kling", resolution: "720p", durationSeconds: 5, credits: 50 },
  { model: "kling", resolution: "1080p", durationSeconds: 10, credits: 140 },
  { model: "seedance", resolution: "480p", durationSeconds: 30, credits: 180 },
  { model: "seedance-fast", resolution: "720p", durationSeconds: 10, credits: 60 },
  { model: "veo-3.1-fast", resolution: "720p", durationSeconds: 4, credits: 60 },
  { model: "veo-3.1-lite", resolution: "1080p", durationSeconds: 8, credits: 96 },
] as const;

/** mulberry32: small, fast and deterministic. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const id = (prefix: string) =>
    `${prefix}_${Array.from({ length: 16 }, () => pick([..."abcdefghijklmnopqrstuvwxyz0123456789"])).join("")}`;
  return { next, pick, id };
}

function prompt(random: ReturnType<typeof generator>): string {
  const words = Array.from({ length: 5 + Math.floor(random.next() * 5) }, () => random.pick(WORDS));
  if (random.next() < 0.01) words.splice(2, 0, SEARCH_WORD);
  return words.join(" ");
}

function request(random: ReturnType<typeof generator>): {
  request: RenderRequest;
  credits: number;
  count: number;
} {
  if (random.next() < 0.55) {
    const count = random.next() < 0.2 ? 2 + Math.floor(random.next() * 3) : 1;
    return {
      request: {
        kind: "image",
        prompt: prompt(random),
        imageModel: random.pick(IMAGE_MODELS),
        imageCount: count,
      },
      credits: 0,
      count,
    };
  }
  const { credits, ...video } = random.pick(VIDEOS);
  return { request: { kind: "video", prompt: prompt(random), ...video }, credits, count: 1 };
}

async function seed(file: string, renders: number): Promise<void> {
  const lib = async <T>(module: string) =>
    (await import(pathToFileURL(path.join(BUILD_DIR, "lib", module)).href)) as T;
  const { getDb, closeDb } = await lib<DbModule>("server/db/database.ts");
  const { beginRequest, completeRequest } = await lib<RendersModule>("server/ledger/renders.ts");
  const { requestedModel } = await lib<RenderRequestModule>("domain/render-request.ts");
  const { markFinished } = await lib<PollingModule>("server/ledger/polling.ts");
  const url = `file:${file}`;
  const db = await getDb(url);
  // A throwaway file: durability per statement would only make seeding slow.
  await sql`PRAGMA synchronous = OFF`.execute(db);

  const random = generator(20_260_101);
  let made = 0;
  while (made < renders) {
    const { request: body, credits, count } = request(random);
    const variants = Math.min(count, renders - made);
    const renderRequest = variants === count ? body : { ...body, imageCount: variants };
    const intent = {
      id: random.id("req"),
      idempotencyKey: null,
      bodyHash: random.id("hash"),
      request: renderRequest,
      timingKey: `${body.kind}:${requestedModel(body)}`,
      expectedSeconds: 30,
      // Made by no signed-in member, as on a dashboard without sign-in.
      madeBy: null,
      // Completed at once below, so no process needs to own it.
      owner: null,
    };
    const row = await beginRequest(db, intent);
    const ids = Array.from({ length: variants }, () => random.id("rnd"));
    await completeRequest(
      db,
      row.id,
      {
        id: ids[0] ?? "",
        ids,
        batchId: variants > 1 ? random.id("batch") : null,
        kind: body.kind,
        status: "pending",
        renderModel: requestedModel(body),
        creditsCharged: credits,
      },
      Date.now(),
    );
    for (const id of ids) {
      const failed = random.next() < 0.12;
      const now = new Date().toISOString();
      await markFinished(
        db,
        id,
        {
          status: failed ? "failed" : "ready",
          renderModel: requestedModel(body),
          outputUrl: failed ? null : `https://media.example/${id}.${body.kind === "image" ? "png" : "webm"}`,
          errorMessage: failed ? "The render failed." : null,
          creditsRefunded: failed ? credits : 0,
          chain: null,
          upstreamCreatedAt: now,
          upstreamUpdatedAt: now,
          expectedSeconds: 30,
        },
        Date.now(),
      );
    }
    made += variants;
  }
  // Everything into the main file: the benchmark copies that file alone.
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  await closeDb(url);
}

const [file, count] = process.argv.slice(2);
if (!file || !count) throw new Error("usage: history-seed.ts <ledger file> <renders>");
await seed(path.resolve(file), Number(count));
