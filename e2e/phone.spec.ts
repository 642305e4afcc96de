/**
 * At a phone's size (390 × 844): the header is one row with a menu, the gallery is in view under the
 * folded form, and wide tables scroll inside a labelled frame that shows there is more, never the page.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test, uniquePrompt } from "./fixtures";
import { RunsPage } from "./pages/runs.page";

const PHONE = { width: 390, height: 844 };
const CSV = path.join(import.meta.dirname, "assets", "batch-20-rows.csv");

test.use({ viewport: PHONE });

/** How far the page itself scrolls sideways: nothing may spill past the screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("the header is one row; its menu opens, closes on Escape and reaches a page", async ({
  page,
  gallery,
}) => {
  await gallery.goto();
  const header = page.getByRole("banner");
  const menu = header.getByRole("button", { name: "Menu" });
  const nav = header.getByRole("navigation", { name: "Main" });
  expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64);
  await expect(nav).toBeHidden();

  // From the keyboard: open, Tab into the menu, Escape closes it and gives the focus back.
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(nav).toBeVisible();
  await expect(gallery.account).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();

  // A tap opens it; a link in it goes to its page, and the menu closes behind it.
  await menu.click();
  await nav.getByRole("link", { name: "Usage" }).click();
  await expect(page).toHaveURL(/\/usage$/);
  await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
  await expect(nav).toBeHidden();
  expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64);
});

test("the newest render is in view under the folded form, which opens in one tap", async ({
  page,
  gallery,
  api,
}) => {
  const prompt = uniquePrompt("Phone: a lighthouse");
  await api.settled((await api.createRender({ kind: "image", prompt })).id);
  await gallery.goto();
  await expect(gallery.card(prompt)).toBeInViewport();
  const form = page.getByRole("form", { name: "New render" });
  // Found while hidden too, so "hidden" cannot pass for want of the field.
  const promptField = form.getByRole("combobox", { name: "Prompt", includeHidden: true });
  await expect(promptField).toBeAttached();
  await expect(promptField).toBeHidden();
  await form.getByRole("button", { name: "New render" }).click();
  await expect(promptField).toBeVisible();
  await expect(form.getByRole("button", { name: "New render" })).toHaveAttribute("aria-expanded", "true");
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

test("wide tables scroll inside a labelled frame with a shadow at the edge, not the page", async ({
  page,
  api,
}) => {
  await api.settled((await api.createRender({ kind: "image", prompt: uniquePrompt("Phone: usage") })).id);
  const runs = new RunsPage(page);
  const tables: [string, string, () => Promise<void>][] = [
    ["Rates", "Rate card", () => page.goto("/rates").then(() => undefined)],
    ["Usage", "Spend by model", () => page.goto("/usage").then(() => undefined)],
    [
      "Batch preview",
      "Rows of the file",
      async () => {
        await runs.gotoNew();
        await runs.fileInput.setInputFiles(CSV);
      },
    ],
  ];
  for (const [what, name, open] of tables) {
    await open();
    const frame = page.getByRole("region", { name });
    await expect(frame, what).toBeVisible();
    await expect(frame, what).toHaveAttribute("tabindex", "0");
    const { overflows, shadows } = await frame.evaluate((element) => ({
      overflows: element.scrollWidth > element.clientWidth,
      // The edge shadows are backgrounds that stay (`scroll`), under covers that move with the
      // content (`local`): a cover hides its shadow only once that end is reached.
      shadows: getComputedStyle(element).backgroundAttachment,
    }));
    expect(overflows, what).toBe(true);
    expect(shadows.split(", "), what).toEqual(expect.arrayContaining(["local", "scroll"]));
    expect(await pageWidth(page), what).toBeLessThanOrEqual(PHONE.width);
  }
});
