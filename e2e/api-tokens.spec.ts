/**
 * Personal API tokens with sign-in on (the sign-in server of playwright.config.ts): a member makes a
 * token on the API tokens page and reads it once; a script outside the browser (no cookie) creates
 * and reads a render with it, as that member; the member revokes it on the page, and the script's
 * next request answers 401. With sign-in off the page says tokens need it.
 */
import { expect, request as playwrightRequest, test, type Page, type TestInfo } from "@playwright/test";
import { uniquePrompt } from "./fixtures";
import { SignInPage } from "./pages/sign-in.page";
import { TokensPage } from "./pages/tokens.page";
import { E2E_PORTS } from "./ports";

const AUTH_APP = `http://127.0.0.1:${E2E_PORTS.authApp}`;
const SIGN_IN_OFF_APP = `http://127.0.0.1:${E2E_PORTS.app}`;
test.use({ baseURL: AUTH_APP });

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1440, height: 900 }],
] as const;

/** Screenshots at a phone's and a desktop's size, kept with the test's results. */
async function shoot(page: Page, name: string, testInfo: TestInfo) {
  for (const [label, size] of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: testInfo.outputPath(`${name}-${label}.png`),
      fullPage: true,
      animations: "disabled",
    });
  }
}

test("a token made on the page creates and reads a render from outside the browser, until it is revoked", async ({
  page,
}, testInfo) => {
  await new SignInPage(page).signInQuietly("grace@example.com");
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API tokens" }).click();
  await expect(page).toHaveTitle(/^API tokens/);
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();

  const tokens = new TokensPage(page);
  const name = `pipeline ${testInfo.testId.slice(0, 6)}`;
  const secret = await tokens.createToken(name, "Read and create");
  expect(secret).toMatch(/^rdt_[A-Za-z0-9_-]{43}$/);
  await expect(tokens.row(name)).toContainText("Read and create");
  await expect(tokens.row(name)).toContainText(`${secret.slice(0, 10)}…`);
  await shoot(page, "tokens-created", testInfo);

  // A script: its own HTTP client, no cookie, no origin.
  const script = await playwrightRequest.newContext({
    baseURL: AUTH_APP,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  try {
    expect((await script.storageState()).cookies).toEqual([]);
    const prompt = uniquePrompt("made by a pipeline");
    const created = await script.post("/api/renders", { data: { kind: "image", prompt } });
    expect(created.status(), await created.text()).toBe(202);
    const id = ((await created.json()) as { renders: { id: string }[] }).renders[0]?.id ?? "";
    const read = await script.get(`/api/renders/${id}`);
    expect(read.status()).toBe(200);
    expect(await read.json()).toMatchObject({ id, prompt, member: { name: "Grace" } });

    // Shown once: after Done and a reload, the page holds only its first characters.
    await tokens.done.click();
    await expect(tokens.secret).toHaveCount(0);
    await page.reload();
    // The script's requests are noted as its last use.
    await expect(tokens.row(name).locator('dt:text-is("Last used") + dd time')).toBeVisible();
    expect(await page.content()).not.toContain(secret);
    await shoot(page, "tokens-list", testInfo);

    await tokens.revoke(name);
    const refused = await script.get(`/api/renders/${id}`);
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({
      error: { code: "unauthenticated", message: "This API token was revoked." },
    });
  } finally {
    await script.dispose();
  }
});

test("with sign-in off the page says tokens need sign-in, and offers none", async ({ page }, testInfo) => {
  await page.goto(`${SIGN_IN_OFF_APP}/tokens`);
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "API tokens need sign-in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create token" })).toHaveCount(0);
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API tokens" }),
  ).toHaveCount(0);
  await shoot(page, "tokens-sign-in-off", testInfo);
});
