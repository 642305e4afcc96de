/**
 * Live updates between two people (the "sign-in" project: two members at two computers). A render
 * one starts shows in the other's open gallery within 2 s, without a reload, and reaches Ready in
 * both; a page whose stream a proxy refuses says live updates are paused and still shows changes.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, hearsLiveStream, test, uniquePrompt } from "./fixtures";
import { GalleryPage } from "./pages/gallery.page";
import { RenderFormPage } from "./pages/render-form.page";
import { FROM_DASHBOARD, signedInPage } from "./pages/sign-in.page";

/** Screenshots of the paused notice, for a person to look at. */
const SHOTS = "/tmp/live-updates";

/** Opens the gallery and waits until it hears the live stream (its own, or another tab's relayed). */
async function openLiveGallery(page: Page, query = ""): Promise<GalleryPage> {
  const gallery = new GalleryPage(page);
  await gallery.goto(query);
  await hearsLiveStream(page);
  return gallery;
}

/** Marks the document, so a reload (which would clear the mark) cannot pass for a live update. */
const markDocument = (page: Page) =>
  page.evaluate(() => document.documentElement.setAttribute("data-mark", "1"));
const stillSameDocument = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute("data-mark") === "1");

test("a render one member starts appears in another's gallery within 2 s and reaches Ready in both", async ({
  browser,
}, testInfo) => {
  const grace = await signedInPage(browser, testInfo, "grace@example.com");
  const linus = await signedInPage(browser, testInfo, "linus@example.com");
  const graceGallery = await openLiveGallery(grace);
  const linusGallery = await openLiveGallery(linus);
  await markDocument(linus);

  const prompt = uniquePrompt("Live: a kite over dunes");
  const form = new RenderFormPage(grace);
  await form.prompt.fill(prompt);
  const created = grace.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/renders" && r.request().method() === "POST",
  );
  await form.start.click();
  expect((await created).status()).toBe(202);

  await expect(linusGallery.card(prompt)).toBeVisible({ timeout: 2_000 });
  await expect(linusGallery.card(prompt)).toContainText("Grace");
  for (const gallery of [graceGallery, linusGallery]) {
    await expect(gallery.card(prompt).getByText("Ready", { exact: true })).toBeVisible({ timeout: 30_000 });
  }
  expect(await stillSameDocument(linus)).toBe(true);
  await Promise.all([grace.context().close(), linus.context().close()]);
});

test("a page whose stream is refused says live updates are paused, and still shows new renders", async ({
  browser,
}, testInfo) => {
  const linus = await signedInPage(browser, testInfo, "linus@example.com");
  // A proxy in the way that does not pass event streams through.
  await linus.route("**/api/events*", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
  const gallery = new GalleryPage(linus);
  await gallery.goto();
  const notice = linus.getByRole("status").filter({ hasText: "Live updates paused" });
  await expect(notice).toBeVisible();
  await markDocument(linus);
  // For a person to look at: where the notice sits in the header on a desktop and on a phone.
  mkdirSync(SHOTS, { recursive: true });
  await linus.screenshot({ path: `${SHOTS}/paused-desktop.png` });
  await linus.setViewportSize({ width: 390, height: 844 });
  await linus.screenshot({ path: `${SHOTS}/paused-phone.png` });

  const grace = await signedInPage(browser, testInfo, "grace@example.com");
  const prompt = uniquePrompt("Paused: a lantern in fog");
  expect(
    (
      await grace.request.post("/api/renders", { data: { kind: "image", prompt }, headers: FROM_DASHBOARD })
    ).status(),
  ).toBe(202);
  // The fallback re-reads the dashboard every 10 s.
  await expect(gallery.card(prompt)).toBeVisible({ timeout: 12_000 });
  expect(await stillSameDocument(linus)).toBe(true);
  await Promise.all([grace.context().close(), linus.context().close()]);
});

test("signing out in one tab ends the live stream in the browser's other tabs, which go to sign-in", async ({
  browser,
}, testInfo) => {
  const first = await signedInPage(browser, testInfo, "grace@example.com");
  const second = await first.context().newPage();
  // On a filtered view, so the tab that signs out must not follow its own message (which would
  // send it to sign-in with a way back to this view).
  await openLiveGallery(first, "?kind=video");
  await openLiveGallery(second);
  await first.getByRole("navigation", { name: "Member" }).getByRole("button", { name: "Sign out" }).click();
  await expect(first).toHaveURL(/\/sign-in$/);
  await expect(second).toHaveURL(/\/sign-in$/);
  await first.waitForTimeout(500);
  await expect(first).toHaveURL(/\/sign-in$/);
  await first.context().close();
});
