import { seriousViolations } from "./axe";
import { expect, test, uniquePrompt } from "./fixtures";

test.describe("accessibility", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`home page and render page have no serious violations (${scheme})`, async ({
      page,
      gallery,
      renderPage,
      api,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const failed = await api.createRender({
        kind: "video",
        model: "kling",
        resolution: "720p",
        durationSeconds: 5,
        prompt: uniquePrompt("Axe: a broken clock [fail]"),
      });
      const image = await api.createRender({
        kind: "image",
        prompt: uniquePrompt("Axe: a teapot"),
        imageCount: 2,
      });
      await api.settled(failed.id);
      await api.settled(image.id);
      // Cards with what culling sets: a rating and a pick, a reject and tags.
      const [picked, rejected] = image.ids;
      for (const [path, data] of [
        ["/api/renders/marks", { ids: [picked], rating: 4, flag: "pick" }],
        ["/api/renders/marks", { ids: [rejected], rating: 1, flag: "reject" }],
        ["/api/renders/tags", { ids: [rejected], add: ["hero", "night", "wide", "final"] }],
      ] as const)
        expect((await page.request.post(path, { data })).ok()).toBe(true);

      await gallery.goto();
      await expect(gallery.account).toContainText("Balance");
      await expect(gallery.region.getByRole("article").first()).toBeVisible();
      const card = (id: string | undefined) => gallery.region.locator(`article[data-render-id="${id}"]`);
      await expect(card(picked).getByRole("img", { name: "Rated 4 of 5" })).toBeVisible();
      await expect(card(rejected).getByText("+1 more")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // An open actions menu too.
      await gallery.region.getByRole("button", { name: "Actions" }).first().click();
      await expect(page.getByRole("menu")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");

      await renderPage.goto(failed.id);
      await expect(renderPage.render.getByText("Failed", { exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
