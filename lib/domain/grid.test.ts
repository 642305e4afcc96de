import { describe, expect, it } from "vitest";
import { axisChoices, buildGrid, withVariableAxes, whyLeftOut, type GridAxis } from "./grid";
import { parsePromptTemplate } from "./prompt-variables";
import type { RenderRequest } from "./render-request";

const image: RenderRequest = { kind: "image", prompt: "a fox", imageModel: "seedream", imageCount: 1 };
const video: RenderRequest = { kind: "video", prompt: "a harbour", model: "kling", durationSeconds: 5 };

describe("buildGrid", () => {
  it("makes one request per cell, X across and Y down, each with its cell's values", () => {
    const axes: GridAxis[] = [
      { key: "model", values: ["seedream", "nano-banana"] },
      { key: "aspectRatio", values: ["9:16", "1:1", "16:9"] },
    ];
    const plan = buildGrid(image, axes);
    expect(plan.problem).toBeNull();
    expect(plan.renders).toBe(6);
    expect(plan.columns).toBe(2);
    expect(plan.rows.map((r) => [r.x, r.y])).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [0, 2],
      [1, 2],
    ]);
    const last = plan.rows[5]?.request;
    expect(last?.kind === "image" && [last.imageModel, last.imageAspectRatio]).toEqual([
      "nano-banana",
      "16:9",
    ]);
  });

  it("multiplies the prompt's variables inside each cell, or sets one on its axis", () => {
    const seeds: GridAxis = { key: "seed", values: ["1", "2", "3"] };
    const inside = buildGrid({ ...image, prompt: "{a|b} fox" }, [seeds]);
    expect(inside.rows.map((r) => r.request.prompt)).toEqual([
      "a fox",
      "b fox",
      "a fox",
      "b fox",
      "a fox",
      "b fox",
    ]);
    const variables = parsePromptTemplate("{a|b} fox");
    const axes = withVariableAxes([seeds], variables.ok ? variables.variables : []);
    expect(axes[1]).toEqual({ key: "variable", variable: 0, values: ["a", "b"] });
    const named = withVariableAxes(
      [{ key: "variable", variable: 0, values: [] }],
      variables.ok ? variables.variables : [],
    );
    expect(named).toEqual([{ key: "variable", variable: 0, values: ["a", "b"] }]);
    expect(withVariableAxes([{ key: "variable", variable: 3, values: [] }, seeds], [])).toEqual([seeds]);
    const onAxis = buildGrid({ ...image, prompt: "{a|b} fox" }, axes);
    expect(onAxis.renders).toBe(6);
    expect(onAxis.cells.map((c) => c.requests.map((r) => r.prompt))).toEqual([
      ["a fox"],
      ["a fox"],
      ["a fox"],
      ["b fox"],
      ["b fox"],
      ["b fox"],
    ]);
  });

  it("leaves out a cell whose model cannot take its value, and says why", () => {
    const plan = buildGrid(video, [
      { key: "model", values: ["kling", "seedance-fast"] },
      { key: "resolution", values: ["720p", "1080p"] },
    ]);
    expect(plan.renders).toBe(3);
    const leftOut = plan.cells.filter((c) => c.leftOut);
    expect(leftOut).toEqual([{ x: 1, y: 1, requests: [], leftOut: "Seedance Fast takes no 1080p" }]);
    expect(plan.problem).toBeNull();
  });

  it("leaves out a duration a model cannot take", () => {
    const plan = buildGrid(video, [
      { key: "model", values: ["kling", "veo-3.1"] },
      { key: "duration", values: ["5", "10"] },
    ]);
    expect(plan.cells.filter((c) => c.leftOut).map((c) => [c.x, c.y, c.leftOut])).toEqual([
      [1, 1, "Veo 3.1 takes 4 to 8 s, not 10 s"],
    ]);
  });

  it("drops a quality kept for gpt-image-2 on a model that takes none, but a quality axis leaves that cell out", () => {
    const base: RenderRequest = { ...image, imageModel: "gpt-image-2", imageQuality: "high" };
    const models = buildGrid(base, [{ key: "model", values: ["gpt-image-2", "seedream"] }]);
    expect(models.cells.every((c) => c.leftOut === null)).toBe(true);
    expect(models.rows[1]?.request).not.toHaveProperty("imageQuality");
    const both = buildGrid(base, [
      { key: "model", values: ["gpt-image-2", "seedream"] },
      { key: "quality", values: ["low", "high"] },
    ]);
    expect(both.cells.filter((c) => c.leftOut).map((c) => c.x)).toEqual([1, 1]);
  });

  it("counts an image row's variants and refuses more than 100 renders", () => {
    const seeds = { key: "seed", values: Array.from({ length: 10 }, (_, i) => String(i + 1)) } as const;
    const fine = buildGrid(
      { ...image, imageCount: 1, prompt: "{" + "abcdefghij".split("").join("|") + "}" },
      [seeds],
    );
    expect(fine.renders).toBe(100);
    expect(fine.problem).toBeNull();
    const over = buildGrid({ ...image, imageCount: 2, prompt: "{a|b|c|d|e|f}" }, [
      { key: "seed", values: [...seeds.values] },
    ]);
    expect(over.renders).toBe(120);
    expect(over.problem).toMatch(/makes 120 renders; at most 100/);
  });

  it("passes on a prompt it cannot read", () => {
    expect(buildGrid({ ...image, prompt: "{a|{b}}" }, []).problem).toMatch(/nested/);
  });

  it("with no axis and no variable, is the one request", () => {
    const plan = buildGrid(image, []);
    expect(plan.rows).toEqual([{ request: image, x: 0, y: 0 }]);
  });
});

describe("axisChoices", () => {
  it("offers what the models in play take", () => {
    expect(axisChoices("video", "resolution", ["seedance-fast"])).toEqual(["720p"]);
    expect(axisChoices("video", "resolution", ["seedance-fast", "veo-3.1-lite"])).toEqual(["720p", "1080p"]);
    expect(axisChoices("video", "duration", ["veo-3.1"])).toEqual(["4", "6", "8"]);
    expect(axisChoices("image", "quality", ["seedream"])).toEqual([]);
    expect(axisChoices("image", "quality", ["seedream", "gpt-image-2"])).toEqual(["low", "medium", "high"]);
  });
});

describe("whyLeftOut", () => {
  it("says nothing of a request its model takes", () => {
    expect(whyLeftOut(video)).toBeNull();
    expect(whyLeftOut({ ...video, model: "seedance-fast", referenceVideoUrls: ["https://x/u"] })).toBe(
      "Seedance Fast takes no reference videos",
    );
  });
});
