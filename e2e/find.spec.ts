/**
 * Finding renders again: a prompt search by a word's beginning, a date preset, the oldest-first
 * sort surviving a reload, and a batch's own page reloaded; an unknown batch is a 404 page. In a
 * browser on another day than the server, a preset in the URL is still named, with no hydration error.
 */
import { mkdirSync } from "node:fs";
import { seriousViolations } from "./axe";
import { expect, holdChunk, liveStreamOpens, test, uniquePrompt } from "./fixtures";

test("a prefix finds the prompts, a date preset and oldest first live in the URL and survive a reload", async ({
  page,
  gallery,
  api,
}) => {
  // One made-up word, so the search finds these renders and no other test's.
  const word = uniquePrompt("Quillon").replace(" ", "");
  const prompts = [`${word} at dawn`, `A ${word}ish harbour at noon`, `${word} at dusk`];
  // Created one after another (the order the list shows), then waited for together.
  const ids: string[] = [];
  for (const prompt of prompts) ids.push((await api.createRender({ kind: "image", prompt })).id);
  await api.allSettled(ids);
  const newestFirst = [...prompts].reverse();

  await gallery.goto();
  await gallery.search.fill(word.slice(0, -3));
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word.slice(0, -3)}(&|$)`));
  await expect.poll(() => gallery.order()).toEqual(newestFirst);

  await gallery.date.selectOption({ label: "Last 7 days" });
  await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}(&|$)/);
  await gallery.sort.selectOption({ label: "Oldest first" });
  await expect(page).toHaveURL(/[?&]sort=oldest(&|$)/);
  await expect.poll(() => gallery.order()).toEqual(prompts);

  await page.reload();
  await expect(gallery.search).toHaveValue(word.slice(0, -3));
  await expect(gallery.date).toHaveValue("7d");
  await expect(gallery.sort).toHaveValue("oldest");
  await expect.poll(() => gallery.order()).toEqual(prompts);

  // A range that starts tomorrow holds nothing yet.
  await gallery.date.selectOption({ label: "Custom range" });
  const tomorrow = await page.evaluate(() => {
    const d = new Date();
    d.setDate(d.getDate() + 1);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
  await gallery.day("From").fill(tomorrow);
  await expect(page).toHaveURL(new RegExp(`[?&]from=${tomorrow}(&|$)`));
  await expect(gallery.region.getByText("No renders match these filters.")).toBeVisible();
});

test("a search typed and a status chosen before the filter bar's code arrives are not lost", async ({
  page,
  gallery,
}) => {
  const filterBar = await holdChunk(page, "Search prompts");
  await gallery.goto();
  const text = uniquePrompt("early");
  await gallery.search.fill(text);
  await gallery.status.selectOption({ label: "Failed" });
  filterBar.release();
  await expect(page).toHaveURL(/[?&]status=failed(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replaceAll("%20", "\\+")}(&|$)`));
  await expect(gallery.region.getByText("No renders match these filters.")).toBeVisible();
});

test("a batch has its own page, linked from a variant's page, whole after a reload", async ({
  page,
  renderPage,
  api,
}) => {
  const prompt = uniquePrompt("Batch page: three pears");
  const created = await api.createRender({ kind: "image", prompt, imageCount: 3 });
  await renderPage.goto(created.ids[1]!);
  await renderPage.viewBatch.click();
  await expect(page).toHaveURL(`/batches/${created.batchId}`);

  const batch = page.getByRole("region", { name: "Batch of 3" });
  const variants = batch.getByRole("article");
  await expect(variants).toHaveCount(3);
  await api.allSettled(created.ids);
  // Live: every variant turns ready on the open page.
  await expect(batch.getByText("Ready", { exact: true })).toHaveCount(3);

  await page.reload();
  await expect(variants).toHaveCount(3);
  await expect(batch.getByText("Ready", { exact: true })).toHaveCount(3);
  await expect(batch).toContainText(prompt);
  await expect(batch.getByRole("button", { name: "Download zip of the whole batch" })).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/batches/batch_unknown0000");
  await expect(page.getByRole("heading", { name: "Batch not found" })).toBeVisible();
});

test("the filter bar folds under Filters on a phone and fits a desktop row (screenshots in /tmp/find)", async ({
  page,
  gallery,
  api,
}) => {
  const dir = "/tmp/find";
  mkdirSync(dir, { recursive: true });
  const prompt = uniquePrompt("Filter bar: a kettle");
  await api.settled((await api.createRender({ kind: "image", prompt })).id);
  const query = `?q=${encodeURIComponent(prompt)}&sort=credits&from=2026-01-01&to=2099-12-31`;
  const bar = page.getByRole("search", { name: "Filter renders" });
  const filters = bar.getByRole("button", { name: /^Filters/ });

  await page.setViewportSize({ width: 390, height: 844 });
  await gallery.goto(query);
  await expect(gallery.card(prompt)).toBeVisible();
  // Closed, only the search and the button show, which counts the sort and the two days.
  await expect(gallery.sort).toBeHidden();
  await expect(filters).toHaveText("Filters (3)");
  await bar.screenshot({ path: `${dir}/filter-bar-390-closed.png` });
  // The bar's code arrives just after the page (a tap before then does nothing): tap until it opens.
  await expect(async () => {
    await filters.click();
    await expect(filters).toHaveAttribute("aria-expanded", "true", { timeout: 1000 });
  }).toPass();
  await expect(gallery.sort).toHaveValue("credits");
  await expect(gallery.day("From")).toHaveValue("2026-01-01");
  await expect(gallery.day("To")).toHaveValue("2099-12-31");
  await page.screenshot({ path: `${dir}/filter-bar-390-open.png` });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(filters).toBeHidden();
  await expect(gallery.sort).toBeVisible();
  await page.screenshot({ path: `${dir}/filter-bar-1440.png` });
});

/**
 * A time zone on another day than this machine (the server) now. UTC+14 and UTC−11 are 25 hours
 * apart, so one of them always is; the one that stays so for the next minutes is taken, so only a
 * run that spans the server's midnight could find the days equal.
 */
function zoneOnAnotherDay(): string {
  const dayIn = (timeZone: string | undefined, at: number) =>
    new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" }).format(at);
  const differs = (zone: string, at: number) => dayIn(zone, at) !== dayIn(undefined, at);
  const zones = ["Pacific/Kiritimati", "Pacific/Pago_Pago"];
  const now = Date.now();
  return (
    zones.find((zone) => differs(zone, now) && differs(zone, now + 300_000)) ??
    zones.find((zone) => differs(zone, now))!
  );
}

test.describe("in a browser whose day is not the server's", () => {
  const timezoneId = zoneOnAnotherDay();
  test.use({ timezoneId });

  test("a date preset in the URL is named, and the main pages load without a hydration mismatch", async ({
    page,
    gallery,
    api,
  }) => {
    const render = await api.createRender({ kind: "image", prompt: uniquePrompt("Far away: a lighthouse") });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: timezoneId, dateStyle: "short" }).format(
      Date.now(),
    );
    // The fixture's page fails the test on any hydration error of these first loads; each has
    // hydrated once its live stream opens.
    let hydrated = liveStreamOpens(page);
    await gallery.goto(`?from=${today}`);
    await hydrated;
    await expect(gallery.date).toHaveValue("today");
    for (const path of [`/renders/${render.id}`, "/runs", "/boards", "/usage", "/team"]) {
      hydrated = liveStreamOpens(page);
      await page.goto(path);
      await hydrated;
    }
  });
});
