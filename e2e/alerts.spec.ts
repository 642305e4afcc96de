/**
 * Spend notices (the "sign-in" project): the admin keeps spend alerts ticked for the team's chat on
 * the Team page and sends it a test message; a member near their cap renders, and the notice arrives
 * in the inbox of their open page and of an admin's, live, without a reload, and in the team's chat;
 * the member opens it, reads the numbers and marks it read, and the admin still has it unread.
 */
import type { Page } from "@playwright/test";
import { startReceiver } from "@/test/http-receiver";
import { expect, hearsLiveStream, test, uniquePrompt } from "./fixtures";
import { TeamPage } from "./pages/team.page";
import { FROM_DASHBOARD, signedInPage } from "./pages/sign-in.page";
import { E2E_PORTS } from "./ports";

interface MemberSpendJson {
  id: string;
  name: string;
  spentThisMonth: number;
}

const inbox = (page: Page) => page.getByRole("button", { name: /^Inbox/ });

test("a member's cap crossing arrives live in the inbox, and reading it leaves the admin's unread", async ({
  browser,
}, testInfo) => {
  // The sign-in server's team chat (playwright.config.ts ALERT_WEBHOOK_URL).
  const chat = await startReceiver(() => 200, E2E_PORTS.teamChat);
  const chatTexts = () =>
    chat.received.map((r) => (JSON.parse(r.body.toString("utf8")) as { text: string }).text);
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
  // Other specs leave items in these inboxes (mentions, decisions): each starts read to the end.
  const readAll = async (page: Page) => {
    const read = await page.request.post("/api/inbox/read", { data: { all: true }, headers: FROM_DASHBOARD });
    expect(read.status(), await read.text()).toBe(200);
  };
  await readAll(grace);
  await readAll(admin);

  // Spend alerts are a chat kind the team has from the start; unticked and ticked again, it is saved.
  const team = new TeamPage(admin);
  await team.goto();
  await expect(team.chatKind("Spend alerts")).toBeChecked();
  await team.setChatKind("Spend alerts", false);
  await team.setChatKind("Spend alerts", true);
  await team.chat.screenshot({ path: testInfo.outputPath("team-chat-desktop.png") });
  await team.chat.getByRole("button", { name: "Send a test message" }).click();
  await expect.poll(chatTexts).toContainEqual(expect.stringContaining("Admin sent a test message"));

  await grace.goto("/");
  await admin.goto("/");
  await expect(grace.getByRole("navigation", { name: "Member" })).toContainText("Grace");
  await expect(inbox(grace)).toHaveAccessibleName("Inbox");
  // Both pages hear their streams before the crossing, so the notice reaches them as live events.
  await hearsLiveStream(grace);
  await hearsLiveStream(admin);

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
  await expect(inbox(grace)).toHaveAccessibleName("Inbox: 1 unread");
  await expect(inbox(admin)).toHaveAccessibleName("Inbox: 1 unread");
  await inbox(grace).click();
  const list = grace.getByRole("dialog", { name: "Inbox" });
  const total = (spent + charged).toLocaleString("en-US");
  await expect(list).toContainText(
    `Grace has used 80 % of their monthly cap: ${total} of ${cap.toLocaleString("en-US")} credits`,
  );
  await grace.screenshot({ path: testInfo.outputPath("notices-desktop.png") });
  await grace.setViewportSize({ width: 390, height: 844 });
  await grace.screenshot({ path: testInfo.outputPath("notices-phone.png") });

  await expect(list).toContainText("Monthly cap");
  // The team's chat got it too, from the outbox's leader.
  await expect
    .poll(chatTexts)
    .toContainEqual(expect.stringContaining(`Grace has used 80 % of their monthly cap: ${total} of`));
  await chat.close();
  await list.getByRole("button", { name: /^Mark read:/ }).click();
  await expect(inbox(grace)).toHaveAccessibleName("Inbox");
  await admin.reload();
  await expect(inbox(admin)).toHaveAccessibleName("Inbox: 1 unread");

  const lifted = await admin.request.post(`/api/members/${me?.id}`, {
    data: { monthlyCapCredits: null },
    headers: FROM_DASHBOARD,
  });
  expect(lifted.status()).toBe(200);
  await readAll(admin);
  await admin.setViewportSize({ width: 390, height: 844 });
  await team.goto();
  await team.chat.screenshot({ path: testInfo.outputPath("team-chat-phone.png") });
});
