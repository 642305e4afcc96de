import { ZOOM_STEP } from "@/components/compare/zoom";
import { seriousViolations } from "./axe";
import { ComparePage } from "./pages/compare.page";
import { expect, test, uniquePrompt } from "./fixtures";

const ratios = (after: number[], before: number[]) => after.map((width, i) => width / (before[i] ?? 1));

test.describe("compare", () => {
  test("three renders of two kinds side by side: differences marked, one zoom for every image, live until ready", async ({
    page,
    api,
  }) => {
    const prompt = uniquePrompt("Compare: a harbour at dawn");
    const first = await api.createRender({
      kind: "image",
      imageModel: "seedream",
      imageResolution: "2K",
      prompt,
    });
    const second = await api.createRender({
      kind: "image",
      imageModel: "nano-banana",
      imageAspectRatio: "16:9",
      prompt,
    });
    await api.settled(first.id);
    await api.settled(second.id);
    // Started last, so the page most likely opens before it is ready and must follow it live.
    const video = await api.createRender({
      kind: "video",
      model: "kling",
      resolution: "720p",
      durationSeconds: 5,
      prompt,
    });

    const compare = new ComparePage(page);
    await compare.goto([first.id, second.id, video.id]);
    await expect(page).toHaveTitle(/^Compare/);
    await expect(compare.panes).toHaveCount(3);
    await expect(compare.pane("A")).toContainText("seedream");
    await expect(compare.pane("B")).toContainText("nano-banana");
    await expect(compare.pane("C")).toContainText("kling");
    for (const [letter, id] of [
      ["A", first.id],
      ["B", second.id],
      ["C", video.id],
    ] as const) {
      await expect(
        compare.pane(letter).getByRole("link", { name: `Render page of ${letter}` }),
      ).toHaveAttribute("href", `/renders/${id}`);
    }

    // The video arrives on this page without a reload.
    await expect(compare.pane("C").getByText("Ready", { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(compare.pane("C").locator("video")).toBeVisible();

    // The same prompt is not marked; the kind and model, which differ, are marked in every pane.
    for (const letter of ["A", "B", "C"]) {
      const marked = await compare.differing(compare.pane(letter));
      expect(marked).toEqual(expect.arrayContaining(["Kind", "Model"]));
      expect(marked).not.toContain("Prompt");
    }

    // `+` zooms both images by one step together; Fit returns them.
    await expect(compare.panes.getByRole("img")).toHaveCount(2);
    const fitted = await compare.imageWidths();
    await page.keyboard.press("+");
    await expect(compare.zoomLevel).toHaveText(`${Math.round(ZOOM_STEP * 100)}%`);
    for (const ratio of ratios(await compare.imageWidths(), fitted)) expect(ratio).toBeCloseTo(ZOOM_STEP, 2);
    // The wheel over one image zooms the other as well, by the same amount.
    await compare.pane("B").getByRole("img").hover();
    await page.mouse.wheel(0, -200);
    await expect(compare.zoomLevel).not.toHaveText(`${Math.round(ZOOM_STEP * 100)}%`);
    const [a, b] = ratios(await compare.imageWidths(), fitted);
    expect(a).toBeGreaterThan(ZOOM_STEP);
    expect(a).toBeCloseTo(b ?? 0, 2);
    await compare.fit.click();
    await expect(compare.zoomLevel).toHaveText("100%");

    expect(await seriousViolations(page)).toEqual([]);
  });

  test("two images wipe between each other, and the page reopens that way", async ({ page, api }) => {
    const prompt = uniquePrompt("Compare: a glass of water");
    const first = await api.createRender({ kind: "image", imageResolution: "1K", prompt });
    const second = await api.createRender({ kind: "image", imageResolution: "2K", prompt });
    await api.settled(first.id);
    await api.settled(second.id);

    // A comment pinned towards a corner of the first, for the pan below.
    const commented = await page.request.post(`/api/renders/${first.id}/comments`, {
      data: { text: "This corner", pin: { kind: "point", x: 0.72, y: 0.28 } },
      headers: { origin: new URL(String(test.info().project.use.baseURL)).origin },
    });
    expect(commented.status(), await commented.text()).toBe(201);

    const compare = new ComparePage(page);
    await compare.goto([first.id, second.id]);
    await expect(compare.differing(compare.pane("A"))).resolves.toEqual(["Resolution"]);

    // Choosing the comment pans the shared view until its marker is in the middle.
    const paneA = compare.pane("A");
    const frame = paneA.getByRole("group", { name: /^Image A/ });
    const marker = paneA.getByRole("button", { name: "Comment 1", exact: true });
    const offCentre = async () => {
      const [box, dot] = [await frame.boundingBox(), await marker.boundingBox()];
      if (!box || !dot) return Number.NaN;
      const dx = (dot.x + dot.width / 2 - (box.x + box.width / 2)) / box.width;
      const dy = (dot.y + dot.height / 2 - (box.y + box.height / 2)) / box.height;
      return Math.hypot(dx, dy);
    };
    await expect(marker).toBeVisible();
    expect(await offCentre()).toBeGreaterThan(0.1);
    await paneA.getByRole("button", { name: /^Show comment 1/ }).click();
    await expect.poll(offCentre).toBeLessThan(0.05);
    await compare.fit.click();

    await compare.wipe.click();
    await expect(compare.wipe).toHaveAttribute("aria-pressed", "true");
    await expect(page).toHaveURL(/[?&]view=wipe/);
    await expect(compare.wipeStage.getByRole("img")).toHaveCount(2);
    expect(await seriousViolations(page)).toEqual([]);

    // The slider moves the divider: keyboard first, then a value set directly.
    await expect(compare.wipePosition).toHaveValue("50");
    await compare.wipePosition.focus();
    await page.keyboard.press("ArrowLeft");
    await expect(compare.wipePosition).toHaveValue("49");
    await compare.wipePosition.fill("25");
    const stage = await compare.wipeStage.getByRole("group").boundingBox();
    expect(stage).toBeTruthy();
    // Where the handle's middle is across the stage, once the page has drawn the new value.
    const handleAt = async () => {
      const handle = await compare.wipeStage.locator("[data-wipe-handle]").boundingBox();
      return stage && handle ? (handle.x + handle.width / 2 - stage.x) / stage.width : Number.NaN;
    };
    await expect.poll(handleAt).toBeCloseTo(0.25, 1);

    // A drag on the images (which fit, so there is nothing to pan) moves the divider too.
    if (stage) {
      await page.mouse.move(stage.x + stage.width * 0.25, stage.y + stage.height / 2);
      await page.mouse.down();
      await page.mouse.move(stage.x + stage.width * 0.75, stage.y + stage.height / 2, { steps: 4 });
      await page.mouse.up();
    }
    await expect(compare.wipePosition).toHaveValue("75");

    // Refresh-safe: the address holds the layout.
    await page.reload();
    await expect(compare.wipe).toHaveAttribute("aria-pressed", "true");
    await expect(compare.wipePosition).toBeVisible();
    await compare.sideBySide.click();
    await expect(compare.wipePosition).toBeHidden();
    await expect(page).not.toHaveURL(/view=wipe/);
  });

  test("videos play, pause and seek together", async ({ page, api }) => {
    const prompt = uniquePrompt("Compare: a flag in the wind");
    const first = await api.createRender({
      kind: "video",
      model: "kling",
      resolution: "720p",
      durationSeconds: 5,
      prompt,
    });
    const second = await api.createRender({
      kind: "video",
      model: "seedance-fast",
      durationSeconds: 5,
      prompt,
    });
    await api.settled(first.id);
    await api.settled(second.id);

    const compare = new ComparePage(page);
    await compare.goto([first.id, second.id]);
    const videos = compare.panes.locator("video");
    await expect(videos).toHaveCount(2);
    // A seek before a video knows its length is only remembered, not made: wait for both to load that much.
    await expect
      .poll(() =>
        videos.evaluateAll((elements) => (elements as HTMLVideoElement[]).map((v) => v.readyState >= 1)),
      )
      .toEqual([true, true]);
    const states = () =>
      videos.evaluateAll((elements) =>
        (elements as HTMLVideoElement[]).map((video) => ({ paused: video.paused, time: video.currentTime })),
      );

    await compare.playAll.click();
    await expect.poll(async () => (await states()).map((s) => s.paused)).toEqual([false, false]);
    await compare.pauseAll.click();
    await expect.poll(async () => (await states()).map((s) => s.paused)).toEqual([true, true]);

    // Seeking one video (as its own controls do) moves the other to the same moment.
    await videos.nth(1).evaluate((video: HTMLVideoElement) => (video.currentTime = 1.5));
    await expect.poll(async () => (await states()).map((s) => s.time)).toEqual([1.5, 1.5]);
    // Playing the first from its own controls plays the second.
    await videos.nth(0).evaluate((video: HTMLVideoElement) => video.play());
    await expect.poll(async () => (await states()).map((s) => s.paused)).toEqual([false, false]);
    await expect(compare.pauseAll).toBeVisible();
    await videos.nth(0).evaluate((video: HTMLVideoElement) => video.pause());
    await expect.poll(async () => (await states()).map((s) => s.paused)).toEqual([true, true]);
    const [a, b] = (await states()).map((s) => s.time);
    expect(Math.abs((a ?? 0) - (b ?? 0))).toBeLessThan(0.35);
  });

  test("bad ids are named in an alert, and the renders that exist still show", async ({ page, api }) => {
    const prompt = uniquePrompt("Compare: a paper boat");
    const first = await api.createRender({ kind: "image", prompt });
    const second = await api.createRender({ kind: "image", prompt });
    const compare = new ComparePage(page);

    await compare.goto(`${first.id},not%20an%20id!,${first.id},rnd_nosuchrender,${second.id}`);
    await expect(compare.alert).toContainText("“not an id!”");
    await expect(compare.alert).toContainText(`more than once: “${first.id}”`);
    await expect(compare.alert).toContainText("“rnd_nosuchrender”");
    await expect(compare.panes).toHaveCount(2);
    await compare.alert.getByRole("link", { name: "Compare only the renders found" }).click();
    await expect(page).toHaveURL(`/compare?ids=${first.id},${second.id}`);
    await expect(compare.alert).toBeHidden();
    await expect(compare.panes).toHaveCount(2);

    await compare.goto(first.id);
    await expect(compare.alert).toContainText("needs 2 to 4 renders");
    await expect(compare.panes).toHaveCount(1);
    await compare.alert.getByRole("link", { name: "Pick renders in the gallery" }).click();
    await expect(page.getByRole("region", { name: "Renders" })).toBeVisible();
  });
});
