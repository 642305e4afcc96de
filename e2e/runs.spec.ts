/**
 * Batch runs end to end: a 20-row CSV with 3 bad rows is read in the browser, the preview names each
 * bad row by row, column and message, a cell is fixed in place, and the bad rows are dropped (one on
 * its own, the others at once); the total is confirmed, and the run's page follows its 17 rows to
 * their end, through a reload. Screenshots of the preview and the run page at phone and desktop
 * sizes go to the test's output folder. A file whose image rows ask for several variants is counted
 * in renders where the words say renders, its long prompt is shown whole, and a slow start says it
 * is starting and is sent once however often it is pressed.
 */
import path from "node:path";
import { expect, pressTwice, slowRequests, test, uniquePrompt } from "./fixtures";
import { RunsPage } from "./pages/runs.page";

const CSV = path.join(import.meta.dirname, "assets", "batch-20-rows.csv");
const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

test("a 20-row CSV with 3 bad rows: the preview names them; 17 confirmed rows reach their end", async ({
  page,
  api,
}, testInfo) => {
  test.setTimeout(180_000);
  // One earlier render of each kind the file asks for, so the estimate has a history to go by.
  const basis = [
    { kind: "image", prompt: "estimate basis", imageModel: "nano-banana" },
    { kind: "video", prompt: "estimate basis", model: "kling", durationSeconds: 5 },
  ];
  const created: string[] = [];
  for (const body of basis) created.push((await api.createRender(body)).id);
  await api.allSettled(created);
  const runs = new RunsPage(page);
  await runs.gotoNew();
  await runs.fileInput.setInputFiles(CSV);

  await expect(page.getByText("20 rows, 3 with problems")).toBeVisible();
  await expect(runs.problems.getByRole("listitem")).toHaveText([
    "Row 4, durationSeconds: durationSeconds must be between 5 and 15 for kling",
    "Row 9, imageCount: imageCount must be between 1 and 4",
    "Row 15, prompt: prompt is required",
  ]);
  await expect(runs.cell(4, "durationSeconds")).toHaveAttribute("aria-invalid", "true");
  await expect(runs.startButton()).toBeDisabled();
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: testInfo.outputPath(`preview-${viewport.name}.png`), fullPage: true });
  }

  // A cell fixed in place leaves the list; a row is dropped on its own, the rest of the bad ones at once.
  await runs.cell(9, "imageCount").fill("1");
  await expect(runs.problems.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Drop row 9", exact: true }).click();
  await expect(page.getByText("19 rows, 2 with problems")).toBeVisible();
  await page.getByRole("button", { name: "Drop invalid rows (2)" }).click();
  await expect(page.getByText("17 rows", { exact: true })).toBeVisible();
  await expect(runs.problems).toHaveCount(0);
  await expect(page.getByText(/^Estimated total: /)).toBeVisible();

  await expect(runs.startButton()).toHaveText("Start run of 17 renders");
  await runs.startButton().click();
  const dialog = page.getByRole("dialog", { name: "Start 17 renders?" });
  await expect(dialog.getByText(/Estimated total: (≈|at least) \d+ credits?/)).toBeVisible();
  await dialog.getByRole("button", { name: /^Start run/ }).click();

  await expect(page).toHaveURL(/\/runs\/run_[\w-]+$/);
  await expect(runs.progress).toHaveAttribute("aria-valuemax", "17");
  await page.reload();
  await expect(runs.progress).toHaveAttribute("aria-valuenow", "17", { timeout: 150_000 });
  await expect(page.getByText("Finished", { exact: true })).toBeVisible();
  const gallery = page.getByRole("region", { name: "Renders" });
  await expect(gallery.getByRole("article")).toHaveCount(17);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: testInfo.outputPath(`run-${viewport.name}.png`), fullPage: true });
  }

  await page.getByRole("link", { name: "All batch runs" }).click();
  await expect(page.getByRole("list", { name: "Batch runs" }).getByRole("article").first()).toContainText(
    "17 rows",
  );
});

test("image rows of several variants count as that many renders; a long prompt shows whole; a slow start is sent once", async ({
  page,
}, testInfo) => {
  const tag = uniquePrompt("Variants");
  const file = [
    {
      prompt: `${tag}: ${"a kite over wide open dunes at dusk, seen from far below, ".repeat(4)}`,
      imageCount: 2,
    },
    { prompt: `${tag}: a lemon`, imageCount: null },
    { prompt: `${tag}: a teapot`, imageCount: 3 },
  ];
  const renders = file.reduce((sum, row) => sum + (row.imageCount ?? 1), 0);
  const csv = [
    "prompt,kind,imageCount",
    ...file.map((row) => `"${row.prompt}",image,${row.imageCount ?? ""}`),
  ];
  const runs = new RunsPage(page);
  await runs.gotoNew();
  await runs.fileInput.setInputFiles({
    name: "variants.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv.join("\n")),
  });
  await expect(page.getByText(`${file.length} rows`, { exact: true })).toBeVisible();
  await expect(runs.startButton()).toHaveText(`Start run of ${renders} renders`);

  // The prompt has the room the settings leave, and its whole text is in view (nothing scrolled off).
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const shown = await runs.cell(1, "prompt").evaluate((field) => ({
      whole: field.scrollWidth <= field.clientWidth && field.scrollHeight <= field.clientHeight + 1,
      share:
        field.getBoundingClientRect().width / (field.closest("table")?.getBoundingClientRect().width ?? 1),
    }));
    expect(shown.whole, `the prompt is shown whole at ${viewport.name} width`).toBe(true);
    if (viewport.name === "desktop") expect(shown.share).toBeGreaterThan(0.5);
    await page.screenshot({
      path: testInfo.outputPath(`variants-preview-${viewport.name}.png`),
      fullPage: true,
    });
  }

  const posts = await slowRequests(page, "POST", "**/api/runs");
  const answered = page
    .waitForResponse(
      (response) => response.url().endsWith("/api/runs") && response.request().method() === "POST",
    )
    .then(() => Date.now());
  await runs.startButton().click();
  const dialog = page.getByRole("dialog", { name: `Start ${renders} renders?` });
  await expect(dialog).toContainText(`From ${file.length} rows.`);
  await pressTwice(dialog.getByRole("button", { name: /^Start run/ }));
  const starting = dialog.getByRole("button", { name: "Starting…" });
  await expect(starting).toHaveAttribute("aria-busy", "true");
  await expect(starting).toBeDisabled();

  await expect(page).toHaveURL(/\/runs\/run_[\w-]+$/);
  testInfo.annotations.push({
    type: "run page after the answer",
    description: `${Date.now() - (await answered)} ms`,
  });
  expect(posts.count).toBe(1);
  await expect(runs.progress).toHaveAttribute("aria-valuemax", String(file.length));
  await expect(runs.progress).toHaveAttribute("aria-valuenow", String(file.length), { timeout: 60_000 });
  await expect(page.getByText(`${renders} of ${renders}`, { exact: true })).toBeVisible();
});
