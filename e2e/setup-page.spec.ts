/**
 * A production start without the Render Service's key (the third server of playwright.config.ts)
 * shows a setup page on every URL, naming what to set, what it is, an example and where to put it,
 * without ever showing a value the server holds; its API answers 503 `not_configured`.
 */
import { expect, test } from "@playwright/test";
import { E2E_PORTS } from "./ports";

const SETUP_APP = `http://127.0.0.1:${E2E_PORTS.setupApp}`;
/** The AUTH_SECRET the setup server is started with. */
const SECRET = "e2e-setup-secret-never-shown-0123456789";

test.use({ baseURL: SETUP_APP });

test("every page of an unconfigured server shows how to set it up", async ({ page }, testInfo) => {
  for (const path of ["/", "/renders/rnd_0123456789abcdef", "/team", "/sign-in"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Set up the dashboard" })).toBeVisible();
    // Only the missing setting is named: the base address is set on this server.
    const missing = main.getByRole("region", { name: "Missing setting" });
    await expect(missing.getByText("RENDER_API_KEY", { exact: true })).toBeVisible();
    await expect(missing.getByText("RENDER_API_BASE_URL")).toHaveCount(0);
    await expect(missing).toContainText("API key");
    await expect(missing).toContainText("Example: rs_live_");
    const where = main.getByRole("region", { name: "Where to set them" });
    await expect(where).toContainText(".env.local");
    await expect(where).toContainText("RENDER_API_KEY=rs_live_… npm start");
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    expect(await page.content()).not.toContain(SECRET);
  }
  await page.screenshot({ path: testInfo.outputPath("setup-desktop.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Set up the dashboard" })).toBeVisible();
  // Nothing wider than a phone: the examples scroll inside their boxes.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("setup-phone.png"), fullPage: true });
});

test("the API of an unconfigured server answers 503 not_configured in the one error shape", async ({
  request,
}) => {
  for (const path of ["/api/health", "/api/renders", "/api/account"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(503);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("not_configured");
    expect(body.error.message).toContain("RENDER_API_KEY");
    expect(JSON.stringify(body)).not.toContain(SECRET);
  }
});
