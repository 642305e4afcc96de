import { describe, expect, test } from "vitest";
import {
  manifestCsv,
  manifestJson,
  notReadyReason,
  parameterKeys,
  type ManifestRender,
  type ManifestRow,
} from "./manifest";

const render = (over: Partial<ManifestRender> = {}): ManifestRender => ({
  id: "rnd_a",
  kind: "image",
  status: "ready",
  model: "seedream",
  renderModel: "seedream 2K",
  prompt: "a fox",
  params: { kind: "image", prompt: "a fox", imageModel: "seedream", imageCount: 1 },
  member: { id: "mem_1", name: "Ada" },
  creditsCharged: 0,
  creditsRefunded: 0,
  createdAt: "2026-01-02T03:04:05.000Z",
  completedAt: "2026-01-02T03:04:45.000Z",
  outputUrl: "http://cdn.test/media/rnd_a.png",
  errorMessage: null,
  batchId: null,
  variantIndex: 0,
  ...over,
});

/** RFC 4180 reader, to check that what the writer escaped reads back as it was. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && c === '"') {
      quoted = false;
    } else if (quoted) {
      cell += c;
    } else if (c === '"') {
      quoted = true;
    } else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

/** The CSV as records keyed by header. */
function records(csv: string): Record<string, string>[] {
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const [header, ...rows] = parseCsv(csv.slice(1));
  return rows.map((cells) => Object.fromEntries((header ?? []).map((h, i) => [h, cells[i] ?? ""])));
}

const included = (r: ManifestRender, file = `${r.id}.png`): ManifestRow => ({
  render: r,
  outcome: { state: "included", file, bytes: 10 },
});

describe("manifestCsv", () => {
  test("text with quotes, commas, newlines and unicode reads back as written", () => {
    const prompt = 'A "quoted", multi-line\nprompt: 富士山の夕焼け 🦊, crème brûlée';
    const rows = records(manifestCsv([included(render({ prompt, params: { prompt } }))]));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.prompt).toBe(prompt);
  });

  test("a prompt that starts like a formula is led by an apostrophe", () => {
    const rows = records(manifestCsv([included(render({ prompt: "=1+2" }))]));
    expect(rows[0]?.prompt).toBe("'=1+2");
  });

  test("a column for every parameter key found in any row, empty where a row lacks it", () => {
    const image = render({ id: "rnd_i", params: { kind: "image", imageModel: "seedream", imageCount: 2 } });
    const video = render({
      id: "rnd_v",
      kind: "video",
      params: { kind: "video", model: "kling", durationSeconds: 5, negativePrompt: "blur, noise" },
    });
    const input = [included(image), included(video)];
    expect(parameterKeys(input)).toEqual(["durationSeconds", "imageCount", "imageModel", "kind", "model"]);
    const rows = records(manifestCsv(input));
    expect(rows[0]?.["param.imageCount"]).toBe("2");
    expect(rows[0]?.["param.durationSeconds"]).toBe("");
    expect(rows[1]?.["param.durationSeconds"]).toBe("5");
    expect(rows[1]?.negativePrompt).toBe("blur, noise");
    expect(Object.keys(rows[1] ?? {})).not.toContain("param.negativePrompt");
  });

  test("one row per render, with the file or why there is none", () => {
    const rows: ManifestRow[] = [
      included(render({ id: "rnd_ok" }), "2026-ok.png"),
      {
        render: render({ id: "rnd_gone" }),
        outcome: { state: "missing", reason: "the service answered 404" },
      },
      {
        render: render({ id: "rnd_failed", status: "failed", errorMessage: "content policy" }),
        outcome: { state: "not-ready", reason: "failed: content policy" },
      },
      {
        render: render({ id: "rnd_cut" }),
        outcome: { state: "incomplete", file: "cut.png", bytes: 3, reason: "broke off" },
      },
    ];
    const read = records(manifestCsv(rows));
    expect(read.map((r) => [r.id, r.fileStatus, r.file, r.missingReason])).toEqual([
      ["rnd_ok", "included", "2026-ok.png", ""],
      ["rnd_gone", "missing", "", "the service answered 404"],
      ["rnd_failed", "not-ready", "", "failed: content policy"],
      ["rnd_cut", "incomplete", "cut.png", "broke off"],
    ]);
    expect(read[0]).toMatchObject({
      member: "Ada",
      model: "seedream",
      renderModel: "seedream 2K",
      creditsCharged: "0",
      createdAt: "2026-01-02T03:04:05.000Z",
      finishedAt: "2026-01-02T03:04:45.000Z",
      sourceUrl: "http://cdn.test/media/rnd_a.png",
    });
  });

  test("no renders: the header alone", () => {
    const csv = manifestCsv([]);
    expect(parseCsv(csv.slice(1))).toHaveLength(1);
  });
});

describe("manifestJson", () => {
  test("counts, and every entry with its parameters", () => {
    const rows: ManifestRow[] = [
      included(render({ id: "rnd_1" })),
      { render: render({ id: "rnd_2", member: null }), outcome: { state: "missing", reason: "timed out" } },
    ];
    const json = JSON.parse(manifestJson(rows, new Date("2026-02-03T00:00:00Z"))) as {
      generatedAt: string;
      renders: number;
      files: number;
      items: { id: string; member: string | null; params: Record<string, unknown>; missingReason: string }[];
    };
    expect(json).toMatchObject({ generatedAt: "2026-02-03T00:00:00.000Z", renders: 2, files: 1 });
    expect(json.items.map((i) => i.id)).toEqual(["rnd_1", "rnd_2"]);
    expect(json.items[0]?.params).toEqual(rows[0]?.render.params);
    expect(json.items[1]).toMatchObject({ member: null, missingReason: "timed out" });
  });
});

test("notReadyReason", () => {
  expect(notReadyReason({ status: "failed", errorMessage: "boom" })).toBe("failed: boom");
  expect(notReadyReason({ status: "running", errorMessage: null })).toBe("not finished (running)");
});
