/**
 * After the Render Service restarts it no longer serves the media of earlier renders, while the
 * ledger still holds their outputUrl. The gallery card and the render page then say "Media no
 * longer available" instead of showing alt text or a broken box, for images and videos, on a
 * desktop and on a phone. The browser is made to get a 404 for the media URL, exactly what it gets
 * from a restarted service, without resetting the shared simulator under the other specs.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test, uniquePrompt, type DashboardApi } from "./fixtures";

const UNAVAILABLE = "Media no longer available";

async function readyRender(api: DashboardApi, kind: "image" | "video", prompt: string) {
  const body =
    kind === "image"
      ? { kind, prompt, imageCount: 1 }
      : { kind, model: "kling", resolution: "720p", durationSeconds: 5, prompt };
  const created = await api.createRender(body);
  const render = await api.settled(created.id);
  expect(render.status).toBe("ready");
  expect(render.outputUrl).toBeTruthy();
  return { id: created.id, outputUrl: render.outputUrl as string };
}

/** The media URL answers 404 from now on, as it does once the service has forgotten it. */
async function forget(page: Page, outputUrl: string): Promise<void> {
  await page.route(outputUrl, (route) =>
    route.fulfill({ status: 404, contentType: "application/json", body: '{"error":{"code":"not_found"}}' }),
  );
}

/** No image in `scope` is broken, and no video is left showing an error. */
async function expectNoBrokenMedia(scope: Locator): Promise<void> {
  const broken = await scope.evaluate((root) => [
    ...[...root.querySelectorAll("img")]
      .filter((img) => img.complete && img.naturalWidth === 0)
      .map((img) => `img ${img.src}`),
    ...[...root.querySelectorAll("video")]
      .filter((video) => video.error)
      .map((video) => `video ${video.src}`),
  ]);
  expect(broken).toEqual([]);
}

for (const viewport of [
  { name: "desktop", width: 1440, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test.describe(`media no longer available (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const kind of ["image", "video"] as const) {
      test(`a ${kind} whose media answers 404 shows a placeholder in the gallery and on its page`, async ({
        page,
        api,
        gallery,
        renderPage,
      }, testInfo) => {
        const prompt = uniquePrompt(`Gone ${kind}: a lighthouse in fog`);
        const { id, outputUrl } = await readyRender(api, kind, prompt);
        await forget(page, outputUrl);

        await gallery.goto();
        const card = gallery.card(prompt);
        await card.scrollIntoViewIfNeeded();
        await expect(card.getByText(UNAVAILABLE)).toBeVisible();
        await expect(card.locator("img, video")).toHaveCount(0);
        // The prompt as alt text would otherwise stand in the media box.
        await expect(card.getByRole("img")).toHaveCount(0);
        await expectNoBrokenMedia(card);
        await card.screenshot({ path: testInfo.outputPath(`card-${kind}-${viewport.name}.png`) });

        await renderPage.goto(id);
        await expect(renderPage.render.getByText(UNAVAILABLE)).toBeVisible();
        await expect(renderPage.render.locator("img, video")).toHaveCount(0);
        await expectNoBrokenMedia(renderPage.main);
        await page.screenshot({ path: testInfo.outputPath(`page-${kind}-${viewport.name}.png`) });

        // A first load of the page (server-rendered media that fails before hydration) ends the same way.
        await page.reload();
        await expect(renderPage.render.getByText(UNAVAILABLE)).toBeVisible();
        await expect(renderPage.render.locator("img, video")).toHaveCount(0);
      });
    }
  });
}

test("media the service still serves are shown as before", async ({ page, api, renderPage }) => {
  const { id } = await readyRender(api, "image", uniquePrompt("Kept image: a lighthouse at noon"));
  await renderPage.goto(id);
  const image = renderPage.render.locator("img");
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText(UNAVAILABLE)).toHaveCount(0);
});
