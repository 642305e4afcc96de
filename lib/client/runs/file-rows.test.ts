import { describe, expect, test } from "vitest";
import * as contract from "@/lib/contract";
import { RUN_MAX_ROWS } from "@/lib/domain/runs";
import { readRunFile, toRequest } from "./file-rows";

const check = (cells: Record<string, string>) => toRequest(cells, contract);

describe("reading a CSV file", () => {
  test("quoted cells keep their commas, quotes and line breaks", () => {
    const csv = 'prompt,kind\n"a fox, at dusk",image\n"she said ""hello""\nand left",image\n';
    const read = readRunFile("prompts.csv", csv);
    expect(read.error).toBeNull();
    expect(read.rows.map((row) => row.prompt)).toEqual(["a fox, at dusk", 'she said "hello"\nand left']);
  });

  test("columns no render takes are left out and named once; blank lines are skipped", () => {
    const read = readRunFile("a.csv", "prompt,notes, imageCount \nfox,first,2\n\n,,\nowl,second,1\n");
    expect(read.columns).toEqual(["prompt", "imageCount"]);
    expect(read.ignored).toEqual(["notes"]);
    expect(read.rows).toEqual([
      { prompt: "fox", imageCount: "2" },
      { prompt: "owl", imageCount: "1" },
    ]);
  });

  test("a file without a prompt column, without rows or with too many is refused as a whole", () => {
    expect(readRunFile("a.csv", "kind\nimage\n").error).toMatch(/no prompt column/);
    expect(readRunFile("a.csv", "prompt\n").error).toMatch(/no rows/);
    const many = ["prompt", ...Array.from({ length: RUN_MAX_ROWS + 1 }, (_, i) => `p${i}`)].join("\n");
    expect(readRunFile("a.csv", many).error).toMatch(`at most ${RUN_MAX_ROWS}`);
  });
});

describe("reading a JSONL file", () => {
  test("one object a line; numbers, booleans and lists become cell text", () => {
    const jsonl = [
      '{"prompt":"a fox","kind":"video","model":"kling","durationSeconds":5,"generateAudio":true}',
      "",
      '{"prompt":"an owl","referenceImageUrls":["https://a.test/1.png","https://a.test/2.png"],"extra":1}',
    ].join("\n");
    const read = readRunFile("rows.jsonl", jsonl);
    expect(read.error).toBeNull();
    expect(read.ignored).toEqual(["extra"]);
    expect(read.rows[0]).toMatchObject({ durationSeconds: "5", generateAudio: "true" });
    expect(read.rows[1]?.referenceImageUrls).toBe("https://a.test/1.png https://a.test/2.png");
  });

  test("a line that is not an object names its line", () => {
    expect(readRunFile("rows.jsonl", '{"prompt":"ok"}\n[1,2]\n').error).toMatch(/Line 2/);
    expect(readRunFile("rows.jsonl", '{"prompt":"ok"}\n{oops\n').error).toMatch(/Line 2 is not JSON/);
  });
});

describe("a row's render request", () => {
  test("numbers and booleans come from text, and a video model makes a video", () => {
    expect(
      check({
        prompt: "a fox",
        model: "kling",
        durationSeconds: "5",
        generateAudio: "yes",
        resolution: "720p",
      }),
    ).toEqual({
      request: {
        kind: "video",
        prompt: "a fox",
        model: "kling",
        durationSeconds: 5,
        generateAudio: true,
        resolution: "720p",
      },
      issues: [],
    });
  });

  test("on an image row, model and resolution mean the image's own fields", () => {
    const checked = check({ prompt: "an owl", model: "seedream", resolution: "2K", imageCount: "3" });
    expect(checked.request).toMatchObject({
      kind: "image",
      imageModel: "seedream",
      imageResolution: "2K",
      imageCount: 3,
    });
  });

  test("every problem is named by the file's own column, with the form's message", () => {
    const checked = check({ prompt: "a fox", kind: "video", model: "kling", durationSeconds: "30" });
    expect(checked.request).toBeNull();
    expect(checked.issues).toEqual([
      { column: "durationSeconds", message: "durationSeconds must be between 5 and 15 for kling" },
    ]);
    expect(check({ prompt: " " }).issues).toEqual([{ column: "prompt", message: "prompt is required" }]);
    expect(check({ prompt: "x", imageCount: "two" }).issues).toEqual([
      { column: "imageCount", message: "imageCount must be a whole number" },
    ]);
    expect(check({ prompt: "x", kind: "banner" }).issues.map((i) => i.column)).toEqual(["kind"]);
  });
});
