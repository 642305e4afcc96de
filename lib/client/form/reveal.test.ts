import { describe, expect, it } from "vitest";
import { VISIBLE_ENOUGH, needsReveal, type Box } from "./reveal";

const VIEWPORT = 844;
const box = (left: number, right: number, top: number, height: number): Box => ({
  left,
  right,
  top,
  bottom: top + height,
});

describe("needsReveal", () => {
  // A phone: the gallery is under the form, in the same column.
  const stackedForm = box(16, 374, 80, 900);

  it("reveals a card under the form that is out of sight", () => {
    expect(needsReveal(box(16, 374, stackedForm.bottom + 200, 400), stackedForm, VIEWPORT)).toBe(true);
    // Scrolled past it, too.
    expect(needsReveal(box(16, 374, -600, 400), stackedForm, VIEWPORT)).toBe(true);
  });

  it("leaves a card alone when enough of it is on screen", () => {
    const height = 400;
    const shown = Math.ceil(height * VISIBLE_ENOUGH);
    expect(needsReveal(box(16, 374, VIEWPORT - shown, height), stackedForm, VIEWPORT)).toBe(false);
    expect(needsReveal(box(16, 374, VIEWPORT - shown + 2, height), stackedForm, VIEWPORT)).toBe(true);
    expect(needsReveal(box(16, 374, 100, height), stackedForm, VIEWPORT)).toBe(false);
  });

  it("counts a card taller than the viewport as seen when it fills half the screen", () => {
    const tall = VIEWPORT * 2;
    expect(needsReveal(box(16, 374, VIEWPORT / 2, tall), stackedForm, VIEWPORT)).toBe(false);
    expect(needsReveal(box(16, 374, VIEWPORT - 10, tall), stackedForm, VIEWPORT)).toBe(true);
  });

  it("never moves the page when the gallery is beside the form", () => {
    const sideForm = box(24, 444, 90, 780);
    expect(needsReveal(box(468, 760, 2000, 300), sideForm, 900)).toBe(false);
    expect(needsReveal(box(468, 760, -900, 300), sideForm, 900)).toBe(false);
  });

  it("ignores a card with no size (not laid out yet)", () => {
    expect(needsReveal(box(16, 374, 2000, 0), stackedForm, VIEWPORT)).toBe(false);
  });
});
