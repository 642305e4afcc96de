import { describe, expect, test } from "vitest";
import { activeGroups, type ShortcutGroup } from "./shortcuts";

const group = (title: string, extra: Partial<ShortcutGroup> = {}): ShortcutGroup => ({
  title,
  shortcuts: [{ key: title[0] ?? "k", description: title, run: () => undefined }],
  ...extra,
});

describe("activeGroups", () => {
  test("without a modal group every group is live", () => {
    const all = [group("Gallery"), group("Review")];
    expect(activeGroups(all)).toEqual(all);
  });

  test("a modal group hides the groups beneath it", () => {
    const gallery = group("Gallery");
    const viewer = group("Viewer", { modal: true });
    expect(activeGroups([gallery, viewer])).toEqual([viewer]);
  });

  test("a group added inside the modal part stays live, even when it registered first", () => {
    // Effects run children first: the review's keys, inside the viewer, register before the viewer's.
    const gallery = group("Gallery");
    const review = group("Review", { within: "Viewer" });
    const viewer = group("Viewer", { modal: true });
    expect(activeGroups([gallery, review, viewer])).toEqual([review, viewer]);
  });

  test("a group inside another modal part is hidden by the top one", () => {
    const review = group("Review", { within: "Viewer" });
    const viewer = group("Viewer", { modal: true });
    const dialog = group("Dialog", { modal: true });
    expect(activeGroups([review, viewer, dialog])).toEqual([dialog]);
  });
});
