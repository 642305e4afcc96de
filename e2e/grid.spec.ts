/**
 * Grids end to end: a 2 × 3 grid (two models by three aspect ratios) is previewed as 6 renders with
 * their estimated total, started as a batch run whose 6 creates reach the service once each through
 * a reload mid-run, and shown on the run's page as a labelled grid; a prompt's `{a|b}` with a seed
 * axis of 3 is 6 renders. Screenshots of the form, the preview and the run page at phone and desktop
 * sizes go to the test's output folder.
 */
import { expect, screenshots, simulatorCreates as creates, test, uniquePrompt } from "./fixtures";
import { RenderFormPage } from "./pages/render-form.page";
import { RunsPage } from "./pages/runs.page";

test("a 2 × 3 grid previews 6 renders and their total, sends 6 creates once each, and shows them labelled", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const form = new RenderFormPage(page);
  await page.goto("/");
  await form.prompt.fill(uniquePrompt("Grid"));
  await form.form.getByRole("button", { name: "Grid", exact: true }).click();
  await form.form.getByLabel("Axis X (across)").selectOption({ label: "Model" });
  await form.form.getByRole("checkbox", { name: "Nano Banana", exact: true }).check();
  await form.form.getByLabel("Axis Y (down)").selectOption({ label: "Aspect ratio" });
  await screenshots(page, testInfo, "form");
  await form.form.getByRole("button", { name: "Preview grid" }).click();

  const preview = page.getByRole("dialog", { name: "Grid preview" });
  const combinations = preview.getByRole("table", { name: "Grid of combinations" });
  await expect(combinations.getByRole("columnheader")).toHaveText(["Seedream", "Nano Banana"]);
  await expect(combinations.getByRole("rowheader")).toHaveText(["9:16", "1:1", "16:9"]);
  await expect(combinations.getByRole("cell", { name: "1 render" })).toHaveCount(6);
  await expect(preview.getByText(/Estimated total: (≈|at least) \d+ credits?|No estimate yet/)).toBeVisible();
  await screenshots(page, testInfo, "preview");

  const before = await creates(page);
  await preview.getByRole("button", { name: "Start 6 renders" }).click();
  await expect(page).toHaveURL(/\/runs\/run_[\w-]+$/);
  // A reload mid-run changes nothing: the ledger holds what was sent, and nothing is sent twice.
  await page.reload();
  const runs = new RunsPage(page);
  await expect(runs.progress).toHaveAttribute("aria-valuenow", "6", { timeout: 90_000 });
  expect(await creates(page)).toBe(before + 6);

  const grid = page.getByRole("table", { name: "Renders of this grid" });
  await expect(grid.getByRole("columnheader")).toContainText(["Seedream", "Nano Banana"]);
  await expect(grid.getByRole("rowheader")).toContainText(["9:16", "1:1", "16:9"]);
  await expect(grid.getByRole("link", { name: /^Open render/ })).toHaveCount(6);
  await expect(grid.getByText("Ready", { exact: true })).toHaveCount(6);
  await screenshots(page, testInfo, "run");

  // Compare row: the first row's two cells, side by side.
  await grid.getByRole("link", { name: "Compare row" }).first().click();
  await expect(page).toHaveURL(/\/compare\?ids=rnd_[\w-]+,rnd_[\w-]+$/);
});

test("a prompt with {a|b} and a seed axis of 3 makes 6 renders", async ({ page }) => {
  const form = new RenderFormPage(page);
  await page.goto("/");
  await form.prompt.fill(`${uniquePrompt("Variables")} in {a|b}`);
  await expect(form.form.getByText("This prompt makes 2 renders.")).toBeVisible();
  await form.form.getByRole("button", { name: "Grid", exact: true }).click();
  await form.form.getByLabel("Axis X (across)").selectOption({ label: "Seed" });
  await expect(form.form.getByLabel("Seeds on X")).toHaveValue("3");
  await form.form.getByRole("button", { name: "Preview grid" }).click();
  const preview = page.getByRole("dialog", { name: "Grid preview" });
  const combinations = preview.getByRole("table", { name: "Grid of combinations" });
  await expect(combinations.getByRole("columnheader")).toHaveText(["Seed 1", "Seed 2", "Seed 3"]);
  await expect(combinations.getByRole("rowheader")).toHaveText(["a", "b"]);
  await expect(preview.getByRole("button", { name: "Start 6 renders" })).toBeEnabled();
});
