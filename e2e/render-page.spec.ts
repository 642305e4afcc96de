import { RenderFormPage } from "./pages/render-form.page";
import { expect, test, uniquePrompt } from "./fixtures";

test.describe("render page", () => {
  test("opens from the gallery and shows the render in full, live until it is done", async ({
    page,
    gallery,
    renderPage,
    api,
  }) => {
    const prompt = uniquePrompt("Detail: a paper crane unfolding");
    const created = await api.createRender({
      kind: "video",
      model: "seedance",
      resolution: "480p",
      durationSeconds: 20,
      aspectRatio: "16:9",
      prompt,
    });
    await gallery.goto();
    await gallery.action(gallery.card(prompt), "Open");
    await expect(page).toHaveURL(`/renders/${created.id}`);

    await expect(renderPage.heading).toHaveText("Video render");
    await expect(renderPage.render).toContainText(prompt);
    await expect(renderPage.field("Model")).toHaveText("Seedance");
    await expect(renderPage.field("Duration")).toHaveText("20 s");
    await expect(renderPage.field("Aspect ratio")).toHaveText("16:9");
    await expect(renderPage.field("Created")).toContainText(/\d/);
    await expect(renderPage.render).toContainText(`${created.creditsCharged} credits`);

    // Live: it reaches Ready on this page without a reload, with its clips and completion time.
    await expect(renderPage.render.getByText("Ready", { exact: true })).toBeVisible({ timeout: 40_000 });
    await expect(renderPage.render.getByRole("progressbar", { name: "Clips 2 of 2" })).toBeVisible();
    await expect(renderPage.field("Completed")).toContainText(/\d/);
    await expect(renderPage.render.locator("video")).toBeVisible();
    await expect(renderPage.download).toHaveAttribute("href", `/api/renders/${created.id}/file`);

    // Survives a reload and is shareable: the server renders it whole.
    await page.reload();
    await expect(renderPage.render.getByText("Ready", { exact: true })).toBeVisible();
    const html = await (await page.request.get(`/renders/${created.id}`)).text();
    expect(html).toContain(prompt);
  });

  test("lists the batch's other variants", async ({ renderPage, api }) => {
    const prompt = uniquePrompt("Detail: four pears");
    const created = await api.createRender({ kind: "image", prompt, imageCount: 4 });
    await renderPage.goto(created.ids[1] ?? created.id);
    await expect(renderPage.field("Variants")).toHaveText("4");
    await expect(renderPage.variants.getByRole("article")).toHaveCount(3);
    for (const card of await renderPage.variants.getByRole("article").all()) {
      await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 30_000 });
    }
  });

  test("Reuse settings from the render page fills the form and starts nothing", async ({
    page,
    renderPage,
    api,
  }) => {
    const prompt = uniquePrompt("Detail: a copper kettle");
    const created = await api.createRender({
      kind: "image",
      prompt,
      imageModel: "gpt-image-2",
      imageQuality: "high",
    });
    await renderPage.goto(created.id);
    await renderPage.reuseSettings.click();
    const form = new RenderFormPage(page);
    await expect(form.prompt).toHaveValue(prompt);
    await expect(form.model).toHaveValue("gpt-image-2");
    await expect(form.quality).toHaveValue("high");
    await expect(page).toHaveURL("/");
    expect(await api.search(prompt)).toHaveLength(1);
  });

  test("an unknown render answers 404 with a way back", async ({ page }) => {
    for (const id of ["rnd_doesnotexist", "..%2F..%2Fapi%2Faccount"]) {
      const response = await page.goto(`/renders/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
    }
    await page.getByRole("link", { name: "Back to all renders" }).click();
    await expect(page.getByRole("region", { name: "Renders" })).toBeVisible();
  });
});
