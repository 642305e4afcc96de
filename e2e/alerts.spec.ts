/**
 * Spend notices (the "sign-in" project): a member near their cap renders, and the notice appears in
 * the header of their open page and of an admin's, live, without a reload; the member opens it,
 * reads the numbers and dismisses it, and the admin still has it.
 */
import type { Page } from "@playwright/test";
import { expect, test, uniquePrompt } from "./fixtures";
import { FROM_DASHBOARD, signedInPage } from "./pages/sign-in.page";

interface MemberSpendJson {
  id: string;
  name: string;
  spentThisMonth: number;
}

const bell = (page: Page) => page.getByRole("button", { name: /^Notices: \d+$/ });

test("a member's cap crossing shows live in the header, and dismissing it leaves the admin's", async ({
  browser,
}, testInfo) => {
  const grace = await signedInPage(browser, testInfo, "grace@example.com");
  const admin = await signedInPage(browser, testInfo, "admin@example.com");
  const members = (await (await admin.request.get("/api/members")).json()) as { items: MemberSpendJson[] };
  const me = members.items.find((m) => m.name === "Grace");
  expect(me).toBeDefined();
  const spent = me?.spentThisMonth ?? 0;
  // A 50-credit render then lands between 80 % and 100 % of the cap, whatever she spent before.
  const cap = spent + 60;
  const capped = await admin.request.post(`/api/members/${me?.id}`, {
    data: { monthlyCapCredits: cap },
    headers: FROM_DASHBOARD,
  });
  expect(capped.status(), await capped.text()).toBe(200);
  const dismissAll = async (page: Page) => {
    const { items } = (await (await page.request.get("/api/notices")).json()) as { items: { id: string }[] };
    for (const { id } of items)
      await page.request.post(`/api/notices/${id}/dismiss`, { headers: FROM_DASHBOARD });
  };
  await dismissAll(grace);
  await dismissAll(admin);

  await grace.goto("/");
  await admin.goto("/");
  await expect(grace.getByRole("navigation", { name: "Member" })).toContainText("Grace");
  await expect(bell(grace)).toHaveCount(0);

  const created = await grace.request.post("/api/renders", {
    headers: FROM_DASHBOARD,
    data: {
      kind: "video",
      model: "kling",
      resolution: "720p",
      durationSeconds: 5,
      prompt: uniquePrompt("Near the cap: a harbour at dawn"),
    },
  });
  expect(created.status(), await created.text()).toBe(202);
  const charged = ((await created.json()) as { creditsCharged: number }).creditsCharged;

  // Both open pages get it through the live stream.
  await expect(bell(grace)).toHaveAccessibleName("Notices: 1");
  await expect(bell(admin)).toHaveAccessibleName("Notices: 1");
  await bell(grace).click();
  const list = grace.getByRole("dialog", { name: "Spend notices" });
  const total = (spent + charged).toLocaleString("en-US");
  await expect(list).toContainText(
    `Grace has used 80 % of their monthly cap: ${total} of ${cap.toLocaleString("en-US")} credits`,
  );
  await grace.screenshot({ path: testInfo.outputPath("notices-desktop.png") });
  await grace.setViewportSize({ width: 390, height: 844 });
  await grace.screenshot({ path: testInfo.outputPath("notices-phone.png") });

  await list.getByRole("button", { name: /^Dismiss:/ }).click();
  await expect(bell(grace)).toHaveCount(0);
  await admin.reload();
  await expect(bell(admin)).toHaveAccessibleName("Notices: 1");

  const lifted = await admin.request.post(`/api/members/${me?.id}`, {
    data: { monthlyCapCredits: null },
    headers: FROM_DASHBOARD,
  });
  expect(lifted.status()).toBe(200);
  await dismissAll(admin);
});
