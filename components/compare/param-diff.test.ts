import { describe, expect, it } from "vitest";
import { describeParams, requestParams } from "@/components/render/describe-params";
import { diffParams, differingLabels } from "./param-diff";

const described = (render: Parameters<typeof requestParams>[0]) => describeParams(requestParams(render));

describe("diffParams", () => {
  it("marks only what differs between renders of one model", () => {
    const rows = diffParams([
      described({
        kind: "image",
        model: "seedream",
        params: { imageResolution: "2K", imageAspectRatio: "1:1" },
      }),
      described({
        kind: "image",
        model: "seedream",
        params: { imageResolution: "4K", imageAspectRatio: "1:1" },
      }),
    ]);
    expect(differingLabels(rows)).toEqual(["Resolution"]);
    expect(rows.find((row) => row.label === "Resolution")?.values).toEqual(["2K", "4K"]);
    expect(rows.find((row) => row.label === "Aspect ratio")).toMatchObject({
      values: ["1:1", "1:1"],
      differs: false,
    });
  });

  it("lines up an image's and a video's fields by meaning, and marks fields only one of them has", () => {
    const image = described({ kind: "image", model: "seedream", params: { imageResolution: "2K" } });
    const video = described({
      kind: "video",
      model: "kling",
      params: { resolution: "720p", durationSeconds: 5 },
    });
    const rows = diffParams([image, video]);
    const labels = rows.map((row) => row.label);
    // One row per meaning, however each kind names the field.
    expect(labels.filter((label) => label === "Model")).toHaveLength(1);
    expect(labels.filter((label) => label === "Resolution")).toHaveLength(1);
    const duration = rows.find((row) => row.label === "Duration");
    expect(duration?.values[0]).toBeNull();
    expect(duration?.differs).toBe(true);
    expect(differingLabels(rows)).toEqual(
      expect.arrayContaining(["Kind", "Model", "Resolution", "Duration"]),
    );
  });

  it("compares lists by their contents and keeps the order labels first appear in", () => {
    const refs = (urls: string[]) =>
      described({ kind: "image", model: "seedream", params: { referenceImageUrls: urls } });
    const rows = diffParams([
      [{ key: "prompt", label: "Prompt", value: "a fox" }, ...refs(["https://x/1.png"])],
      [{ key: "prompt", label: "Prompt", value: "a fox" }, ...refs(["https://x/1.png"])],
      [{ key: "prompt", label: "Prompt", value: "a fox" }, ...refs(["https://x/2.png"])],
    ]);
    expect(rows[0]).toMatchObject({ label: "Prompt", differs: false });
    expect(differingLabels(rows)).toEqual(["Reference images"]);
  });

  it("has nothing to mark for a single render or none", () => {
    expect(
      differingLabels(diffParams([described({ kind: "image", model: "seedream", params: {} })])),
    ).toEqual([]);
    expect(diffParams([])).toEqual([]);
  });
});
