/**
 * Sign-in on (the "sign-in" project: a server with AUTH_SECRET and members added by the CLI). Every
 * page asks for sign-in, the member's name and spend show once signed in, an admin sets caps on the
 * Team page, and a capped member's render is refused before it reaches the service.
 */
import { mkdirSync } from "node:fs";
import { seriousViolations } from "./axe";
import { expect, test, uniquePrompt } from "./fixtures";
import { GalleryPage } from "./pages/gallery.page";
import { RenderFormPage } from "./pages/render-form.page";
import { FROM_DASHBOARD, SignInPage, signedInPage } from "./pages/sign-in.page";
import { TeamPage } from "./pages/team.page";
import { E2E_PORTS } from "./ports";

const ADMIN = "admin@example.com";
const GRACE = "grace@example.com";
const LINUS = "linus@example.com";

test.describe("sign-in", () => {
  test("every page sends a visitor without a session to sign in, and back afterwards", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/renders/r_nothing_here?x=1");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Frenders%2Fr_nothing_here$/);
    await page.goto("/team");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fteam$/);
    // Nothing of the team's shows before sign-in: no account, no member, no banner.
    await expect(page.getByRole("region", { name: "Account" })).toHaveCount(0);
    await expect(page.getByRole("note", { name: "Sign-in is off" })).toHaveCount(0);
    expect((await page.request.get("/api/renders")).status()).toBe(401);
  });

  test("a wrong password is refused and says so", async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.goto();
    await signIn.signIn(GRACE, "not the password");
    await expect(signIn.error).toHaveText("Wrong email or password.");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("signing in lands where the member was going, with their name; signing out leaves", async ({
    page,
  }) => {
    const signIn = new SignInPage(page);
    await signIn.goto("/?kind=video");
    await signIn.signIn(GRACE);
    await expect(page).toHaveURL(/\/\?kind=video$/);
    await expect(signIn.member).toContainText("Grace");
    await expect(signIn.member.getByRole("link", { name: "Team" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Account" })).toContainText("Your spend");
    await expect(page.getByRole("note", { name: "Sign-in is off" })).toHaveCount(0);

    // Signed in, the sign-in page has nothing to offer; a member has no Team page.
    await page.goto("/sign-in");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/team");
    await expect(page.getByRole("heading", { name: "Admins only" })).toBeVisible();

    await signIn.signOut.click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test("the header follows who signs in, without a reload (screenshots in /tmp/header-sign-in)", async ({
    page,
  }) => {
    mkdirSync("/tmp/header-sign-in", { recursive: true });
    const signIn = new SignInPage(page);
    const main = page.getByRole("navigation", { name: "Main" });
    const rates = main.getByRole("link", { name: "Rates" });
    const approvals = main.getByRole("link", { name: /^Approvals/ });
    const team = signIn.member.getByRole("link", { name: "Team" });

    await signIn.goto();
    await signIn.signIn(ADMIN);
    await expect(page).toHaveURL(/\/$/);
    await expect(signIn.member).toContainText("Admin", { timeout: 5_000 });
    await expect(rates).toBeVisible({ timeout: 5_000 });
    await expect(approvals).toBeVisible({ timeout: 5_000 });
    await expect(team).toBeVisible({ timeout: 5_000 });
    // The sign-in form's redirect is a client navigation: the document is still the sign-in page's.
    expect(
      await page.evaluate(
        () => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).name,
      ),
    ).toMatch(/\/sign-in$/);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.locator("header").screenshot({ path: `/tmp/header-sign-in/admin-${width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await signIn.signOut.click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await signIn.signIn(GRACE);
    await expect(page).toHaveURL(/\/$/);
    await expect(signIn.member).toContainText("Grace", { timeout: 5_000 });
    await expect(rates).toHaveCount(0, { timeout: 5_000 });
    await expect(approvals).toHaveCount(0, { timeout: 5_000 });
    await expect(team).toHaveCount(0, { timeout: 5_000 });
    await page.locator("header").screenshot({ path: "/tmp/header-sign-in/member-1440.png" });
  });

  test("a member's open page shows an admin's header once an admin makes them one, without a reload", async ({
    browser,
  }, testInfo) => {
    const admin = await signedInPage(browser, testInfo, ADMIN);
    const linus = await signedInPage(browser, testInfo, LINUS);
    const members = (await (await admin.request.get("/api/members")).json()) as {
      items: { id: string; name: string }[];
    };
    const linusId = members.items.find((m) => m.name === "Linus")?.id ?? "";
    const setRole = async (role: "admin" | "member") =>
      expect(
        (
          await admin.request.post(`/api/members/${linusId}`, { data: { role }, headers: FROM_DASHBOARD })
        ).status(),
      ).toBe(200);

    const stream = linus.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
    await linus.goto("/");
    expect((await stream).status()).toBe(200);
    await linus.evaluate(() => document.documentElement.setAttribute("data-mark", "1"));
    const rates = linus.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rates" });
    await expect(rates).toHaveCount(0);
    try {
      await setRole("admin");
      await expect(rates).toBeVisible({ timeout: 5_000 });
      await setRole("member");
      await expect(rates).toHaveCount(0, { timeout: 5_000 });
    } finally {
      await setRole("member");
    }
    // The same document all along: the header changed without a reload.
    expect(await linus.evaluate(() => document.documentElement.getAttribute("data-mark"))).toBe("1");
  });

  test("an off-site next is not followed", async ({ page }) => {
    const signIn = new SignInPage(page);
    await signIn.goto("//evil.example/steal");
    await signIn.signIn(LINUS);
    await expect(page).toHaveURL(`http://127.0.0.1:${E2E_PORTS.authApp}/`);
  });
});

test.describe("caps and who ran what", () => {
  test("an admin sets a member's cap and the member sees their spend against it", async ({
    page,
    browser,
  }, testInfo) => {
    await new SignInPage(page).signInQuietly(ADMIN);
    const team = new TeamPage(page);
    await team.goto();
    await expect(team.member("Grace")).toContainText("grace@example.com");
    await team.setCap("Grace", "1000");
    await expect(team.member("Grace")).toContainText("of 1,000 credits");

    const grace = await signedInPage(browser, testInfo, GRACE);
    await grace.goto("/");
    const spend = grace.getByTestId("member-spend");
    await expect(spend).toContainText(/Your spend\s*\d[\d,]*\s*of 1,000 credits this month/);
    await expect(spend.getByRole("progressbar", { name: "Your spend of your monthly cap" })).toHaveAttribute(
      "aria-valuemax",
      "1000",
    );

    // Back to the team default (none set): no cap.
    await team.setCap("Grace", "");
    await grace.reload();
    await expect(spend).toContainText("credits this month · no cap");
    await grace.context().close();
  });

  test("a capped member's render is refused with the cap's message by the submit button", async ({
    page,
    browser,
  }, testInfo) => {
    await new SignInPage(page).signInQuietly(ADMIN);
    const team = new TeamPage(page);
    await team.goto();
    await team.setCap("Linus", "0");

    const linus = await signedInPage(browser, testInfo, LINUS);
    const form = new RenderFormPage(linus);
    await form.goto();
    await form.chooseKind("Video");
    await form.prompt.fill(uniquePrompt("Capped: a lighthouse"));
    await form.startAcceptingCost();
    await expect(
      form.form.getByRole("status").filter({ hasText: "would pass your monthly cap" }),
    ).toContainText("Ask a team admin to raise it.");
    await linus.context().close();
  });

  test("renders name who started them, and the gallery shows one member's", async ({
    page,
    browser,
  }, testInfo) => {
    const grace = await signedInPage(browser, testInfo, GRACE);
    const gracePrompt = uniquePrompt("Who: Grace's teapot");
    expect(
      (
        await grace.request.post("/api/renders", {
          data: { kind: "image", prompt: gracePrompt },
          headers: FROM_DASHBOARD,
        })
      ).status(),
    ).toBe(202);
    await grace.context().close();
    await new SignInPage(page).signInQuietly(ADMIN);
    const adminPrompt = uniquePrompt("Who: Admin's kettle");
    expect(
      (
        await page.request.post("/api/renders", {
          data: { kind: "image", prompt: adminPrompt },
          headers: FROM_DASHBOARD,
        })
      ).status(),
    ).toBe(202);

    const gallery = new GalleryPage(page);
    await gallery.goto();
    await expect(gallery.card(gracePrompt)).toContainText("Grace");
    const who = gallery.region.getByRole("combobox", { name: "Who" });
    await who.selectOption({ label: "Grace" });
    await expect(page).toHaveURL(/member=mem_/);
    await expect(gallery.card(gracePrompt)).toBeVisible();
    await expect(gallery.cards(adminPrompt)).toHaveCount(0);
    await who.selectOption({ label: "Mine" });
    await expect(page).toHaveURL(/member=mine/);
    await expect(gallery.card(adminPrompt)).toBeVisible();
    await expect(gallery.cards(gracePrompt)).toHaveCount(0);
  });
});

test.describe("limits", () => {
  test("an admin raises a limit on the Team page and it holds after a reload (screenshots in /tmp/team-limits)", async ({
    page,
  }) => {
    const tokens = "API tokens, active, per member";
    await new SignInPage(page).signInQuietly(ADMIN);
    const team = new TeamPage(page);
    await team.goto();
    await expect(team.limit(tokens)).toHaveValue("20");
    await team.setLimit(tokens, "25");
    await page.reload();
    await expect(team.limit(tokens)).toHaveValue("25");
    await expect(team.limits.getByRole("listitem").filter({ hasText: "API tokens" })).toContainText(
      "Default 20",
    );

    const dir = "/tmp/team-limits";
    mkdirSync(dir, { recursive: true });
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await team.limits.screenshot({ path: `${dir}/limits-${width}.png` });
    }

    // Back to the default, for the other specs on this server.
    await team.useDefault(tokens);
    await page.reload();
    await expect(team.limit(tokens)).toHaveValue("20");
  });
});

test.describe("sign-in and team pages", () => {
  for (const scheme of ["light", "dark"] as const) {
    test(`have no serious accessibility violations (${scheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await new SignInPage(page).goto();
      expect(await seriousViolations(page)).toEqual([]);
      await new SignInPage(page).signInQuietly(ADMIN);
      await new TeamPage(page).goto();
      await expect(page.getByRole("row", { name: "Grace" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test("look right on a phone and a desktop, light and dark (screenshots in /tmp/team-access)", async ({
    page,
  }) => {
    const dir = "/tmp/team-access";
    mkdirSync(dir, { recursive: true });
    for (const [width, height] of [
      [390, 844],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const scheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.context().clearCookies();
        await new SignInPage(page).goto();
        await page.screenshot({ path: `${dir}/sign-in-${width}-${scheme}.png`, fullPage: true });
        await new SignInPage(page).signInQuietly(ADMIN);
        await new TeamPage(page).goto();
        await expect(page.getByRole("row", { name: "Grace" })).toBeVisible();
        // On a phone the account is in the header's menu, closed: loaded all the same.
        await expect(page.getByRole("region", { name: "Account", includeHidden: true })).toContainText(
          "Balance",
        );
        await page.screenshot({ path: `${dir}/team-${width}-${scheme}.png`, fullPage: true });
      }
    }
  });
});
