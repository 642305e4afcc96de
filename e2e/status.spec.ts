/**
 * The deployment's status on the team page (sign-in off: everyone acts as the team, admins' view
 * included): the service and the database answer, the polls a render needed count against the
 * budget, the process that answered is the health check's and polls for the team, and the view
 * reads the health again by itself.
 */
import { expect, test, uniquePrompt } from "./fixtures";

interface HealthJson {
  instance: string | null;
  scheduler: { leader: boolean; budgetPerMinute: number };
}

test("the team page's status shows the service answering, polls against the budget, and the leading process", async ({
  page,
  api,
  request,
}, testInfo) => {
  const { id } = await api.createRender({
    kind: "image",
    prompt: uniquePrompt("Status"),
    imageModel: "nano-banana",
  });
  // Following a render to its end takes at least one poll, in the minute before the page opens.
  expect((await api.settled(id)).status).toBe("ready");

  const health = (await (await request.get("/api/health")).json()) as HealthJson;
  await page.goto("/team");
  const status = page.getByRole("region", { name: "Status" });
  await expect(status.getByRole("definition").first()).toHaveText("Answers");
  await expect(status.getByText("Database", { exact: true })).toBeVisible();
  await expect(
    status.getByText(`of ${health.scheduler.budgetPerMinute} polls in the last minute`),
  ).toBeVisible();
  const polls = status.getByRole("progressbar", { name: /^Polls in the last minute/ });
  await expect(polls).toHaveAttribute("aria-valuemax", String(health.scheduler.budgetPerMinute));
  expect(Number(await polls.getAttribute("aria-valuenow"))).toBeGreaterThanOrEqual(1);
  expect(health.scheduler.leader).toBe(true);
  await expect(status).toContainText(`Process ${health.instance}`);
  await expect(status).toContainText("It polls the service for the whole team.");

  // The open page reads the health again on its own.
  await page.waitForResponse((response) => new URL(response.url()).pathname === "/api/health");

  for (const [label, size] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1440, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await status.screenshot({ path: testInfo.outputPath(`status-${label}.png`), animations: "disabled" });
  }
});
