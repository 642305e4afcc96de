import { expect, type Browser, type Locator, type Page, type TestInfo } from "@playwright/test";
import { E2E_PORTS } from "../ports";

/** The password every e2e member has (playwright.config.ts adds them with `npm run user:add`). */
export const E2E_PASSWORD = "correct horse battery";

/**
 * Headers of a write made with a signed-in context's request client (`page.request.post`): the
 * Origin a browser on the sign-in server's pages sends with every write. Playwright's request client
 * sends none, and the dashboard refuses a write signed by a session cookie that does not show it
 * comes from its pages.
 */
export const FROM_DASHBOARD = { origin: `http://127.0.0.1:${E2E_PORTS.authApp}` } as const;

/** The sign-in page and the header's member controls. */
export class SignInPage {
  readonly form: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly member: Locator;
  readonly signOut: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole("form", { name: "Sign in" });
    this.email = this.form.getByLabel("Email");
    this.password = this.form.getByLabel("Password");
    this.submit = this.form.getByRole("button", { name: "Sign in" });
    this.error = this.form.getByRole("alert");
    this.member = page.getByRole("navigation", { name: "Member" });
    this.signOut = this.member.getByRole("button", { name: "Sign out" });
  }

  async goto(next?: string): Promise<void> {
    await this.page.goto(next ? `/sign-in?next=${encodeURIComponent(next)}` : "/sign-in");
    await expect(this.form).toBeVisible();
  }

  async signIn(email: string, password = E2E_PASSWORD): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Signs the page's browser context in through the API, for tests not about the form. */
  async signInQuietly(email: string): Promise<void> {
    const response = await this.page.request.post("/api/auth/sign-in", {
      data: { email, password: E2E_PASSWORD },
      headers: FROM_DASHBOARD,
    });
    expect(response.status(), await response.text()).toBe(200);
  }
}

/** A browser context of its own, signed in as `email`: a second person at another computer. */
export async function signedInPage(browser: Browser, testInfo: TestInfo, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const page = await context.newPage();
  await new SignInPage(page).signInQuietly(email);
  return page;
}
