import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { findVideoModel } from "@/lib/domain/catalogue";
import { expect, test, uniquePrompt } from "./fixtures";
import { RenderFormPage, asset, type FilePayload } from "./pages/render-form.page";

const SEEDANCE = findVideoModel("seedance")!;
const KLING = findVideoModel("kling")!;

/** `count` distinct PNG references (the same picture under other names: a new upload each). */
function pngs(count: number): FilePayload[] {
  const names = ["reference.png", "reference-2.png"];
  return Array.from({ length: count }, (_, i) => ({
    name: `ref-${i + 1}.png`,
    mimeType: "image/png",
    buffer: readFileSync(asset(names[i % names.length] as string)),
  }));
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "laid out").not.toBeNull();
  return found as { x: number; y: number; width: number; height: number };
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The ledger's render started with `prompt`, once the dashboard has it. */
async function startedRender(
  api: { search: (q: string) => Promise<{ id: string; params: Record<string, unknown> }[]> },
  prompt: string,
) {
  await expect.poll(async () => (await api.search(prompt)).length).toBeGreaterThan(0);
  return (await api.search(prompt))[0] as { id: string; params: Record<string, unknown> };
}

async function addImages(form: RenderFormPage, count: number): Promise<Locator> {
  await form.addReferences(pngs(count));
  const images = form.referenceList("Reference images");
  await expect(images.getByRole("listitem")).toHaveCount(count);
  await expect(form.uploads()).toHaveCount(0);
  return images;
}

test.describe("render form: duration and references", () => {
  test("seedance's duration is a slider and a number field on one value, and that value is sent", async ({
    page,
    api,
  }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    const prompt = uniquePrompt("A kite over dunes, long take");
    await form.prompt.fill(prompt);
    await form.chooseKind("Video");
    await form.model.selectOption("seedance");
    const { min, max } = SEEDANCE.duration;

    // The slider spans the model's range and says so at its ends.
    await expect(form.durationSlider).toHaveAttribute("min", String(min));
    await expect(form.durationSlider).toHaveAttribute("max", String(max));
    await expect(form.duration).toHaveAttribute("min", String(min));
    await expect(form.duration).toHaveAttribute("max", String(max));
    await expect(form.form.getByText(`${max} s`, { exact: true })).toBeVisible();

    // The two controls are one value.
    await form.duration.fill(String(min + 20));
    await expect(form.durationSlider).toHaveValue(String(min + 20));
    await expect(form.durationSlider).toHaveAttribute("aria-valuetext", `${min + 20} seconds`);
    await form.durationSlider.focus();
    await page.keyboard.press("End");
    await expect(form.duration).toHaveValue(String(max));
    await page.keyboard.press("Home");
    await expect(form.duration).toHaveValue(String(min));

    // Out of range: the schema's error on the field, nothing sent.
    await form.duration.fill(String(max + 1));
    await form.start.click();
    await expect(form.duration).toHaveAttribute("aria-invalid", "true");
    await expect(form.duration).toHaveAccessibleDescription(
      new RegExp(`Duration must be between ${min} and ${max}`),
    );
    expect(await api.search(prompt)).toEqual([]);

    const chosen = min + 12;
    await form.durationSlider.fill(String(chosen));
    await expect(form.duration).toHaveValue(String(chosen));
    await expect(form.duration).not.toHaveAttribute("aria-invalid", "true");
    await form.startAcceptingCost();
    await expect(page.getByText("Video started")).toBeVisible();
    const render = await startedRender(api, prompt);
    expect(render.params.durationSeconds).toBe(chosen);
  });

  test("a reference the model ignores is marked, kept, and left out of the render", async ({ page, api }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    const prompt = uniquePrompt("Harbour lights, guided");
    await form.prompt.fill(prompt);
    await form.chooseKind("Video");
    await form.model.selectOption("seedance");
    const images = await addImages(form, KLING.maxReferenceImages + 1);
    await form.addReferences({ name: "motion.webm", mimeType: "video/webm", buffer: Buffer.from("webm") });
    const videos = form.referenceList("Reference videos");
    await expect(videos.getByRole("listitem")).toHaveCount(1);
    await expect(form.form.getByText(/Ignored by/)).toHaveCount(0);

    // Seedance Fast takes no videos: marked and explained, not removed, and Start render stays on.
    await form.model.selectOption("seedance-fast");
    await expect(videos.getByRole("listitem")).toContainText("Ignored by Seedance Fast");
    await expect(
      form.form.getByText("Seedance Fast takes no reference videos: it stays here but won't be sent."),
    ).toBeVisible();
    await expect(form.start).toBeEnabled();

    // Kling takes the video again, and only its first images: the one past its cap is marked.
    await form.model.selectOption("kling");
    await expect(videos).not.toContainText("Ignored");
    await expect(images.getByRole("listitem").last()).toContainText("Ignored by Kling");
    await expect(images.getByRole("listitem").first()).toContainText("Start frame");
    await expect(images.getByRole("listitem").first()).not.toContainText("Ignored");
    await form.form
      .getByRole("region", { name: /^References/ })
      .screenshot({ path: "/tmp/render-form-ignored-1440.png" });

    await form.model.selectOption("seedance-fast");
    await form.startAcceptingCost();
    await expect(page.getByText("Video started")).toBeVisible();
    const render = await startedRender(api, prompt);
    expect(render.params.referenceVideoUrls ?? []).toEqual([]);
    const sentImages = await images
      .locator("img")
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).getAttribute("src")));
    expect(render.params.referenceImageUrls).toEqual(sentImages);
    // Still in the form for the next render.
    await expect(videos.getByRole("listitem")).toHaveCount(1);
  });
});

test.describe("render form on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("references stay small, the new card is scrolled to, and no toast covers Start render", async ({
    page,
  }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    const prompt = uniquePrompt("Phone: fog over a pier");
    await form.prompt.fill(prompt);
    const images = await addImages(form, 4);

    // One row of small tiles, each removable with a finger-sized button.
    const tiles = images.getByRole("listitem");
    const rows = new Set<number>();
    for (const tile of await tiles.all()) {
      const b = await box(tile);
      expect(b.width).toBeLessThanOrEqual(64);
      rows.add(Math.round(b.y));
      const remove = await box(tile.getByRole("button", { name: /^Remove / }));
      expect(remove.width).toBeGreaterThanOrEqual(24);
      expect(remove.height).toBeGreaterThanOrEqual(24);
    }
    expect(rows.size).toBe(1);
    // Uploads finish in any order; each file has its tile.
    const titles = await tiles.evaluateAll((items) => items.map((item) => item.getAttribute("title")).sort());
    expect(titles).toEqual(["ref-1.png", "ref-2.png", "ref-3.png", "ref-4.png"]);

    await form.start.scrollIntoViewIfNeeded();
    await form.start.click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Image started" });
    await expect(toast).toBeVisible();

    // The pending card is brought into view (it sits under the form).
    const card = page.locator("[data-render-id]").filter({ hasText: prompt }).first();
    await expect(card).toBeInViewport({ ratio: 0.5 });
    await expectNoOverlap(page, toast, form.start);
    await page.screenshot({ path: "/tmp/render-form-390-after-submit.png" });
  });

  test("a toast keeps clear of Start render at the top of the screen", async ({ page }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    await form.prompt.fill(uniquePrompt("Phone, scrolled: a tram at night"));
    // Start render scrolled up to where a toast from the top would be.
    await form.start.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().top - 40));
    await form.start.click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Image started" });
    await expect(toast).toBeVisible();
    await expectNoOverlap(page, toast, form.start);
    await page.screenshot({ path: "/tmp/render-form-390-toast-scrolled.png" });
  });

  test("with reduced motion the page jumps to the card", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    const form = new RenderFormPage(page);
    await form.goto();
    const prompt = uniquePrompt("Phone, still: a lantern");
    await form.prompt.fill(prompt);
    await form.prompt.press("Control+Enter");
    const card = page.locator("[data-render-id]").filter({ hasText: prompt }).first();
    await expect(card).toBeInViewport({ ratio: 0.5 });
  });
});

/** Neither box covers the other (a box scrolled out of view covers nothing). */
async function expectNoOverlap(page: Page, a: Locator, b: Locator): Promise<void> {
  // Compare once both have stopped moving (the toast slides in, the page may scroll).
  await page.waitForTimeout(600);
  const first = await box(a);
  const second = await box(b);
  expect(overlaps(first, second), JSON.stringify({ toast: first, start: second })).toBe(false);
}

test.describe("render form beside the gallery", () => {
  test("a start does not move the page", async ({ page, api }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    const prompt = uniquePrompt("Desktop: a quiet start");
    await form.prompt.fill(prompt);
    await page.mouse.wheel(0, 600);
    const before = await page.evaluate(() => window.scrollY);
    await form.start.click();
    await expect(page.getByText("Image started")).toBeVisible();
    const render = await startedRender(api, prompt);
    await expect(page.locator(`[data-render-id="${render.id}"]`)).toBeAttached();
    await page.waitForTimeout(600);
    // Not brought up to the card at the gallery's top; the gallery re-flowing around the new card
    // may shorten the page by a few rows' worth, which the browser takes off the scroll position.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 100);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Image started" });
    await expectNoOverlap(page, toast, form.start);
  });

  test("screenshots: seedance with 3 references, phone and desktop", async ({ page }, testInfo) => {
    const form = new RenderFormPage(page);
    await form.goto();
    await form.prompt.fill("Slow dolly along a misty harbour at dawn");
    await form.chooseKind("Video");
    await form.model.selectOption("seedance");
    await form.setDuration(32);
    await addImages(form, 3);
    await page.screenshot({ path: "/tmp/render-form-seedance-1440.png" });
    await page.setViewportSize({ width: 390, height: 844 });
    await form.unfold();
    await form.model.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/render-form-seedance-390-top.png" });
    await form.references.scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/tmp/render-form-seedance-390.png" });
    await page.screenshot({ path: "/tmp/render-form-seedance-390-full.png", fullPage: true });
    // On a phone, Start render is a short scroll below the references, not past a wall of previews.
    const references = await box(form.referenceList("Reference images"));
    const start = await box(form.start);
    expect(start.y + start.height - references.y).toBeLessThan(844);
    testInfo.annotations.push({
      type: "screenshots",
      description: "/tmp/render-form-seedance-{1440,390,390-top}.png",
    });
  });
});
