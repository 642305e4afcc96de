/**
 * Single sign-on in Chromium: a production server that signs in by single sign-on only
 * (PASSWORD_SIGN_IN=off), a real OpenID provider in the test process (test/oidc-provider.ts), and a
 * person going from the sign-in page's button through the provider's login and consent pages to the
 * signed-in dashboard, as an admin by their group; someone outside the allowed groups comes back to
 * the sign-in page, told why. Screenshots of the sign-in page in /tmp/sso-shots.
 */
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import { startSimulator, type RunningSimulator } from "@/simulator/server";
import { TEST_CLIENT, startOidcProvider, type TestProvider } from "@/test/oidc-provider";
import { E2E_PORTS } from "./ports";
import { startApp, waitUntilUp } from "./processes";

const APP = `http://127.0.0.1:${E2E_PORTS.ssoApp}`;
const DATA_DIR = path.join(import.meta.dirname, "..", "data", "e2e-sso");
const SHOTS = "/tmp/sso-shots";

let simulator: RunningSimulator | undefined;
let provider: TestProvider | undefined;
let app: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  simulator = await startSimulator({ port: 0, timeScale: 0.01 });
  provider = await startOidcProvider({
    redirectUris: [`${APP}/api/auth/oidc/callback`],
    accounts: {
      ada: {
        email: "ada@example.com",
        email_verified: true,
        name: "Ada Lovelace",
        groups: ["team", "admins"],
      },
      mallory: {
        email: "mallory@example.com",
        email_verified: true,
        name: "Mallory",
        groups: ["contractors"],
      },
    },
  });
  app = startApp(E2E_PORTS.ssoApp, simulator.url, DATA_DIR, {
    AUTH_SECRET: "an-sso-e2e-secret-that-is-long-enough-31",
    PASSWORD_SIGN_IN: "off",
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: TEST_CLIENT.id,
    OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
    OIDC_NAME: "Test ID",
    OIDC_ALLOWED_GROUPS: "team",
    OIDC_ADMIN_GROUPS: "admins",
  });
  await waitUntilUp(`${APP}/api/health`);
});

test.afterAll(async () => {
  if (app && app.exitCode === null) {
    const exited = new Promise((resolve) => app?.once("exit", resolve));
    app.kill("SIGTERM");
    await exited;
  }
  await provider?.close();
  await simulator?.close();
});

test("from the sign-in page's button through the provider's login and consent to the dashboard", async ({
  page,
  browser,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.goto(`${APP}/usage`);
  await expect(page).toHaveURL(`${APP}/sign-in?next=%2Fusage`);
  // Single sign-on only: no password form, and the password route refuses.
  await expect(page.getByRole("form", { name: "Sign in" })).toHaveCount(0);
  expect(
    (
      await page.request.post(`${APP}/api/auth/sign-in`, { data: { email: "a@b.c", password: "x" } })
    ).status(),
  ).toBe(403);
  // The desktop last: the rest reads the header at the desktop's width, where it is unfolded.
  for (const [label, size] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1440, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/sign-in-${label}.png` });
  }

  await page.getByRole("link", { name: "Sign in with Test ID" }).click();
  // The provider's own pages: its login, then its consent.
  await page.locator("input[name=login]").fill("ada");
  await page.locator("input[name=password]").fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(`${APP}/usage`);
  const member = page.getByRole("navigation", { name: "Member" });
  await expect(member).toContainText("Ada Lovelace");
  // An admin by the provider's group: the Team page is theirs.
  await expect(member.getByRole("link", { name: "Team" })).toBeVisible();

  // Someone outside the allowed groups comes back to the sign-in page, told why, signed out.
  const other = await browser.newContext();
  const refused = await other.newPage();
  await refused.goto(`${APP}/sign-in`);
  await refused.getByRole("link", { name: "Sign in with Test ID" }).click();
  await refused.locator("input[name=login]").fill("mallory");
  await refused.locator("input[name=password]").fill("any password");
  await refused.getByRole("button", { name: "Sign-in" }).click();
  await refused.getByRole("button", { name: "Continue" }).click();
  await expect(refused).toHaveURL(`${APP}/sign-in?sso=refused`);
  await expect(refused.getByRole("alert").filter({ hasText: "Test ID account" })).toHaveText(
    "Your Test ID account is not allowed on this dashboard. Ask a team admin to add you to an allowed group.",
  );
  for (const [label, size] of [
    ["desktop", { width: 1440, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    await refused.setViewportSize(size);
    await refused.screenshot({ path: `${SHOTS}/refused-${label}.png` });
  }
  expect((await refused.request.get(`${APP}/api/renders`)).status()).toBe(401);
  await other.close();
});
