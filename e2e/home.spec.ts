import { expect, simulatorBalance, test } from "./fixtures";

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

  test("screenshots at phone and desktop widths, light and dark", async ({ page, gallery, api }, testInfo) => {
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
