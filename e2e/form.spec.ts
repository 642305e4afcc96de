import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { SIMULATOR_URL, expect, holdChunk, liveStreamOpens, test, uniquePrompt } from "./fixtures";
import { RenderFormPage } from "./pages/render-form.page";

test.describe("render form", () => {
  test("an image batch of 3 reaches Ready in the gallery", async ({ page, api, gallery }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    const prompt = uniquePrompt("Lighthouse at dusk, three takes");
    await form.prompt.fill(prompt);
    await form.variants.selectOption("3");
    await form.start.click();

    await expect(page.getByText("3 images started")).toBeVisible();
    // Creatives iterate: the form keeps what was sent.
    await expect(form.prompt).toHaveValue(prompt);
    await expect(form.variants).toHaveValue("3");

    // The three variants are shown together as one batch, each reaching Ready.
    const batch = gallery.batch(3).filter({ has: page.getByRole("article", { name: prompt }) });
    const cards = batch.getByRole("article", { name: prompt });
    await expect(cards).toHaveCount(3);
    for (const card of await cards.all()) await expect(card).toContainText("Ready", { timeout: 30_000 });

    const renders = await api.search(prompt);
    expect(renders.map((r) => r.status)).toEqual(["ready", "ready", "ready"]);
    expect(renders.map((r) => r.params.imageCount)).toEqual([3, 3, 3]);
  });

  test("what is typed, chosen and pressed before the form's code arrives is kept, and the render starts", async ({
    page,
    api,
  }) => {
    // The form's code is held back until the page around it has hydrated and the form has been used.
    // A string of the form's own module (render-form.tsx), so of the chunk that holds it.
    const formCode = await holdChunk(page, "Edit them and start a new render.");
    const form = new RenderFormPage(page);
    const hydrated = liveStreamOpens(page);
    await form.goto();
    await Promise.all([formCode.requested, hydrated]);
    // The server's form shows the form's first values, not the first of each field's options.
    await expect(form.resolution).toHaveValue("2K");

    const prompt = uniquePrompt("Typed before the code, a kite over dunes");
    await form.prompt.fill(prompt);
    await form.model.selectOption("gpt-image-2");
    await form.variants.selectOption("2");
    // Held, not sent natively (which would reload the page), then pressed again once the code is there.
    await form.startAcceptingCost(async () => {
      await form.start.click();
      await expect(form.quality).toHaveCount(0); // the form has not hydrated yet
      formCode.release();
    });

    await expect(page.getByText("2 images started")).toBeVisible();
    await expect(form.prompt).toHaveValue(prompt);
    await expect(form.form.getByText(`${prompt.length} / 8,000`)).toBeVisible();
    await expect(form.model).toHaveValue("gpt-image-2");
    // The form's own code saw the model change: gpt-image-2's quality is offered.
    await expect(form.quality).toBeVisible();
    const renders = await api.search(prompt);
    expect(renders.map((r) => [r.params.imageModel, r.params.imageCount])).toEqual([
      ["gpt-image-2", 2],
      ["gpt-image-2", 2],
    ]);
  });

  test("switching model keeps what fits and says what it reset", async ({ page }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    await form.chooseKind("Video");
    await form.model.selectOption("kling");
    await form.resolution.selectOption("1080p");
    await form.setDuration(10);
    await form.aspectRatio.selectOption("9:16");

    await form.model.selectOption("seedance-fast");
    await expect(form.resolution).toHaveValue("720p");
    // The note sits under the field and is its description, so a screen reader hears it there too.
    await expect(form.resolution).toHaveAccessibleDescription(
      "Resolution reset to 720p: Seedance Fast only offers 720p",
    );
    await expect(form.duration).toHaveValue("10");
    await expect(form.aspectRatio).toHaveValue("9:16");

    await form.setDuration(30);
    await expect(form.duration).toHaveAccessibleDescription("Will be stitched from 2 clips of up to 15 s");

    await form.model.selectOption("veo-3.1");
    await expect(form.duration).toHaveValue("8");
    await expect(form.duration).toHaveAccessibleDescription(
      /Duration reset to 8 s: Veo 3\.1 offers 4, 6 or 8 s/,
    );
    await expect(form.duration.locator("option")).toHaveText(["4 s", "6 s", "8 s"]);
    // 720p still fits veo: kept, and the earlier note is gone.
    await expect(form.resolution).toHaveValue("720p");
    await expect(form.resolution).toHaveAccessibleDescription("");

    // Picking the reset field's value yourself retires its note.
    await form.setDuration(6);
    await expect(form.duration).not.toHaveAccessibleDescription(/reset/);

    // Quality belongs to gpt-image-2 only.
    await form.chooseKind("Image");
    await expect(form.quality).toHaveCount(0);
    await form.model.selectOption("gpt-image-2");
    await expect(form.quality).toBeVisible();
  });

  test("model changes made while the fitting's code is on the way are fitted once, with their notes", async ({
    page,
  }) => {
    // A string of the fitting's own module (fit-model.ts), so of the chunk that holds it; the page asks
    // for it once it is interactive.
    const fitting = await holdChunk(page, "only offers");
    const form = new RenderFormPage(page);
    await form.goto();
    await fitting.requested;
    await form.chooseKind("Video");
    await form.model.selectOption("kling");
    await form.resolution.selectOption("1080p");
    await form.model.selectOption("seedance-fast");
    fitting.release();

    await expect(form.resolution).toHaveValue("720p");
    await expect(form.resolution).toHaveAccessibleDescription(
      "Resolution reset to 720p: Seedance Fast only offers 720p",
    );
  });

  test("character counters follow the prompt and the negative prompt", async ({ page }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    await form.prompt.fill("a".repeat(8001));
    await expect(form.form.getByText("8,001 / 8,000")).toBeVisible();
    await form.start.click();
    await expect(form.prompt).toHaveAttribute("aria-invalid", "true");
    await expect(form.form.getByText("Prompt must be at most 8000 characters")).toBeVisible();

    await form.chooseKind("Video");
    await form.negativePrompt.fill("no text");
    await expect(form.form.getByText("7 / 500")).toBeVisible();
  });

  test("the keyboard alone fills and submits the form", async ({ page, gallery }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    const prompt = uniquePrompt("Keyboard only, a paper boat");

    await form.kind.getByRole("radio", { name: "Image" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(form.kind.getByRole("radio", { name: "Video" })).toBeChecked();
    // The video fields come with their own code; a person sees them before tabbing past the prompt
    // (tabbing while they load would skip them).
    await expect(form.model).toHaveValue("kling");

    await page.keyboard.press("Tab");
    await expect(form.prompt).toBeFocused();
    await page.keyboard.type(prompt);

    await page.keyboard.press("Tab");
    await expect(form.model).toBeFocused();
    await page.keyboard.press("ArrowDown"); // kling → seedance
    await expect(form.model).toHaveValue("seedance");

    // Seedance's long range of seconds: a number field, then a slider the arrow keys move.
    await page.keyboard.press("Tab");
    await expect(form.duration).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.durationSlider).toBeFocused();
    const before = Number(await form.duration.inputValue());
    await page.keyboard.press("ArrowRight");
    await expect(form.duration).toHaveValue(String(before + 1));
    await expect(form.durationSlider).toHaveValue(String(before + 1));
    await page.keyboard.press("Tab");
    await expect(form.resolution).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.aspectRatio).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(form.generateAudio).toBeFocused();
    await page.keyboard.press("Space");
    await expect(form.generateAudio).toHaveAttribute("aria-checked", "true");
    await page.keyboard.press("Tab");
    await expect(form.negativePrompt).toBeFocused();
    await page.keyboard.type("no captions");

    // The library dialog opens and closes from the keyboard, handing focus back.
    await form.library.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Reference library" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(form.library).toBeFocused();

    // Ctrl+Enter from any field starts the render (after Enter on the cost question, when asked).
    await form.prompt.focus();
    await form.startAcceptingCost(() => page.keyboard.press("Control+Enter"));
    await expect(page.getByText("Video started")).toBeVisible();
    await expect(gallery.card(prompt)).toContainText("Ready", { timeout: 30_000 });
  });

  test("?edit= fills the form with a render's parameters, then leaves the URL", async ({ page, api }) => {
    const prompt = uniquePrompt("Edit me: rain on a tin roof");
    const created = await api.createRender({
      kind: "video",
      prompt,
      model: "kling",
      durationSeconds: 10,
      resolution: "1080p",
      aspectRatio: "9:16",
      generateAudio: true,
      negativePrompt: "thunder",
    });
    const form = new RenderFormPage(page);
    await form.goto(`?edit=${created.id}`);

    await expect(form.prompt).toHaveValue(prompt);
    await expect(form.kind.getByRole("radio", { name: "Video" })).toBeChecked();
    await expect(form.model).toHaveValue("kling");
    await expect(form.duration).toHaveValue("10");
    await expect(form.resolution).toHaveValue("1080p");
    await expect(form.aspectRatio).toHaveValue("9:16");
    await expect(form.generateAudio).toHaveAttribute("aria-checked", "true");
    await expect(form.negativePrompt).toHaveValue("thunder");
    await expect(page).not.toHaveURL(/edit=/);
  });

  test("an estimate above the team's threshold asks before starting", async ({ page, api }) => {
    // One earlier veo 4K render gives the estimate its history (8 s with audio: 600 credits).
    const settings = {
      kind: "video",
      model: "veo-3.1",
      durationSeconds: 8,
      resolution: "4k",
      generateAudio: true,
    };
    await api.settled((await api.createRender({ ...settings, prompt: uniquePrompt("Earlier veo") })).id);

    const form = new RenderFormPage(page);
    await form.goto();
    const prompt = uniquePrompt("Expensive: glacier flyover");
    await form.prompt.fill(prompt);
    await form.chooseKind("Video");
    await form.model.selectOption("veo-3.1");
    await form.setDuration(8);
    await form.resolution.selectOption("4k");
    await form.generateAudio.click();
    await expect(form.cost).toContainText(/≈ [\d,]+ credits, learned from \d+ renders?/);

    await form.start.click();
    const dialog = page.getByRole("dialog", { name: "Start this render?" });
    await expect(dialog).toContainText(/above the 100 credits your team asks to confirm/);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect(await api.search(prompt)).toEqual([]);

    await form.start.click();
    await dialog.getByRole("button", { name: /^Spend ≈ [\d,]+ credits$/ }).click();
    await expect(page.getByText("Video started")).toBeVisible();
    await expect.poll(async () => (await api.search(prompt)).length).toBe(1);
  });

  test("a 429 from the service shows a countdown, then Start render comes back", async ({
    page,
    request,
  }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    await form.prompt.fill(uniquePrompt("Rate limited"));
    await form.variants.selectOption("4");

    // Another client of the same team (its second key) keeps the fair-use window for image
    // variants full, straight against the service, so its renders stay out of this dashboard.
    let saturating = true;
    const burst = saturate(request, () => saturating);
    try {
      // The page's start goes in once the window is full; before that it would simply be created.
      await burst.full;
      await expect(async () => {
        await form.start.click();
        await form.waitForCountdownWithStartDisabled(3_000);
      }).toPass({ timeout: 20_000 });
    } finally {
      saturating = false;
      await burst.done;
    }
    await expect(form.countdown).toBeHidden({ timeout: 10_000 });
    await expect(form.start).toBeEnabled();
  });

  test("has no serious or critical accessibility violation, in either kind", async ({ page }, testInfo) => {
    const form = new RenderFormPage(page);
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await form.goto();
      await form.prompt.fill("Axe check");
      for (const kind of ["Image", "Video"] as const) {
        await form.chooseKind(kind);
        if (kind === "Video") {
          // The new model's estimate held back: the previous one shows dimmed meanwhile, and is checked too.
          await page.route("**/api/estimate?*", async (route) => {
            await new Promise((resolve) => setTimeout(resolve, 3_000));
            await route.continue().catch(() => {});
          });
          await form.model.selectOption("seedance-fast"); // shows a reset note
          await expect(page.getByRole("status", { name: "Estimated cost" })).toHaveAttribute(
            "aria-busy",
            "true",
          );
        }
        const results = await new AxeBuilder({ page }).include('form[aria-label="New render"]').analyze();
        const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
        expect(
          serious,
          JSON.stringify(
            serious.map((v) => [v.id, v.nodes.map((n) => n.target)]),
            null,
            2,
          ),
        ).toEqual([]);
      }
      await page.unrouteAll({ behavior: "ignoreErrors" });
      for (const width of [390, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({
          path: `/tmp/render-form-${width}-${colorScheme}.png`,
          fullPage: width === 390,
        });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    testInfo.annotations.push({
      type: "screenshots",
      description: "/tmp/render-form-{390,1440}-{light,dark}.png",
    });
  });
});

/**
 * Image creates of 4 variants against the service with the team's second key, until told to stop.
 * `full` settles once the service refuses one of them with 429: the team's window is full.
 */
function saturate(request: APIRequestContext, going: () => boolean) {
  let windowFull = () => {};
  const full = new Promise<void>((resolve) => (windowFull = resolve));
  const create = async () => {
    const response = await request.post(`${SIMULATOR_URL}/api/v1/renders`, {
      headers: { Authorization: "Bearer rs_live_demo_team_2" },
      data: { kind: "image", prompt: "fair-use burst", imageCount: 4 },
    });
    if (response.status() === 429) windowFull();
  };
  const done = (async () => {
    while (going()) {
      await Promise.all(Array.from({ length: 4 }, create));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return { full, done };
}
