/**
 * Reviewing work in the gallery: the viewer (arrow keys through the gallery's order, Escape back to
 * the card, `?view=` surviving a reload), the selection (tick boxes, Shift ranges, `x`) and its zip,
 * and a single download's name, or why it could not be had.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { zipEntries } from "@/test/zip-entries";
import { seriousViolations } from "./axe";
import { SIMULATOR_URL, expect, test, uniquePrompt, type DashboardApi } from "./fixtures";
import { countRenders, renderLog } from "./react-renders";

/** Three ready images under one tag, newest first as the gallery shows them. */
async function threeImages(api: DashboardApi, label: string) {
  const tag = uniquePrompt(label);
  const prompts = [`${tag} one: a pear`, `${tag} two: a plum`, `${tag} three: a fig`];
  const ids: string[] = [];
  for (const [i, prompt] of prompts.entries()) {
    const ratio = ["16:9", "9:16", "1:1"][i];
    const created = await api.createRender({
      kind: "image",
      prompt,
      imageModel: "nano-banana",
      imageAspectRatio: ratio,
    });
    ids.push(created.id);
  }
  await api.allSettled(ids);
  return { tag, prompts: [...prompts].reverse(), ids: [...ids].reverse() };
}

function viewer(page: Page) {
  return page.getByRole("dialog");
}

async function expectViewing(page: Page, id: string, prompt: string) {
  await expect(page).toHaveURL(new RegExp(`[?&]view=${id}(&|$)`));
  await expect(viewer(page).getByRole("complementary", { name: "Render details" })).toContainText(prompt);
}

test("the viewer moves with the arrow keys, survives a reload and gives focus back to the card", async ({
  page,
  gallery,
  api,
}) => {
  const { tag, prompts, ids } = await threeImages(api, "Viewer");
  // The viewer's links to the form are not prefetched: stepping through renders would cost the
  // server a render of the page for each link of each render passed.
  const formPrefetches: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["next-router-prefetch"] && /[?&](edit|reference|animate|vary)=/.test(request.url()))
      formPrefetches.push(request.url());
  });
  await countRenders(page, 'section[aria-label="Renders"]', "gallery");
  await gallery.goto(`?q=${encodeURIComponent(tag)}`);
  await gallery.viewButton(gallery.card(prompts[1]!)).click();
  await expectViewing(page, ids[1]!, prompts[1]!);
  await expect(viewer(page).getByRole("img")).toBeVisible();
  await expect(viewer(page)).toContainText("2 of 3");
  expect(await seriousViolations(page)).toEqual([]);

  // A step draws the viewer alone: the gallery behind it re-renders only once the viewer rests on
  // the render (the first sign of which is the read of that render's own record).
  const readOf = (id: string) => `fetch /api/renders/${id}`;
  await expect.poll(() => renderLog(page)).toContain(readOf(ids[1]!));
  const beforeKey = (await renderLog(page)).length;
  await page.keyboard.press("ArrowRight");
  await expectViewing(page, ids[2]!, prompts[2]!);
  await expect.poll(async () => (await renderLog(page)).slice(beforeKey)).toContain(readOf(ids[2]!));
  const sinceKey = (await renderLog(page)).slice(beforeKey);
  expect(sinceKey.slice(0, sinceKey.indexOf(readOf(ids[2]!)))).not.toContain("gallery");
  // At the end of the list the button stays focusable, marked unavailable.
  await expect(viewer(page).getByRole("button", { name: "Next render" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expectViewing(page, ids[0]!, prompts[0]!);

  await page.reload();
  await expectViewing(page, ids[0]!, prompts[0]!);
  await expect(viewer(page).getByRole("link", { name: "Download" })).toBeVisible();
  for (const name of ["Compare", "Reuse settings"]) {
    await expect(viewer(page).getByRole(name === "Compare" ? "button" : "link", { name })).toBeVisible();
  }
  expect(formPrefetches).toEqual([]);

  await page.keyboard.press("Escape");
  await expect(viewer(page)).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]view=/);
  await expect(gallery.viewButton(gallery.card(prompts[0]!))).toBeFocused();
});

test("the viewer zooms an image to twice the screen and back", async ({ page, gallery, api }) => {
  const prompt = uniquePrompt("Zoom: a snail");
  await api.settled((await api.createRender({ kind: "image", prompt })).id);
  await gallery.goto(`?q=${encodeURIComponent(prompt)}`);
  await gallery.viewButton(gallery.card(prompt)).click();
  const image = viewer(page).getByRole("img");
  const fitted = (await image.boundingBox())!.width;
  await viewer(page).getByRole("button", { name: "Zoom" }).click();
  await expect(viewer(page).getByRole("button", { name: "Fit to screen" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect.poll(async () => (await image.boundingBox())!.width).toBeGreaterThan(fitted * 1.5);
});

async function downloadZip(page: Page) {
  const bar = page.getByRole("region", { name: "Selection" });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    bar.getByRole("button", { name: "Download zip" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  return zipEntries(await readFile((await download.path())!));
}

test("a selection of three by Shift range and x, downloaded as one zip with its manifests", async ({
  page,
  gallery,
  api,
}) => {
  const { tag, prompts, ids } = await threeImages(api, "Zip");
  await gallery.goto(`?q=${encodeURIComponent(tag)}`);
  const cards = prompts.map((prompt) => gallery.card(prompt));

  await gallery.selectBox(cards[0]!).check();
  await gallery.selectBox(cards[2]!).click({ modifiers: ["Shift"] });
  const bar = page.getByRole("region", { name: "Selection" });
  await expect(bar).toContainText("3 selected");
  for (const card of cards) await expect(gallery.selectBox(card)).toBeChecked();

  // x on the focused card unticks and ticks it again.
  await gallery.viewButton(cards[1]!).focus();
  await page.keyboard.press("x");
  await expect(bar).toContainText("2 selected");
  await expect(gallery.selectBox(cards[1]!)).not.toBeChecked();
  await page.keyboard.press("x");
  await expect(bar).toContainText("3 selected");

  const entries = await downloadZip(page);
  const media = entries.filter((entry) => !entry.name.startsWith("manifest."));
  expect(media).toHaveLength(3);
  for (const file of media) expect(file.name).toMatch(/\.png$/);
  const manifest = JSON.parse(entries.find((e) => e.name === "manifest.json")!.data.toString("utf8")) as {
    renders: number;
    items: { id: string; prompt: string }[];
  };
  expect(manifest.renders).toBe(3);
  expect(manifest.items.map((r) => r.id).sort()).toEqual([...ids].sort());
  const csv = entries
    .find((e) => e.name === "manifest.csv")!
    .data.toString("utf8")
    .trim()
    .split(/\r?\n/);
  expect(csv).toHaveLength(1 + 3);
  for (const prompt of prompts) expect(csv.some((line) => line.includes(prompt))).toBe(true);

  await bar.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(/\/compare\?ids=/);
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(3);
});

test("a zip the server refuses says why, in words", async ({ page, gallery, api }) => {
  const prompt = uniquePrompt("Refused zip: a lamp");
  await api.createRender({ kind: "image", prompt });
  await gallery.goto(`?q=${encodeURIComponent(prompt)}`);
  await gallery.selectBox(gallery.card(prompt)).check();
  // The real server refuses an id it does not hold: the form is sent with one in place of the tick.
  await page.route("**/api/renders/zip", (route) => route.continue({ postData: "ids=rnd_notinthisledger" }));
  await page.getByRole("region", { name: "Selection" }).getByRole("button", { name: "Download zip" }).click();
  await expect(page.getByText("Could not make the zip")).toBeVisible();
  await expect(page.getByText(/rnd_notinthisledger/)).toBeVisible();
});

test("a file the service no longer serves says why, in words", async ({ page, gallery, api }) => {
  const prompt = uniquePrompt("Gone file: a teapot");
  const created = await api.createRender({ kind: "image", prompt });
  await api.settled(created.id);
  // The service forgets the output, as it does when its media expire.
  expect((await fetch(`${SIMULATOR_URL}/__sim/media/${created.id}`, { method: "DELETE" })).ok).toBe(true);
  await gallery.goto(`?q=${encodeURIComponent(prompt)}`);
  await gallery.viewButton(gallery.card(prompt)).click();
  await viewer(page).getByRole("link", { name: "Download" }).click();
  await expect(page.getByText("Could not download the file")).toBeVisible();
  await expect(page.getByText(/could not be downloaded: the service answered HTTP 404/)).toBeVisible();
});

test("Clear selection unticks every card and hides the bar", async ({ page, gallery, api }) => {
  const prompt = uniquePrompt("Clear: a kite");
  await api.createRender({ kind: "image", prompt });
  await gallery.goto(`?q=${encodeURIComponent(prompt)}`);
  await gallery.selectBox(gallery.card(prompt)).check();
  const bar = page.getByRole("region", { name: "Selection" });
  await expect(bar).toContainText("1 selected");
  await expect(bar.getByRole("button", { name: "Compare" })).toBeDisabled();
  await expect(bar.getByRole("button", { name: "Compare" })).toHaveAccessibleDescription(
    "Compare takes 2 to 4",
  );
  await bar.getByRole("button", { name: "Clear selection" }).click();
  await expect(bar).toHaveCount(0);
  await expect(gallery.selectBox(gallery.card(prompt))).not.toBeChecked();
});

test("Download gives the file through the dashboard under a meaningful name", async ({
  page,
  gallery,
  api,
}) => {
  const prompt = uniquePrompt("Download: Crème brûlée / on a plate");
  const created = await api.createRender({ kind: "image", prompt, imageModel: "nano-banana" });
  await api.settled(created.id);
  await gallery.goto(`?q=${encodeURIComponent(prompt)}`);
  await gallery.viewButton(gallery.card(prompt)).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    viewer(page).getByRole("link", { name: "Download" }).click(),
  ]);
  const name = download.suggestedFilename();
  expect(name).toMatch(
    // The prompt's words (accents kept or folded, as the browser picks its spelling); the path character is gone.
    new RegExp(
      `^\\d{4}-\\d{2}-\\d{2}-nano-banana[\\w-]*-download-cr[eè]me-br[uû]l[eé]e-on-a-plate[\\w-]*-${created.id}\\.png$`,
    ),
  );
  expect(name).not.toMatch(/[/\\\\]/);
  const response = await page.request.get(`/api/renders/${created.id}/file`);
  expect(response.headers()["content-disposition"]).toMatch(/^attachment;/);
  expect(response.headers()["content-type"]).toBe("image/png");
});
