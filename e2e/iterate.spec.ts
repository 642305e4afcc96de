/**
 * Building on an output: Animate turns an image into the start frame of a new video, Use as
 * reference takes the same copy again, the family shows its generations and stacks into one card,
 * and an output the service no longer serves says so. The
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

test("Animate a variation: the video starts from its copy, Use as reference copies it no more, three generations stack", async ({
  page,
  request,
  api,
  gallery,
  renderPage,
}, testInfo) => {
  const prompt = uniquePrompt("a paper boat on a pond");
  const image = await api.settled((await api.createRender({ kind: "image", prompt })).id);
  // Vary, where the browser is not the point: the image's settings and the image as a reference.
  const variation = await api.settled(
    (await api.createRender({ kind: "image", prompt, parentIds: [image.id], referenceRenderIds: [image.id] }))
      .id,
  );
  expect(variation.status).toBe("ready");
  const form = new RenderFormPage(page);
  const before = (await simStats(request)).uploads.total;

  await renderPage.goto(variation.id);
  await renderPage.main.getByRole("link", { name: "Animate" }).click();
  await expect(form.kind.getByRole("radio", { name: "Video" })).toBeChecked();
  await expect(form.prompt).toHaveValue(prompt);
  const startFrame = form.form.getByRole("region", { name: "Reference images" }).getByRole("listitem");
  await expect(startFrame).toHaveCount(1);
  expect((await simStats(request)).uploads.total).toBe(before + 1);

  await form.startAcceptingCost();
  await expect.poll(async () => (await simStats(request)).renders.at(-1)?.kind).toBe("video");
  const [copyUrl] = (await simStats(request)).renders.at(-1)?.referenceImageUrlsUsed ?? [];
  expect(copyUrl).toContain(`/${variation.id}.`);

  // The video's page says what it was made from; after a reload, Family shows the three
  // generations, this video marked, each with its review state; arrow keys move along the tree.
  const video = await api.settled(
    (await api.search(prompt)).find((r) => r.id !== image.id && r.id !== variation.id)?.id ?? "",
  );
  expect((await request.put(`/api/renders/${image.id}/review`, { data: { decision: "approve" } })).ok()).toBe(
    true,
  );
  await renderPage.goto(video.id);
  await page.reload();
  await expect(
    page.getByRole("list", { name: "Made from" }).getByRole("link", { name: new RegExp(prompt) }),
  ).toHaveAttribute("href", `/renders/${variation.id}`);
  await expect(page.getByRole("link", { name: "Compare with parent" })).toBeVisible();
  const family = page.getByRole("tree", { name: "Family" });
  await expect(family.getByRole("treeitem")).toHaveCount(3);
  await expect(family.getByRole("treeitem", { level: 1 })).toContainText("Approved");
  const current = family.getByRole("treeitem", { selected: true });
  await expect(current).toHaveAttribute("aria-level", "3");
  await current.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(family.getByRole("treeitem", { level: 2 })).toBeFocused();
  await screenshots(page, testInfo, "family");

  // Using the same output again takes the copy already at the service.
  await renderPage.goto(variation.id);
  await expect(page.getByRole("list", { name: "Versions" }).getByRole("link")).toHaveCount(1);
  await renderPage.main.getByRole("link", { name: "Use as reference" }).click();
  await expect(form.form.getByRole("region", { name: "Reference images" }).getByRole("listitem")).toHaveCount(
    1,
  );
  expect((await simStats(request)).uploads.total).toBe(before + 1);

  // Stack versions: the family is one card (its approved image) saying "3 versions", which opens
  // them in the order they were made.
  await gallery.goto(`?q=${encodeURIComponent(prompt)}`);
  await expect(gallery.region.getByRole("article")).toHaveCount(3);
  await gallery.region.getByRole("button", { name: "Stack versions" }).click();
  await expect(gallery.region.getByRole("article")).toHaveCount(1);
  await screenshots(page, testInfo, "stacked");
  await gallery.region.getByRole("link", { name: "3 versions" }).click();
  await expect(page).toHaveURL(new RegExp(`family=${image.id}`));
  await expect(gallery.region.getByRole("article")).toHaveCount(3);
  await expect(
    gallery.region
      .getByRole("article")
      .first()
      .getByRole("link", { name: new RegExp(prompt) }),
  ).toHaveAttribute("href", `/renders/${image.id}`);

  // A video is a reference only for a model that takes reference videos: with Veo in the form, the
  // video's Use as reference is disabled, saying why.
  await form.chooseKind("Video");
  await form.model.selectOption({ label: "Veo 3.1" });
  await gallery.region.getByRole("article").nth(2).getByRole("button", { name: "Actions" }).click();
  const useVideo = page.getByRole("menuitem", { name: "Use as reference" });
  await expect(useVideo).toBeDisabled();
  await expect(useVideo).toHaveAccessibleDescription(/^Veo 3\.1 takes no reference videos: choose Kling/);
  await screenshots(page, testInfo, "video-reference-disabled");
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
