import { seriousViolations } from "./axe";
import { SIMULATOR_URL, expect, screenshots, test, uniquePrompt } from "./fixtures";
import { PresetsPage } from "./pages/presets.page";
import { RenderFormPage } from "./pages/render-form.page";

const creates = async (request: import("@playwright/test").APIRequestContext) =>
  ((await (await request.get(`${SIMULATOR_URL}/__sim/stats`)).json()) as { creates: { total: number } })
    .creates.total;

test.describe("presets and prompt history", () => {
  test("a video preset saved with its prompt is applied from the picker, and nothing starts", async ({
    page,
    request,
    api,
  }, testInfo) => {
    const form = new RenderFormPage(page);
    const presets = new PresetsPage(page);
    await form.goto();
    const prompt = uniquePrompt("Slow dolly along a misty harbour");
    const name = uniquePrompt("Harbour vertical");
    await form.chooseKind("Video");
    await form.model.selectOption("kling");
    await form.resolution.selectOption("1080p");
    await form.setDuration(10);
    await form.aspectRatio.selectOption("9:16");
    await form.prompt.fill(prompt);
    const before = await creates(request);

    await presets.save(name, { withPrompt: true });
    await expect(page.getByText(`Preset “${name}” saved`)).toBeVisible();
    await expect(presets.saveAs).toBeFocused();

    // The same name in another case is refused on the field, and the dialog stays open.
    await presets.saveAs.click();
    await presets.name.fill(name.toUpperCase());
    await presets.saveDialog.getByRole("button", { name: "Save preset" }).click();
    await expect(presets.name).toHaveAccessibleDescription(
      `A preset named "${name.toUpperCase()}" already exists in the team.`,
    );
    await presets.saveDialog.getByRole("button", { name: "Cancel" }).click();

    // A fresh form: image, no prompt.
    await page.reload();
    await expect(form.kind.getByRole("radio", { name: "Image" })).toBeChecked();
    await expect(form.prompt).toHaveValue("");

    await presets.open.click();
    const row = presets.row(name);
    await expect(row).toContainText("Video · Kling · 1080p · 9:16 · 10 s");
    await expect(row).toContainText(prompt);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshots(page, testInfo, "presets-picker");
    await page.keyboard.press("Escape");
    await expect(presets.picker).toBeHidden();
    await expect(presets.open).toBeFocused();

    await presets.apply(name);
    await expect(page.getByText(`Preset “${name}” applied`)).toBeVisible();
    await expect(form.kind.getByRole("radio", { name: "Video" })).toBeChecked();
    await expect(form.model).toHaveValue("kling");
    await expect(form.resolution).toHaveValue("1080p");
    await expect(form.duration).toHaveValue("10");
    await expect(form.aspectRatio).toHaveValue("9:16");
    await expect(form.prompt).toHaveValue(prompt);
    await expect(form.prompt).toBeFocused();

    // Applying fills the form only: no render was created.
    expect(await creates(request)).toBe(before);
    expect(await api.search(prompt)).toEqual([]);
  });

  test("the prompt suggests earlier prompts as it is typed into, picked with the keyboard", async ({
    page,
    api,
  }, testInfo) => {
    const word = uniquePrompt("lantern").replace(/\s+/g, "-");
    const older = `${word} over a quiet canal`;
    const newer = `${word} in the rain, close up`;
    for (const prompt of [older, newer]) await api.createRender({ kind: "image", prompt });

    const form = new RenderFormPage(page);
    const presets = new PresetsPage(page);
    await form.goto();
    await expect(form.prompt).toHaveAttribute("aria-expanded", "false");
    await form.prompt.click();
    await form.prompt.pressSequentially(word.toUpperCase());

    const options = presets.suggestions.getByRole("option");
    await expect(options).toHaveText([newer, older]);
    await expect(form.prompt).toHaveAttribute("aria-expanded", "true");
    await expect(form.prompt).toHaveAttribute(
      "aria-controls",
      (await presets.suggestions.getAttribute("id")) ?? "",
    );
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await screenshots(page, testInfo, "prompt-suggestions");

    await form.prompt.press("ArrowDown");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await form.prompt.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await expect(form.prompt).toHaveAttribute(
      "aria-activedescendant",
      (await options.nth(1).getAttribute("id")) ?? "",
    );
    await form.prompt.press("Enter");
    await expect(form.prompt).toHaveValue(older);
    await expect(presets.suggestions).toBeHidden();
    await expect(form.prompt).toHaveAttribute("aria-expanded", "false");
    await expect(form.prompt).toBeFocused();

    // Typing on filters by every word; Escape closes the list and leaves the text alone.
    await form.prompt.fill("");
    await form.prompt.pressSequentially(`${word} rain`);
    await expect(options).toHaveText([newer]);
    await form.prompt.press("Escape");
    await expect(presets.suggestions).toBeHidden();
    await expect(form.prompt).toHaveValue(`${word} rain`);
  });

  test("what is typed while the list's code is still on the way opens the list when it arrives", async ({
    page,
    api,
  }) => {
    const word = uniquePrompt("harbour").replace(/\s+/g, "-");
    await api.createRender({ kind: "image", prompt: `${word} at dawn` });
    const form = new RenderFormPage(page);
    const presets = new PresetsPage(page);
    await form.goto();
    // Every script asked for from now on (the list's code, loaded on the field's first focus) is held
    // back until the typing is done.
    let typingDone = () => {};
    const typing = new Promise<void>((resolve) => (typingDone = resolve));
    await page.route("**/_next/static/chunks/**", async (route) => {
      await typing;
      await route.continue();
    });
    await form.prompt.click();
    await form.prompt.pressSequentially(word);
    typingDone();
    await expect(presets.suggestions.getByRole("option")).toHaveText([`${word} at dawn`]);
    await expect(form.prompt).toHaveAttribute("aria-expanded", "true");
  });
});
