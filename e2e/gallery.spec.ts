import { RenderFormPage } from "./pages/render-form.page";
import type { Locator } from "@playwright/test";
import { expect, hearsLiveStream, simulatorBalance, test, uniquePrompt } from "./fixtures";

const KLING_720_5S = { kind: "video", model: "kling", resolution: "720p", durationSeconds: 5 } as const;
/** The longest unstitched video: about 3.6 s at the e2e time scale, long enough to watch it run. */
const KLING_720_15S = { ...KLING_720_5S, durationSeconds: 15 } as const;
/** About 6 s at the e2e time scale (two stitched clips): time to load the page and watch it run. */
const SEEDANCE_480_30S = {
  kind: "video",
  model: "seedance",
  resolution: "480p",
  durationSeconds: 30,
} as const;
/** Three stitched clips: long enough to see clip progress advance. */
const SEEDANCE_480_45S = { ...SEEDANCE_480_30S, durationSeconds: 45 } as const;

// Renders made through the API are created before the page opens: an idle gallery (nothing
// unfinished) does not poll, so a render started elsewhere shows on the next focus or create.

/** Starts a render with the form (the other way in: the gallery hears of it at once). */
async function startFromForm(
  form: RenderFormPage,
  prompt: string,
  options: { kind: "image" } | { kind: "video"; model: string; resolution: string; durationSeconds: number },
) {
  if (options.kind === "video") {
    await form.chooseKind("Video");
    await form.model.selectOption(options.model);
    await form.resolution.selectOption(options.resolution);
    await form.setDuration(options.durationSeconds);
  }
  await form.prompt.fill(prompt);
  await form.startAcceptingCost();
}

test.describe("a render under way", () => {
  // The suite runs as someone who asks for less motion (playwright.config.ts); this test shows the
  // motion everyone else sees, then that asking for less stops it.
  test.use({ reducedMotion: "no-preference" });

  test("shows its elapsed time against the typical one, live, and pulses a few times, not for ever", async ({
    page,
    gallery,
  }) => {
    // Started from the form on an open page, so the whole run is watched, however slow the page load.
    await gallery.goto();
    const prompt = uniquePrompt("A tide coming in");
    await startFromForm(new RenderFormPage(page), prompt, SEEDANCE_480_30S);
    const card = gallery.card(prompt);
    await expect(card.getByText(/^(Submitting|Pending|Running)$/)).toBeVisible();
    // A clock up to the typical time, then words instead of an overrunning timer. Read first, while
    // the render surely runs: on a loaded machine the checks below can outlast it.
    const clock = card.getByText(/^(\d+:\d\d of ~\d+:\d\d|Taking longer than usual)$/);
    const first = await clock.textContent();
    // The clock ticks on its own: nothing is refetched while the render runs.
    await expect(clock).not.toHaveText(first ?? "", { timeout: 5_000 });
    // Its dot and backdrop and the gallery's "in progress" badge pulse, but not for ever: an endless
    // animation makes the browser draw every frame for as long as any render runs.
    const animations = (part: Locator) =>
      part.evaluate((element) =>
        element.getAnimations({ subtree: true }).map((a) => a.effect?.getComputedTiming().iterations ?? 0),
      );
    for (const part of [card, page.getByText(/^\d+ in progress$/)]) {
      const iterations = await animations(part);
      expect(iterations.length).toBeGreaterThan(0);
      for (const count of iterations) expect(count).toBeLessThan(Infinity);
    }
    await page.emulateMedia({ reducedMotion: "reduce" });
    await expect.poll(() => animations(card)).toEqual([]);
    await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText(/Took \d+:\d\d/);
    await expect(clock).toHaveCount(0);
  });
});

test.describe("gallery", () => {
  test("a video reaches Ready and plays", async ({ gallery, api }) => {
    const prompt = uniquePrompt("A hummingbird at a feeder");
    const created = await api.createRender({ ...KLING_720_15S, prompt });
    await gallery.goto();
    const card = gallery.card(prompt);
    await expect(card).toContainText(`${created.creditsCharged} credits`);
    await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText(/Took \d+:\d\d/);
    const video = card.locator("video");
    await expect(video).toHaveAttribute("preload", "metadata");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    await video.evaluate((v: HTMLVideoElement) => v.play());
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
    expect(await video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(2);
  });

  test("a stitched seedance render shows its clip progress", async ({ gallery, api }) => {
    const prompt = uniquePrompt("A river from source to sea");
    const created = await api.createRender({ ...SEEDANCE_480_45S, prompt });
    await gallery.goto();
    const card = gallery.card(prompt);
    const progress = card.getByRole("progressbar", { name: /^Clips \d of 3$/ });
    await expect(progress).toHaveAttribute("aria-valuemax", "3", { timeout: 30_000 });
    await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 40_000 });
    await expect(card.getByRole("progressbar", { name: "Clips 3 of 3" })).toHaveAttribute(
      "aria-valuenow",
      "3",
    );
    expect((await api.render(created.id)).chain).toEqual({ clipsReady: 3, clipsTotal: 3 });
  });

  test("a failed render shows why, its refund, and the balance comes back", async ({
    gallery,
    api,
    request,
  }) => {
    const prompt = uniquePrompt("A glass bridge [fail]");
    const created = await api.createRender({ ...KLING_720_15S, prompt });
    await gallery.goto();
    const card = gallery.card(prompt);
    await expect(card.getByText("Failed", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(card).toContainText(`Refunded ${created.creditsCharged} credits`);
    await expect(card).toContainText("Generation failed");
    // The account follows the refund without a reload.
    const balance = await simulatorBalance(request);
    await expect(gallery.account).toContainText(`Balance ${balance.toLocaleString("en-US")}`);
  });

  test("a stitched render that stops part way says which clip failed and shows a partial refund", async ({
    gallery,
    api,
  }) => {
    const prompt = uniquePrompt("A city waking up [partial]");
    const created = await api.createRender({ ...SEEDANCE_480_45S, prompt });
    const settled = await api.settled(created.id);
    expect(settled.status).toBe("failed");
    await gallery.goto();
    const card = gallery.card(prompt);
    await expect(card).toContainText(
      `Refunded ${settled.creditsRefunded.toLocaleString("en-US")} of ${settled.creditsCharged.toLocaleString("en-US")} credits`,
    );
    await expect(card.getByRole("progressbar", { name: "Clips 1 of 3" })).toBeVisible();
    await expect(card).toContainText("Clip 2 of 3 failed; clip 1 was made");
  });

  test("an image batch is one group of variants, each with its own status", async ({ gallery, api }) => {
    const prompt = uniquePrompt("Three teacups");
    const created = await api.createRender({ kind: "image", prompt, imageCount: 3 });
    await gallery.goto();
    const batch = gallery.batch(3).filter({ hasText: prompt });
    await expect(batch.getByRole("article")).toHaveCount(3);
    for (const card of await batch.getByRole("article").all()) {
      await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 30_000 });
      await expect(card.locator("img")).toHaveJSProperty("complete", true);
    }
    expect(created.ids).toHaveLength(3);
  });

  test("rows stay justified around batches of 1, 2 and 4 variants, on a desktop and a phone", async ({
    page,
    gallery,
    api,
  }) => {
    const tag = uniquePrompt("Rows: shells");
    const requests = [
      { imageAspectRatio: "1:1" },
      { imageCount: 2, imageAspectRatio: "9:16" },
      { imageAspectRatio: "16:9" },
      { imageCount: 4, imageAspectRatio: "16:9" },
      { imageCount: 1, imageAspectRatio: "9:16" },
      { imageCount: 2, imageAspectRatio: "1:1" },
      { imageCount: 4, imageAspectRatio: "9:16" },
      { imageAspectRatio: "16:9" },
      { imageAspectRatio: "1:1" },
    ];
    const ids: string[] = [];
    for (const [i, request] of requests.entries()) {
      ids.push(...(await api.createRender({ kind: "image", prompt: `${tag} #${i}`, ...request })).ids);
    }
    await api.allSettled(ids);
    /** Pixels of rounding a browser may leave between boxes laid out to the same size. */
    const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
    for (const width of [1440, 390]) {
      // Tall enough that every row is measured as drawn on screen.
      await page.setViewportSize({ width, height: 2400 });
      await gallery.goto(`?q=${encodeURIComponent(tag)}`);
      await expect(gallery.region.locator("article img")).toHaveCount(ids.length);
      const edges = await gallery.region.boundingBox();
      const rows = await gallery.rows();
      expect(rows.length).toBeGreaterThan(1);
      for (const [i, row] of rows.entries()) {
        const where = `${width} px, row ${i + 1}: ${JSON.stringify(row)}`;
        expect(spread(row.items.map((item) => item.height)), where).toBeLessThanOrEqual(1);
        // One height for the images across the row, and along each line of a group's variants.
        expect(spread(row.items.map((item) => item.imageLines[0]!).flat()), where).toBeLessThanOrEqual(1.5);
        for (const line of row.items.flatMap((item) => item.imageLines)) {
          expect(spread(line), where).toBeLessThanOrEqual(1.5);
        }
        expect(Math.abs(row.items[0]!.left - edges!.x), where).toBeLessThanOrEqual(1);
        // The last row may end short of the right edge, as text does.
        if (i < rows.length - 1) {
          expect(Math.abs(row.items.at(-1)!.right - (edges!.x + edges!.width)), where).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  test("pages load as the list scrolls, and a batch split across pages comes back together", async ({
    page,
    gallery,
    api,
  }) => {
    const tag = uniquePrompt("Paging: pebbles");
    const requests = 9;
    let last = "";
    for (let i = 0; i < requests; i++) {
      last = (await api.createRender({ kind: "image", prompt: `${tag} #${i}`, imageCount: 4 })).id;
    }
    await api.settled(last);
    await gallery.goto(`?q=${encodeURIComponent(tag)}`);
    const articles = gallery.region.getByRole("article");
    // One page of 30 renders: seven whole batches and two variants of the eighth.
    await expect(articles).toHaveCount(30);
    await expect(gallery.loadMore).toBeVisible();
    await page.mouse.wheel(0, 100_000);
    await expect(articles).toHaveCount(requests * 4);
    await expect(gallery.batch(4)).toHaveCount(requests);
    for (const batch of await gallery.batch(4).all()) await expect(batch.getByRole("article")).toHaveCount(4);
    await expect(gallery.region).toContainText(`All ${requests * 4} renders shown`);
    await expect(gallery.loadMore).toHaveCount(0);
  });

  test("a reload keeps every render as it was", async ({ page, gallery, api }) => {
    const ready = uniquePrompt("Reload: a lantern");
    const failed = uniquePrompt("Reload: a kite [fail]");
    const a = await api.createRender({ kind: "image", prompt: ready });
    const b = await api.createRender({ ...KLING_720_5S, prompt: failed });
    await api.settled(a.id);
    const failedRender = await api.settled(b.id);
    await gallery.goto();
    await expect(gallery.card(ready).getByText("Ready", { exact: true })).toBeVisible();
    await page.reload();
    await expect(gallery.card(ready).getByText("Ready", { exact: true })).toBeVisible();
    await expect(gallery.card(ready).locator("img")).toBeVisible();
    await expect(gallery.card(failed)).toContainText(`Refunded ${failedRender.creditsRefunded} credits`);
  });

  test("Reuse settings fills the form with the render's parameters and starts nothing", async ({
    page,
    gallery,
    api,
  }) => {
    const prompt = uniquePrompt("Reuse settings: a fox in snow");
    await api.createRender({ ...KLING_720_5S, prompt });
    await gallery.goto("?kind=video");
    await gallery.action(gallery.card(prompt), "Reuse settings");
    const form = new RenderFormPage(page);
    await expect(form.prompt).toHaveValue(prompt);
    await expect(form.model).toHaveValue("kling");
    await expect(form.resolution).toHaveValue("720p");
    // The gallery's filter stays; the request's parameter leaves the URL once read.
    await expect(page).toHaveURL(/\/\?kind=video$/);
    expect(await api.search(prompt)).toHaveLength(1);
  });

  test("filters live in the URL and survive a reload", async ({ page, gallery, api }) => {
    const tag = uniquePrompt("filtertag");
    const failed = `${tag} a broken vase [fail]`;
    const fine = `${tag} a whole vase`;
    const failing = await api.createRender({ ...KLING_720_5S, prompt: failed });
    await api.allSettled([failing.id, (await api.createRender({ kind: "image", prompt: fine })).id]);

    await gallery.goto();
    await gallery.status.selectOption({ label: "Failed" });
    await expect(page).toHaveURL(/[?&]status=failed/);
    await gallery.search.fill(tag);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag.replace(" ", "\\+")}`));
    await expect(gallery.cards(failed)).toHaveCount(1);
    await expect(gallery.cards(fine)).toHaveCount(0);

    await page.reload();
    await expect(gallery.status).toHaveValue("failed");
    await expect(gallery.search).toHaveValue(tag);
    await expect(gallery.cards(failed)).toHaveCount(1);
    await expect(gallery.cards(fine)).toHaveCount(0);
    for (const card of await gallery.region.getByRole("article").all()) {
      await expect(card.getByText("Failed", { exact: true })).toBeVisible();
    }

    await gallery.kind.selectOption({ label: "Images" });
    await expect(page).toHaveURL(/[?&]kind=image/);
    await expect(gallery.region).toContainText("No renders match these filters.");
    await gallery.region.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).not.toHaveURL(/status=|kind=|q=/);
    await expect(gallery.cards(fine)).toHaveCount(1);
  });

  test("a render finishing in a hidden tab shows in the title until the tab is back", async ({
    page,
    gallery,
  }) => {
    // Headless pages are always visible; let the test say when this one is hidden.
    await page.addInitScript(() => {
      const state = { hidden: false };
      Object.defineProperty(window, "__setHidden", {
        value: (hidden: boolean) => {
          state.hidden = hidden;
          document.dispatchEvent(new Event("visibilitychange"));
        },
      });
      Object.defineProperty(document, "visibilityState", {
        get: () => (state.hidden ? "hidden" : "visible"),
      });
      Object.defineProperty(document, "hidden", { get: () => state.hidden });
    });
    const setHidden = (hidden: boolean) =>
      page.evaluate(
        (h) => (window as unknown as { __setHidden: (h: boolean) => void }).__setHidden(h),
        hidden,
      );
    const prompt = uniquePrompt("Title: a snail race");
    // Only this render in view: renders of earlier tests may still finish during this one, and the
    // title counts every render of the view that finishes while the tab is away.
    await gallery.goto(`?q=${encodeURIComponent(prompt)}`);
    // The page must hear the stream before the render can finish: one that opens later never sees
    // it finish (a fresh stream does not replay), it only reads it, already Ready.
    await hearsLiveStream(page);
    // Hidden before the start, so the render surely finishes while the tab is away.
    await setHidden(true);
    await startFromForm(new RenderFormPage(page), prompt, { kind: "image" });
    await expect(gallery.card(prompt).getByText("Ready", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle("(1) Render dashboard");
    await setHidden(false);
    await expect(page).toHaveTitle("Render dashboard");
  });

  test("follows a running render to Ready from the live stream alone, reading nothing again", async ({
    page,
    gallery,
    api,
  }) => {
    const prompt = uniquePrompt("Quiet: a sleeping cat");
    await api.createRender({ ...SEEDANCE_480_30S, prompt });
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
    await gallery.goto(`?q=${encodeURIComponent(prompt)}`);
    await stream;
    const card = gallery.card(prompt);
    await expect(card.getByText(/^(Pending|Running)$/)).toBeVisible();
    // Once the stream is open the page reads what it showed once more (it may predate the stream).
    await page.waitForTimeout(1_000);
    const reads: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/renders")) reads.push(r.url());
    });
    await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 30_000 });
    await page.waitForTimeout(2_000);
    expect(reads).toEqual([]);
  });
});
