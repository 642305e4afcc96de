/**
 * Review together (the "sign-in" project, issue 28): Grace at a desktop and Linus on a phone review
 * one image. Grace pins a comment mentioning Linus; live, with no reload, Linus sees the pin on the
 * same spot of the image and an inbox item; he replies and resolves. How fast a comment reaches the
 * other pages is a benchmark's figure (`npm run bench -- review`, p95 ≤ 1 s), not this test's: on a
 * loaded machine a 2 s limit here failed while the pages were live. A change request then an approval move the
 * badge and the board's count. A comment holding markup shows as text. A comment pinned at a video's
 * time seeks the video. A guest comments through a link made with comments on, and is refused once
 * it is revoked. (The 21st comment in a minute's 429 is tested over HTTP: test/server, review-server.)
 */
import type { Browser, Page, TestInfo } from "@playwright/test";
import {
  DashboardApi,
  expect,
  hearsLiveStream,
  liveStreamOpens,
  screenshots,
  test,
  uniquePrompt,
} from "./fixtures";
import { ReviewPanel } from "./pages/review.page";
import { ShareDialog, ShareLinks } from "./pages/shares.page";
import { FROM_DASHBOARD, SignInPage } from "./pages/sign-in.page";

/** Within 2 % of the image's size, as the issue asks. */
const SAME_SPOT = 0.02;

async function memberAt(
  browser: Browser,
  testInfo: TestInfo,
  email: string,
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport });
  const page = await context.newPage();
  await new SignInPage(page).signInQuietly(email);
  return page;
}

/** Opens the gallery's viewer on a render and waits until the page hears live events. */
async function openViewer(page: Page, id: string): Promise<ReviewPanel> {
  const stream = liveStreamOpens(page);
  await page.goto(`/?view=${id}`);
  await stream;
  const review = new ReviewPanel(page);
  await expect(review.comments).toBeVisible();
  return review;
}

test("two members pin, mention, reply, resolve and decide live; markup stays text", async ({
  browser,
}, testInfo) => {
  const grace = await memberAt(browser, testInfo, "grace@example.com", { width: 1440, height: 900 });
  const linus = await memberAt(browser, testInfo, "linus@example.com", { width: 390, height: 844 });
  const api = new DashboardApi(grace.request, FROM_DASHBOARD);
  const image = await api.createRender({
    kind: "image",
    prompt: uniquePrompt("Review: a pear on a sill"),
    imageModel: "nano-banana",
    imageAspectRatio: "16:9",
  });
  await api.settled(image.id);
  const board = (await (
    await grace.request.post("/api/boards", {
      data: { name: uniquePrompt("Review board") },
      headers: FROM_DASHBOARD,
    })
  ).json()) as { id: string };
  expect(
    (
      await grace.request.post(`/api/boards/${board.id}/renders`, {
        data: { ids: [image.id], action: "add" },
        headers: FROM_DASHBOARD,
      })
    ).status(),
  ).toBe(200);

  const graceView = await openViewer(grace, image.id);
  const linusView = await openViewer(linus, image.id);
  const unreadBefore = await linusView.inbox.getAttribute("aria-label");

  // Grace pins a comment on a spot of the image, mentioning Linus from the suggestions.
  const spot = { x: 0.3, y: 0.65 };
  await graceView.commentButton.click();
  const drawn = await graceView.drawnImage();
  await grace.mouse.click(drawn.left + spot.x * drawn.width, drawn.top + spot.y * drawn.height);
  await expect(graceView.newComment).toBeFocused();
  await graceView.mention(graceView.newComment, "Li", "Linus");
  await graceView.newComment.pressSequentially("warmer light here");
  await expect(graceView.newComment).toHaveValue("@Linus warmer light here");
  await graceView.post.click();
  await expect(graceView.marker(1)).toBeVisible();

  // Linus, on a phone, sees it live at the same spot of the image, and an inbox item.
  await expect(linusView.marker(1)).toBeVisible();
  const seen = await linusView.markerShare(1);
  expect(Math.abs(seen.x - spot.x)).toBeLessThanOrEqual(SAME_SPOT);
  expect(Math.abs(seen.y - spot.y)).toBeLessThanOrEqual(SAME_SPOT);
  await expect(linusView.inbox).toHaveAttribute("aria-label", /^Inbox: \d+ unread$/);
  expect(await linusView.inbox.getAttribute("aria-label")).not.toBe(unreadBefore);

  // Linus replies, then resolves; Grace's page follows.
  const thread = linusView.thread(1);
  await thread.getByRole("button", { name: "Reply" }).click();
  await thread.getByRole("combobox", { name: "Reply" }).fill("On it.\nSecond line.");
  await thread.getByRole("button", { name: "Send reply" }).click();
  await expect(graceView.thread(1)).toContainText("On it.");
  await linusView.thread(1).getByRole("button", { name: "Resolve" }).click();
  await expect(graceView.openThreads.getByRole("listitem")).toHaveCount(0);
  await expect(graceView.marker(1)).toBeHidden();
  await expect(graceView.comments.getByText("Resolved (1)")).toBeVisible();

  // Markup in a comment is text.
  const markup = `<img src=x onerror="window.__reviewXss=1">`;
  await graceView.commentButton.click();
  await graceView.newComment.fill(markup);
  await graceView.post.click();
  await expect(linusView.comments.getByText(markup, { exact: true })).toBeVisible();
  expect(await linus.evaluate(() => (window as { __reviewXss?: number }).__reviewXss)).toBeUndefined();

  // Linus asks for changes (the note takes the focus), then approves: the badge and the board follow.
  await linusView.requestChanges.click();
  await expect(linusView.note).toBeFocused();
  await linusView.note.fill("Crop the left edge.");
  await linusView.sendChanges.click();
  await expect(graceView.badge).toHaveText("Changes requested by Linus");
  const boardPage = await grace.context().newPage();
  // It must hear the approval live: the stream (relayed by Grace's other tab) heard before Linus approves.
  await boardPage.goto(`/boards/${board.id}`);
  await hearsLiveStream(boardPage);
  await expect(boardPage.locator("[data-board-approved]")).toHaveText("0 of 1 approved");
  await linusView.approve.click();
  await expect(graceView.badge).toHaveText("Approved by Linus");
  await expect(boardPage.locator("[data-board-approved]")).toHaveText("1 of 1 approved");

  // The inbox item opens the render in the viewer on its comment.
  await linus.keyboard.press("Escape");
  await expect(linus.getByRole("dialog")).toBeHidden();
  await linusView.inbox.click();
  const item = linus
    .getByRole("list", { name: "Inbox items" })
    .getByRole("link")
    .filter({ hasText: "warmer light here" });
  await item.first().click();
  await expect(linus).toHaveURL(new RegExp(`view=${image.id}&comment=cmt_`));
  await expect(linusView.thread(1)).toHaveAttribute("data-highlighted", "true");
});

test("choosing a comment pinned at a video's time seeks the video", async ({ browser }, testInfo) => {
  const grace = await memberAt(browser, testInfo, "grace@example.com", { width: 1440, height: 900 });
  const api = new DashboardApi(grace.request, FROM_DASHBOARD);
  const video = await api.createRender({
    kind: "video",
    model: "seedance",
    resolution: "480p",
    durationSeconds: 5,
    aspectRatio: "16:9",
    prompt: uniquePrompt("Review: a paper boat"),
  });
  await api.settled(video.id);
  const t = 1.5;
  const posted = await grace.request.post(`/api/renders/${video.id}/comments`, {
    data: { text: "The wave breaks too early", pin: { kind: "time", t } },
    headers: FROM_DASHBOARD,
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await grace.goto(`/renders/${video.id}`);
  const review = new ReviewPanel(grace, grace.getByRole("main"));
  await expect(review.marker(1)).toHaveAccessibleName("Comment 1 at 00:01.5");
  await review
    .thread(1)
    .getByRole("button", { name: /^Show comment 1/ })
    .click();
  await expect
    .poll(() => grace.locator("video").evaluate((element: HTMLVideoElement) => element.currentTime))
    .toBeCloseTo(t, 1);
});

test("a guest comments through a link made with comments on, and is refused once it is revoked", async ({
  browser,
}, testInfo) => {
  const grace = await memberAt(browser, testInfo, "grace@example.com", { width: 1440, height: 900 });
  const api = new DashboardApi(grace.request, FROM_DASHBOARD);
  const image = await api.createRender({
    kind: "image",
    prompt: uniquePrompt("Review: a kite over dunes"),
    imageModel: "nano-banana",
    imageAspectRatio: "1:1",
  });
  await api.settled(image.id);
  await grace.goto(`/renders/${image.id}`);
  const share = new ShareDialog(grace);
  await share.open();
  const allow = share.dialog.getByRole("switch", { name: "Allow comments" });
  await expect(allow).not.toBeChecked();
  await allow.click();
  const link = await share.createLink();
  await share.done.click();

  const guest = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await guest.goto(link);
  const review = new ReviewPanel(guest, guest.getByRole("main"));
  await guest.getByRole("textbox", { name: "Your name" }).fill("Ann");
  await review.pinComment({ x: 0.5, y: 0.25 }, "Lovely, but the kite string is missing");
  await expect(review.thread(1)).toContainText("Guest: Ann");
  await expect(review.marker(1)).toBeVisible();
  // The name is kept in the guest's browser.
  await guest.reload();
  await expect(guest.getByRole("textbox", { name: "Your name" })).toHaveValue("Ann");
  await screenshots(guest, testInfo, "review-guest");

  await new ShareLinks(grace).revoke(link);
  await review.newComment.fill("Still there?");
  await review.post.click();
  // Refused: the post says so (and the threads can no longer be read either).
  await expect(review.comments.getByRole("alert").first()).toBeVisible();
  await expect(review.thread(2)).toHaveCount(0);
});
