/**
 * Share links with sign-in on (the sign-in server of playwright.config.ts): a member shares a render
 * with its prompt hidden, someone without a session opens the link and sees the image alone, and
 * once the member revokes it the link answers 404.
 */
import { expect, test, type Page } from "@playwright/test";
import { DashboardApi, uniquePrompt } from "./fixtures";
import { RenderPage } from "./pages/render-page.page";
import { ShareDialog, ShareLinks } from "./pages/shares.page";
import { SignInPage } from "./pages/sign-in.page";
import { E2E_PORTS } from "./ports";

const AUTH_APP = `http://127.0.0.1:${E2E_PORTS.authApp}`;
test.use({ baseURL: AUTH_APP });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Screenshots at a phone's and a desktop's size, kept with the test's results. */
async function shoot(page: Page, name: string, outputPath: (name: string) => string) {
  for (const [label, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: outputPath(`${name}-${label}.png`), animations: "disabled" });
  }
}

test("a member shares a render without its prompt; a visitor sees the image alone, then 404 once revoked", async ({
  page,
  browser,
}, testInfo) => {
  const outputPath = (name: string) => testInfo.outputPath(name);
  await new SignInPage(page).signInQuietly("grace@example.com");
  const api = new DashboardApi(page.request);
  const prompt = uniquePrompt("a lighthouse shared outside the team");
  const { id } = await api.createRender({ kind: "image", prompt });
  expect((await api.settled(id)).status).toBe("ready");

  await new RenderPage(page).goto(id);
  const share = new ShareDialog(page);
  await share.open();
  await expect(share.showPrompt).toHaveAttribute("aria-checked", "true");
  await share.showPrompt.click();
  await expect(share.showPrompt).toHaveAttribute("aria-checked", "false");
  await share.expires.selectOption({ label: "7 days" });
  await shoot(page, "share-dialog", outputPath);
  const link = await share.createLink();
  expect(link).toMatch(new RegExp(`^${AUTH_APP}/s/[A-Za-z0-9_-]{43}$`));
  await shoot(page, "share-dialog-created", outputPath);
  await share.done.click();
  await expect(new ShareLinks(page).row(link)).toContainText("Hidden");

  // Someone else's browser: no session, no cookie.
  const visitor = await browser.newContext({ viewport: DESKTOP });
  const guest = await visitor.newPage();
  const opened = await guest.goto(link);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(opened?.headers()["cache-control"]).toContain("no-store");
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  const image = guest.getByRole("img", { name: "Shared image" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(guest.getByRole("link", { name: "Download" })).toBeVisible();
  // Nothing of the prompt, the member, the render's id or the dashboard's frame, in the HTML and
  // the React payload it carries.
  const html = (await opened?.text()) ?? "";
  for (const leak of [prompt, "Grace", id, "Render dashboard", "/api/"]) expect(html).not.toContain(leak);
  await expect(guest.getByRole("banner")).toHaveCount(0);
  await expect(guest.locator('a[href]:not([href^="/s/"])')).toHaveCount(0);
  await shoot(guest, "shared-page", outputPath);

  // The member revokes it from their list of links (the header's "Share links").
  await page.setViewportSize(DESKTOP);
  await page.getByRole("navigation", { name: "Member" }).getByRole("link", { name: "Share links" }).click();
  await expect(page).toHaveURL(/\/shares$/);
  await expect(new ShareLinks(page).row(link)).toBeVisible();
  await shoot(page, "share-links", outputPath);
  await page.setViewportSize(DESKTOP);
  await new ShareLinks(page).revoke(link);

  const revoked = await guest.goto(link);
  expect(revoked?.status()).toBe(404);
  await expect(guest.getByRole("heading", { name: "This link does not open anything" })).toBeVisible();
  await expect(guest.getByRole("img")).toHaveCount(0);
  expect((await visitor.request.get(`${link}/file`)).status()).toBe(404);
  await shoot(guest, "shared-page-revoked", outputPath);
  await visitor.close();
});

test("Share in the viewer opens over it: arrow keys in it do not move the viewer, and Escape closes only the dialog", async ({
  page,
}) => {
  await new SignInPage(page).signInQuietly("linus@example.com");
  const api = new DashboardApi(page.request);
  const prompts = [uniquePrompt("a harbour at dawn"), uniquePrompt("a harbour at dusk")];
  const ids: string[] = [];
  for (const prompt of prompts) ids.push((await api.createRender({ kind: "image", prompt })).id);
  for (const id of ids) expect((await api.settled(id)).status).toBe("ready");

  const shown = ids[0] ?? "";
  await page.goto(`/?view=${shown}`);
  const details = page.getByRole("complementary", { name: "Render details" });
  await expect(details).toBeVisible();
  const share = new ShareDialog(page);
  await share.open(details);
  // The viewer shows the older of the two, so ArrowLeft heard by it would step to the newer one.
  await share.showPrompt.focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page).toHaveURL(new RegExp(`[?&]view=${shown}(&|$)`));

  await page.keyboard.press("Escape");
  await expect(share.dialog).toHaveCount(0);
  await expect(details).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]view=${shown}(&|$)`));
});
