/** The same form submitted from two tabs at once starts one render (shared Idempotency-Key). */
import { expect, test, uniquePrompt } from "./fixtures";
import { RenderFormPage } from "./pages/render-form.page";

test("two tabs submitting the same request at once start one render, and the second says so", async ({
  context,
  api,
}) => {
  const tabs = [new RenderFormPage(await context.newPage()), new RenderFormPage(await context.newPage())];
  const prompt = uniquePrompt("Two tabs: a paper boat");
  for (const tab of tabs) {
    await tab.goto();
    await tab.prompt.fill(prompt);
  }
  await Promise.all(tabs.map((tab) => tab.start.click()));

  const replayed = tabs.map((tab) => tab.page.getByText("Already started a moment ago in another tab"));
  await expect
    .poll(async () => (await Promise.all(replayed.map((toast) => toast.count()))).reduce((a, b) => a + b))
    .toBe(1);
  await expect.poll(async () => (await api.search(prompt)).length).toBe(1);
  // Both tabs' galleries show that one render.
  for (const tab of tabs) {
    await expect(
      tab.page.getByRole("region", { name: "Renders" }).getByRole("article", { name: prompt }),
    ).toHaveCount(1);
  }
});
