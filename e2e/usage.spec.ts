/**
 * The usage page (the "sign-in" project): after renders of two models by two members, an admin
 * sees both models and both members in the chart and the tables, and the CSV export adds up to the
 * page's totals. A member sees only their own spend.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test, uniquePrompt } from "./fixtures";
import { FROM_DASHBOARD, signedInPage } from "./pages/sign-in.page";

const VIDEO = { kind: "video", resolution: "720p", durationSeconds: 5 } as const;

async function renderAs(page: Page, body: Record<string, unknown>): Promise<string> {
  const created = await page.request.post("/api/renders", { data: body, headers: FROM_DASHBOARD });
  expect(created.status(), await created.text()).toBe(202);
  return ((await created.json()) as { renders: { id: string }[] }).renders[0]?.id ?? "";
}

async function settled(page: Page, id: string): Promise<void> {
  await expect(async () => {
    const render = (await (await page.request.get(`/api/renders/${id}`)).json()) as { status: string };
    expect(["ready", "failed"]).toContain(render.status);
  }).toPass({ timeout: 45_000 });
}

/** The page's totals, as numbers. */
async function totals(page: Page): Promise<Record<string, number>> {
  const names = ["Charged", "Refunded", "Net", "Renders"];
  const values: Record<string, number> = {};
  const list = page.getByLabel("Totals");
  for (const name of names) {
    const term = list.getByText(name, { exact: true });
    const value = term.locator("xpath=following-sibling::dd[1]");
    values[name] = Number((await value.innerText()).replace(/[^\d]/g, ""));
  }
  return values;
}

test("two members' renders of two models show in the chart and tables, and the CSV adds up", async ({
  browser,
}, testInfo) => {
  const grace = await signedInPage(browser, testInfo, "grace@example.com");
  const linus = await signedInPage(browser, testInfo, "linus@example.com");
  const admin = await signedInPage(browser, testInfo, "admin@example.com");
  // Other specs of this project cap members; these renders need none.
  const members = (await (await admin.request.get("/api/members")).json()) as {
    items: { id: string; name: string }[];
  };
  for (const member of members.items.filter((m) => ["Grace", "Linus"].includes(m.name))) {
    const lifted = await admin.request.post(`/api/members/${member.id}`, {
      headers: FROM_DASHBOARD,
      data: { monthlyCapCredits: null },
    });
    expect(lifted.status(), await lifted.text()).toBe(200);
  }
  const ids = [
    await renderAs(grace, { ...VIDEO, model: "kling", prompt: uniquePrompt("Usage: kling by Grace") }),
    await renderAs(linus, { ...VIDEO, model: "seedance", prompt: uniquePrompt("Usage: seedance by Linus") }),
    await renderAs(linus, { ...VIDEO, model: "kling", prompt: uniquePrompt("[fail] Usage: refunded") }),
  ];
  for (const id of ids) await settled(admin, id);

  await admin.goto("/");
  await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Usage" }).click();
  await expect(admin).toHaveURL(/\/usage/);
  const chart = admin.getByRole("region", { name: /Net credits per day, stacked by model/ });
  const legend = chart.getByRole("list", { name: "Legend" });
  await expect(legend).toContainText("kling");
  await expect(legend).toContainText("seedance");
  const byModel = admin.getByRole("table", { name: "Spend by model" });
  await expect(byModel.getByRole("rowheader", { name: "kling" })).toBeVisible();
  await expect(byModel.getByRole("rowheader", { name: "seedance" })).toBeVisible();
  const byMember = admin.getByRole("table", { name: "Spend by member" });
  for (const name of ["Grace", "Linus"])
    await expect(byMember.getByRole("rowheader", { name })).toBeVisible();

  // Stacked by member: the chart's legend names both, and the address keeps it for a reload.
  await admin.getByRole("group", { name: "Stack by" }).getByRole("button", { name: "By member" }).click();
  await expect(admin).toHaveURL(/by=member/);
  await admin.reload();
  const memberLegend = admin
    .getByRole("region", { name: /stacked by member/ })
    .getByRole("list", { name: "Legend" });
  await expect(memberLegend).toContainText("Grace");
  await expect(memberLegend).toContainText("Linus");

  // The keyboard reads a day off the chart: today's bar names both members.
  const chartDays = admin.getByRole("group", { name: /Use the arrow keys/ });
  await chartDays.focus();
  await admin.keyboard.press("End");
  await expect(chartDays.getByRole("status")).toContainText("Grace");
  await expect(chartDays.getByRole("status")).toContainText("Linus");

  const shown = await totals(admin);
  expect(shown.Refunded).toBeGreaterThan(0);
  const [download] = await Promise.all([
    admin.waitForEvent("download"),
    admin.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("day (UTC),model,member,charged,refunded,net,renders,failures,failure refunds");
  const rows = lines.slice(1).map((line) => line.split(","));
  const column = (i: number) => rows.reduce((sum, row) => sum + Number(row[i]), 0);
  expect({ Charged: column(3), Refunded: column(4), Net: column(5), Renders: column(6) }).toEqual(shown);
  expect(rows.some((row) => row[1] === "kling" && row[2] === "Grace")).toBe(true);
  expect(rows.some((row) => row[1] === "seedance" && row[2] === "Linus")).toBe(true);

  // A member sees their own spend only.
  await grace.goto("/usage");
  await expect(grace.getByText("Your net credits")).toBeVisible();
  await expect(grace.getByRole("table", { name: "Spend by member" }).getByRole("rowheader")).toHaveText([
    "Grace",
  ]);
  await expect(grace.getByRole("group", { name: "Stack by" })).toHaveCount(0);
  await Promise.all([grace, linus, admin].map((page) => page.context().close()));
});
