import { SIMULATOR_URL, expect, simulatorBalance, test } from "./fixtures";
import { E2E_SERVER_ENV } from "./server-env";

test.describe("home page", () => {
  test("shows the simulator's account: plan, balance, grant and key", async ({ gallery, request }) => {
    await gallery.goto();
    const account = gallery.account;
    await expect(account).toContainText("Team");
    await expect(account).toContainText("Balance");
    const balance = await simulatorBalance(request);
    await expect(account).toContainText(balance.toLocaleString("en-US"));
    await expect(account).toContainText("of 5,000 monthly");
    await expect(account.getByRole("progressbar", { name: "Balance of monthly grant" })).toHaveAttribute(
      "aria-valuemax",
      "5000",
    );
    await expect(account).toContainText("demo-team-1 ····am_1");
  });

  test("says when the service cannot be reached, and recovers on Retry", async ({
    page,
    gallery,
    request,
  }) => {
    const setFaults = (faults: Record<string, number>) =>
      request.put(`${SIMULATOR_URL}/__sim/faults`, { data: faults });
    await setFaults({ resetRate: 1 });
    try {
      // Outlast the server's brief account cache (ACCOUNT_CACHE_SECONDS).
      await page.waitForTimeout(Number(E2E_SERVER_ENV.ACCOUNT_CACHE_SECONDS) * 1000 + 1000);
      await gallery.goto();
      await expect(gallery.account.getByRole("alert")).toHaveText(
        /The Render Service can't be reached right now\./,
        {
          timeout: 45_000,
        },
      );
    } finally {
      await setFaults({ resetRate: 0 });
    }
    await gallery.account.getByRole("button", { name: "Retry" }).click();
    await expect(gallery.account).toContainText("Balance");
    await expect(gallery.account.getByRole("alert")).toHaveCount(0);
  });

  test("puts the form beside the gallery on a desktop and above it on a phone", async ({ page, gallery }) => {
    const form = page.getByRole("form", { name: "New render" });
    await gallery.goto();
    const [formBox, galleryBox] = [await form.boundingBox(), await gallery.region.boundingBox()];
    expect(formBox && galleryBox && formBox.x + formBox.width <= galleryBox.x).toBe(true);

    await page.setViewportSize({ width: 390, height: 844 });
    const [phoneForm, phoneGallery] = [await form.boundingBox(), await gallery.region.boundingBox()];
    expect(phoneForm && phoneGallery && phoneForm.y + phoneForm.height <= phoneGallery.y).toBe(true);
    // Nothing spills sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test("screenshots at phone and desktop widths, light and dark", async ({
    page,
    gallery,
    api,
  }, testInfo) => {
    // Something of each kind on screen: a ready image, a failed video with its refund.
    const image = await api.createRender({ kind: "image", prompt: "Screenshot: a paper boat on a pond" });
    const failed = await api.createRender({
      kind: "video",
      model: "kling",
      resolution: "720p",
      durationSeconds: 5,
      prompt: "Screenshot: a storm at sea [fail]",
    });
    await api.settled(image.id);
    await api.settled(failed.id);
    for (const scheme of ["light", "dark"] as const) {
      for (const width of [1440, 390]) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        await gallery.goto();
        await expect(gallery.card("Screenshot: a paper boat on a pond")).toContainText("Ready");
        await page.screenshot({ path: testInfo.outputPath(`home-${width}-${scheme}.png`), fullPage: true });
        await gallery
          .card("Screenshot: a paper boat on a pond")
          .getByRole("button", { name: "Actions" })
          .click();
        await expect(page.getByRole("menu")).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`menu-${width}-${scheme}.png`) });
        await page.keyboard.press("Escape");
        await gallery.goto("?q=nothing-matches-this");
        await expect(gallery.region).toContainText("No renders match these filters.");
        await page.screenshot({ path: testInfo.outputPath(`empty-${width}-${scheme}.png`) });
        await page.goto(`/renders/${failed.id}`);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`render-${width}-${scheme}.png`), fullPage: true });
      }
    }
  });

  test("unknown pages answer 404", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  });
});
