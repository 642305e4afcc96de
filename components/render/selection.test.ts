import { describe, expect, it, vi } from "vitest";
import { createSelection } from "./selection";

const ORDER = ["a", "b", "c", "d", "e"];

function selection() {
  const store = createSelection();
  store.setOrder(ORDER);
  return store;
}

describe("the gallery's selection", () => {
  it("ticks and unticks one render, keeping the order they were ticked in", () => {
    const store = selection();
    store.toggle("c");
    store.toggle("a");
    expect(store.ids()).toEqual(["c", "a"]);
    expect(store.has("a")).toBe(true);
    store.toggle("c");
    expect(store.ids()).toEqual(["a"]);
  });

  it("shift-click ticks every render between the last one touched and this one, either way", () => {
    const store = selection();
    store.toggle("b");
    store.toggle("d", { range: true });
    expect([...store.ids()].sort()).toEqual(["b", "c", "d"]);
    const backwards = selection();
    backwards.toggle("e");
    backwards.toggle("c", { range: true });
    expect([...backwards.ids()].sort()).toEqual(["c", "d", "e"]);
  });

  it("shift-click on a ticked render unticks the range", () => {
    const store = selection();
    store.toggle("a");
    store.toggle("e", { range: true });
    store.toggle("b");
    store.toggle("d", { range: true });
    expect(store.ids()).toEqual(["a", "e"]);
  });

  it("a range with no anchor, or outside the current order, is the one render", () => {
    const store = selection();
    store.toggle("c", { range: true });
    expect(store.ids()).toEqual(["c"]);
    store.toggle("zz", { range: true });
    expect(store.ids()).toEqual(["c", "zz"]);
  });

  it("tells subscribers of each change and keeps the same array while nothing changes", () => {
    const store = selection();
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    const before = store.ids();
    store.clear();
    expect(listener).not.toHaveBeenCalled();
    expect(store.ids()).toBe(before);
    store.add("a");
    store.add("a");
    expect(listener).toHaveBeenCalledTimes(1);
    store.clear();
    expect(store.ids()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    store.add("b");
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
