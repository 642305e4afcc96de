/**
 * Building on an output: Animate turns an image into the start frame of a new video, Use as
 * reference takes the same copy again, and an output the service no longer serves says so. The
 * copies are counted at the simulator (`GET /__sim/stats`, `uploads.total`).
 */
import type { APIRequestContext } from "@playwright/test";
import { SIMULATOR_URL, expect, screenshots, test, uniquePrompt } from "./fixtures";
import { RenderFormPage } from "./pages/render-form.page";

interface SimStats {
  uploads: { total: number };
  renders: { kind: string; referenceImageUrlsUsed: string[] }[];
}

const simStats = async (request: APIRequestContext) =>
  (await (await request.get(`${SIMULATOR_URL}/__sim/stats`)).json()) as SimStats;

test("Animate an image: the video starts from the copy, and Use as reference copies it no more", async ({
  page,
  request,
  api,
  renderPage,
}, testInfo) => {
  const prompt = uniquePrompt("a paper boat on a pond");
  const image = await api.settled((await api.createRender({ kind: "image", prompt })).id);
  expect(image.status).toBe("ready");
  const form = new RenderFormPage(page);
  const before = (await simStats(request)).uploads.total;

  await renderPage.goto(image.id);
  await renderPage.main.getByRole("link", { name: "Animate" }).click();
  await expect(form.kind.getByRole("radio", { name: "Video" })).toBeChecked();
  await expect(form.prompt).toHaveValue(prompt);
  const startFrame = form.form.getByRole("region", { name: "Reference images" }).getByRole("listitem");
  await expect(startFrame).toHaveCount(1);
  expect((await simStats(request)).uploads.total).toBe(before + 1);

  await form.startAcceptingCost();
  await expect.poll(async () => (await simStats(request)).renders.at(-1)?.kind).toBe("video");
  const [copyUrl] = (await simStats(request)).renders.at(-1)?.referenceImageUrlsUsed ?? [];
  expect(copyUrl).toContain(`/${image.id}.`);

  // The video's page says what it was made from; the image's lists it as a version.
  const video = await api.settled((await api.search(prompt)).find((r) => r.id !== image.id)?.id ?? "");
  await renderPage.goto(video.id);
  await expect(
    page.getByRole("list", { name: "Made from" }).getByRole("link", { name: new RegExp(prompt) }),
  ).toHaveAttribute("href", `/renders/${image.id}`);
  await expect(page.getByRole("link", { name: "Compare with parent" })).toBeVisible();
  // Family: the image, then this video, marked as the render shown; arrow keys move along the tree.
  const family = page.getByRole("tree", { name: "Family" });
  await expect(family.getByRole("treeitem")).toHaveCount(2);
  const current = family.getByRole("treeitem", { selected: true });
  await expect(current).toHaveAttribute("aria-level", "2");
  await current.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(family.getByRole("treeitem", { level: 1 })).toBeFocused();
  await screenshots(page, testInfo, "family");

  // Using the same output again takes the copy already at the service.
  await renderPage.goto(image.id);
  await expect(page.getByRole("list", { name: "Versions" }).getByRole("link")).toHaveCount(1);
  await renderPage.main.getByRole("link", { name: "Use as reference" }).click();
  await expect(form.form.getByRole("region", { name: "Reference images" }).getByRole("listitem")).toHaveCount(
    1,
  );
  expect((await simStats(request)).uploads.total).toBe(before + 1);
});

test("an output the service no longer serves gives a clear message and adds nothing", async ({
  page,
  request,
  api,
}) => {
  const image = await api.settled(
    (await api.createRender({ kind: "image", prompt: uniquePrompt("gone") })).id,
  );
  await request.delete(`${SIMULATOR_URL}/__sim/media/${image.id}`);
  const before = (await simStats(request)).uploads.total;
  const form = new RenderFormPage(page);
  await form.goto(`?reference=${image.id}`);
  await expect(form.form.getByRole("list", { name: "Uploads" }).getByRole("alert")).toContainText(
    "no longer has this render's output",
  );
  await expect(form.form.getByRole("region", { name: "Reference images" })).toHaveCount(0);
  expect((await simStats(request)).uploads.total).toBe(before);
});
