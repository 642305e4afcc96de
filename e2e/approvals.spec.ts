/**
 * Approval before spending (the "sign-in" project): Grace starts a video over the team's approval
 * threshold from the form and her card says "Awaiting approval", with nothing sent; the admin, at
 * another computer, approves it on /approvals; Grace's card becomes the render without a reload, and
 * the service saw exactly one create.
 */
import { seriousViolations } from "./axe";
import type { Page } from "@playwright/test";
import { AUTH_SIMULATOR_URL, expect, screenshots, simulatorCreates, test, uniquePrompt } from "./fixtures";
import { GalleryPage } from "./pages/gallery.page";
import { RenderFormPage } from "./pages/render-form.page";
import { FROM_DASHBOARD, signedInPage } from "./pages/sign-in.page";

/** The creates the sign-in app's simulator has been asked for. */
const creates = (page: Page) => simulatorCreates(page, AUTH_SIMULATOR_URL);

test("a render over the threshold waits, an admin in another browser approves it, and it is created once", async ({
  browser,
}, testInfo) => {
  const admin = await signedInPage(browser, testInfo, "admin@example.com");
  const grace = await signedInPage(browser, testInfo, "grace@example.com");
  // Other specs of this project cap members; this render needs no cap in the way.
  const members = (await (await admin.request.get("/api/members")).json()) as {
    items: { id: string; name: string }[];
  };
  const graceId = members.items.find((m) => m.name === "Grace")?.id ?? "";
  expect(
    (
      await admin.request.post(`/api/members/${graceId}`, {
        data: { monthlyCapCredits: null },
        headers: FROM_DASHBOARD,
      })
    ).status(),
  ).toBe(200);
  const rules = await admin.request.post("/api/team", {
    headers: FROM_DASHBOARD,
    data: { approvalAboveCredits: 0, approvalForUnknownCost: true },
  });
  expect(rules.status(), await rules.text()).toBe(200);
  try {
    const prompt = uniquePrompt("Approvals: a lighthouse in a storm");
    const form = new RenderFormPage(grace);
    const gallery = new GalleryPage(grace);
    await form.goto();
    await form.chooseKind("Video");
    await form.model.selectOption("kling");
    await form.prompt.fill(prompt);
    const before = await creates(grace);
    await form.start.click();
    // The form may ask to confirm the spend first (an expensive or unknown estimate).
    const confirm = grace.getByRole("dialog", { name: "Start this render?" });
    const card = gallery.card(prompt);
    await expect(confirm.or(card)).toBeVisible();
    // Its button reads "Spend ≈ N" once a render of this kind has been charged, "Start, cost unknown" before.
    const go = confirm.getByRole("button", { name: /^(Spend|Start, cost unknown)/ });
    if (await confirm.isVisible()) await go.click();

    await expect(card.locator("[data-status]")).toHaveText("Awaiting approval");
    await expect(card).toContainText(
      /(Estimated [\d,]+ credits?|Cost unknown): waiting for an admin's approval/,
    );
    await expect(grace.getByText("Waiting for an admin's approval", { exact: true })).toBeVisible();
    expect(await creates(grace)).toBe(before);
    await screenshots(grace, testInfo, "awaiting-card");

    await admin.goto("/");
    await admin
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: /^Approvals/ })
      .click();
    await expect(admin).toHaveURL(/\/approvals$/);
    const item = admin.getByRole("article").filter({ hasText: prompt });
    await expect(item).toContainText("Grace");
    await expect(item).toContainText("Kling");
    await expect(seriousViolations(admin)).resolves.toEqual([]);
    await screenshots(admin, testInfo, "approvals-queue");
    await item.getByRole("button", { name: /^Approve/ }).click();
    await expect(admin.getByText("Approved: Grace's render started")).toBeVisible();
    await expect(item).toBeHidden();

    // Grace's card, not reloaded, is now the render the service made, and it finishes.
    await expect(gallery.cards(prompt)).toHaveCount(1);
    await expect(card.locator("[data-status]")).not.toHaveText("Awaiting approval");
    await expect(card.locator("[data-status]")).toHaveText("Ready", { timeout: 45_000 });
    expect(await creates(grace)).toBe(before + 1);
    await screenshots(grace, testInfo, "approved-card");
  } finally {
    await admin.request.post("/api/team", {
      data: { approvalAboveCredits: null },
      headers: FROM_DASHBOARD,
    });
  }
});
