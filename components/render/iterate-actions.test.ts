import { describe, expect, test } from "vitest";
import { VIDEO_MODELS } from "@/lib/domain/catalogue";
import { iterateLinks } from "./iterate-actions";

const ready = (kind: "image" | "video") => ({ kind, status: "ready", outputUrl: "https://cdn.example/out" });

describe("a ready video's Use as reference", () => {
  const takers = VIDEO_MODELS.filter((m) => m.maxReferenceVideos > 0);
  const others = VIDEO_MODELS.filter((m) => m.maxReferenceVideos === 0);

  test.each(takers.map((m) => [m.id]))(
    "is offered when the form's model is %s, which takes reference videos",
    (model) => {
      const [reference, ...rest] = iterateLinks(ready("video"), model);
      expect(reference?.action).toBe("reference");
      expect(reference?.unavailable).toBeUndefined();
      expect(rest).toEqual([]);
    },
  );

  test.each(others.map((m) => [m.id, m.label]))(
    "is disabled when the form's model is %s, saying why and which models take one",
    (model, label) => {
      const [reference] = iterateLinks(ready("video"), model);
      expect(reference?.unavailable).toContain(`${label} takes no reference videos`);
      for (const taker of takers) expect(reference?.unavailable).toContain(taker.label);
    },
  );

  test("an image's actions do not depend on the form's video model", () => {
    for (const model of VIDEO_MODELS)
      expect(iterateLinks(ready("image"), model.id).map((l) => [l.action, l.unavailable])).toEqual([
        ["reference", undefined],
        ["animate", undefined],
        ["vary", undefined],
      ]);
  });
});
