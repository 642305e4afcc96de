/**
 * Share links with sign-in on (the sign-in server of playwright.config.ts): a member shares a render
 * with its prompt hidden (or a board), someone without a session opens the link and sees the image
 * alone (or the board's outputs), and once the member revokes it the link answers 404.
 */
import { expect, test, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { DashboardApi, pressTwice, slowRequests, uniquePrompt } from "./fixtures";
import { RenderPage } from "./pages/render-page.page";
import { ShareDialog, ShareLinks } from "./pages/shares.page";
import { FROM_DASHBOARD, SignInPage } from "./pages/sign-in.page";
import { E2E_PORTS } from "./ports";

const AUTH_APP = `http://127.0.0.1:${E2E_PORTS.authApp}`;
test.use({ baseURL: AUTH_APP });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** Screenshots at a phone's and a desktop's size, kept with the test's results. */
async function shoot(page: Page, name: string, testInfo: TestInfo) {
  for (const [label, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: testInfo.outputPath(`${name}-${label}.png`), animations: "disabled" });
  }
}

/** Signs Grace in on `page`, and her API through it. */
async function asGrace(page: Page): Promise<DashboardApi> {
  await new SignInPage(page).signInQuietly("grace@example.com");
  return new DashboardApi(page.request, FROM_DASHBOARD);
}

/**
 * Opens the link in someone else's browser (no session, no cookie): it answers, neither cached nor
 * indexed. Answers the page, its context and the HTML it was sent.
 */
async function openAsVisitor(browser: Browser, link: string) {
  const visitor = await browser.newContext({ viewport: DESKTOP });
  const guest = await visitor.newPage();
  const opened = await guest.goto(link);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  expect(opened?.headers()["cache-control"]).toContain("no-store");
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  return { visitor, guest, html: (await opened?.text()) ?? "" };
}

/** After revoking: the page says the link opens nothing, and its media (`file`) answers 404. */
async function expectRevoked(visitor: BrowserContext, guest: Page, link: string, file: string) {
  const revoked = await guest.goto(link);
  expect(revoked?.status()).toBe(404);
  await expect(guest.getByRole("heading", { name: "This link does not open anything" })).toBeVisible();
  await expect(guest.getByRole("img")).toHaveCount(0);
  expect((await visitor.request.get(`${link}/${file}`)).status()).toBe(404);
}

test("a member shares a render without its prompt; a visitor sees the image alone, then 404 once revoked", async ({
  page,
  browser,
}, testInfo) => {
  const api = await asGrace(page);
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
  await shoot(page, "share-dialog", testInfo);
  const link = await share.createLink();
  expect(link).toMatch(new RegExp(`^${AUTH_APP}/s/[A-Za-z0-9_-]{43}$`));
  await shoot(page, "share-dialog-created", testInfo);
  await share.done.click();
  await expect(new ShareLinks(page).row(link)).toContainText("Hidden");

  const { visitor, guest, html } = await openAsVisitor(browser, link);
  const image = guest.getByRole("img", { name: "Shared image" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(guest.getByRole("link", { name: "Download" })).toBeVisible();
  // Nothing of the prompt, the member, the render's id or the dashboard's frame, in the HTML and
  // the React payload it carries.
  for (const leak of [prompt, "Grace", id, "Render dashboard", "/api/"]) expect(html).not.toContain(leak);
  await expect(guest.getByRole("banner")).toHaveCount(0);
  await expect(guest.locator('a[href]:not([href^="/s/"])')).toHaveCount(0);
  await shoot(guest, "shared-page", testInfo);

  // The member revokes it from their list of links (the header's "Share links").
  await page.setViewportSize(DESKTOP);
  await page.getByRole("navigation", { name: "Member" }).getByRole("link", { name: "Share links" }).click();
  await expect(page).toHaveURL(/\/shares$/);
  await expect(new ShareLinks(page).row(link)).toBeVisible();
  await shoot(page, "share-links", testInfo);
  await page.setViewportSize(DESKTOP);
  // A slow answer: the confirmation says it is revoking, and a second press sends nothing.
  const deletes = await slowRequests(page, "DELETE", "**/api/shares/*");
  const row = new ShareLinks(page).row(link);
  await row.getByRole("button", { name: /^Revoke/ }).click();
  await pressTwice(row.getByRole("group", { name: /^Revoke link/ }).getByRole("button", { name: /^Revoke/ }));
  const revoking = row.getByRole("button", { name: /^Revoking…/ });
  await expect(revoking).toHaveAttribute("aria-busy", "true");
  await expect(revoking).toBeDisabled();
  await expect(row).toHaveCount(0);
  expect(deletes.count).toBe(1);

  await expectRevoked(visitor, guest, link, "file");
  await shoot(guest, "shared-page-revoked", testInfo);
  await visitor.close();
});

test("Share in the viewer opens over it: arrow keys in it do not move the viewer, and Escape closes only the dialog", async ({
  page,
}) => {
  await new SignInPage(page).signInQuietly("linus@example.com");
  const api = new DashboardApi(page.request, FROM_DASHBOARD);
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

test("a member shares a board of two renders; a visitor sees its two outputs, then 404 once revoked", async ({
  page,
  browser,
}, testInfo) => {
  const api = await asGrace(page);
  const prompts = [uniquePrompt("a shared board's fern"), uniquePrompt("a shared board's moss")];
  const ids: string[] = [];
  for (const prompt of prompts) ids.push((await api.createRender({ kind: "image", prompt })).id);
  for (const id of ids) expect((await api.settled(id)).status).toBe("ready");
  const name = uniquePrompt("Greens");
  const made = await page.request.post("/api/boards", {
    data: { name, description: "For the client" },
    headers: FROM_DASHBOARD,
  });
  expect(made.status()).toBe(201);
  const { id: boardId } = (await made.json()) as { id: string };
  const added = await page.request.post(`/api/boards/${boardId}/renders`, {
    data: { ids, action: "add" },
    headers: FROM_DASHBOARD,
  });
  expect(added.status()).toBe(200);

  await page.goto(`/boards/${boardId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const share = new ShareDialog(page);
  await share.open();
  await expect(share.dialog).toHaveAccessibleName("Share this board");
  const link = await share.createLink();
  expect(link).toMatch(new RegExp(`^${AUTH_APP}/s/[A-Za-z0-9_-]{43}$`));
  await share.done.click();
  const links = new ShareLinks(page);
  await expect(links.row(link)).toContainText("Shown");
  await shoot(page, "board-share-links", testInfo);

  const { visitor, guest, html } = await openAsVisitor(browser, link);
  await expect(guest.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(guest.getByText("For the client")).toBeVisible();
  const outputs = guest.getByRole("list", { name: "Outputs" }).getByRole("img");
  await expect(outputs).toHaveCount(2);
  for (const prompt of prompts) {
    await expect(guest.getByRole("img", { name: prompt })).toBeVisible();
    await expect(guest.getByRole("paragraph").filter({ hasText: prompt })).toBeVisible();
  }
  for (const img of await outputs.all()) {
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
  for (const leak of ["Grace", boardId, "Render dashboard", "/api/"]) expect(html).not.toContain(leak);
  await expect(guest.locator('a[href]:not([href^="/s/"])')).toHaveCount(0);
  await shoot(guest, "shared-board", testInfo);

  await page.setViewportSize(DESKTOP);
  await links.revoke(link);
  await expectRevoked(visitor, guest, link, `file?render=${ids[0]}`);
  await shoot(guest, "shared-board-revoked", testInfo);
  await visitor.close();
});
