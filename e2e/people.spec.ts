/**
 * People run from the browser, on the sign-in server: the admin invites a new member on the Team
 * page, she joins through the link in her own browser and makes a render, the admin deactivates her
 * (her open page goes to sign-in within 2 s, her API token answers 401, her render keeps her name,
 * marked; the audit log lists all of it in order, and its CSV says the same); and sessions the server ends (Sign out everywhere else, a copied cookie after sign-out), with the notification choices and push on the way and the app's worker forgetting its caches at sign-out.
 */
import { readFileSync } from "node:fs";
import { request as playwrightRequest, type Browser, type Page, type TestInfo } from "@playwright/test";
import Papa from "papaparse";
import { AUDIT_KIND_LABELS, type AuditKind } from "@/lib/domain/audit";
import { expect, test, uniquePrompt } from "./fixtures";
import { AuditLogPage } from "./pages/audit.page";
import { FROM_DASHBOARD, signedInPage } from "./pages/sign-in.page";
import { E2E_PORTS } from "./ports";

const AUTH_APP = `http://127.0.0.1:${E2E_PORTS.authApp}`;
test.use({ baseURL: AUTH_APP });

/** A browser context of its own, signed in as nobody: someone who was handed a link. */
async function freshPage(
  browser: Browser,
  testInfo: TestInfo,
  serviceWorkers: "allow" | "block" = "block",
): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, serviceWorkers });
  return context.newPage();
}

/** The cookie header a context sends: what someone who copied it would send. */
async function cookieOf(page: Page): Promise<string> {
  return (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
}

/** Every path the page's origin holds in its caches (the service worker's). */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });

const statusWithCookie = async (cookie: string) => {
  const outsider = await playwrightRequest.newContext({ baseURL: AUTH_APP, extraHTTPHeaders: { cookie } });
  try {
    return (await outsider.get("/api/auth/sessions")).status();
  } finally {
    await outsider.dispose();
  }
};

test("an invited member joins and renders; deactivated, her page goes to sign-in within 2 s, her token stops, her render keeps her name", async ({
  browser,
}, testInfo) => {
  const suffix = Date.now().toString(36);
  const name = `Ada ${suffix}`;
  const admin = await signedInPage(browser, testInfo, "admin@example.com");
  await admin.goto("/team");
  const invite = admin.getByRole("region", { name: "Invite member" });
  await invite.getByLabel("Name").fill(name);
  await invite.getByLabel("Email (optional)").fill(`ada-${suffix}@example.com`);
  await invite.getByRole("button", { name: "Invite", exact: true }).click();
  const link = await invite.getByLabel("Invite link").inputValue();
  expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{43}$/);
  await expect(invite.getByRole("list", { name: "Pending invites" })).toContainText(name);

  const ada = await freshPage(browser, testInfo);
  await ada.goto(link);
  const join = ada.getByRole("form", { name: "Join the team" });
  await expect(join.getByLabel("Your name")).toHaveValue(name);
  await join.getByLabel("Password").fill("Ada's analytical engine");
  await join.getByRole("button", { name: "Join" }).click();
  await expect(ada.getByRole("navigation", { name: "Member" })).toContainText(name);

  const made = await ada.request.post("/api/renders", {
    data: { kind: "image", prompt: uniquePrompt("Ada's first render") },
    headers: FROM_DASHBOARD,
  });
  expect(made.status(), await made.text()).toBe(202);
  const renderId = ((await made.json()) as { renders: { id: string }[] }).renders[0]?.id ?? "";
  const token = await ada.request.post("/api/tokens", {
    data: { name: "script", scope: "read" },
    headers: FROM_DASHBOARD,
  });
  const secret = ((await token.json()) as { secret: string }).secret;
  const stream = ada.waitForResponse((r) => new URL(r.url()).pathname === "/api/events");
  await ada.goto("/");
  expect((await stream).status()).toBe(200);

  await admin.reload();
  const row = admin.getByRole("row", { name });
  await row.getByRole("button", { name: `Deactivate ${name}` }).click();
  await row.getByRole("button", { name: `Deactivate ${name}` }).click();
  const deactivatedAt = Date.now();
  await expect(row).toContainText("(deactivated)");
  await ada.waitForURL(/\/sign-in/, { timeout: 2_000 });
  console.info(`her page reached sign-in ${Date.now() - deactivatedAt} ms after the admin's answer`);

  const script = await playwrightRequest.newContext({
    baseURL: AUTH_APP,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  expect((await script.get("/api/renders")).status()).toBe(401);
  await script.dispose();

  await admin.goto(`/renders/${renderId}`);
  await expect(admin.getByRole("main")).toContainText(`${name} (deactivated)`);

  // Newest first: what she did and what was done to her, each once, in the order it happened.
  const expected: AuditKind[] = ["member.deactivated", "token.made", "invite.used", "invite.made"];
  await admin.goto("/team");
  const audit = new AuditLogPage(admin);
  await audit.openFromTeam();
  await expect(audit.rows.filter({ hasText: name }).first()).toContainText(AUDIT_KIND_LABELS[expected[0]!]);
  const shown = (await audit.shownRows()).filter((cells) => cells.some((cell) => cell.includes(name)));
  expect(shown.map((cells) => cells[1])).toEqual(expected.map((kind) => AUDIT_KIND_LABELS[kind]));
  const csv = readFileSync((await (await audit.downloadCsv()).path()) ?? "", "utf8");
  const { data } = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });
  const exported = data.filter((row) => Object.values(row).some((value) => value.includes(name)));
  expect(exported.map((row) => row.kind)).toEqual(expected);
  expect(exported.map((row) => [row["member name"], row.address])).toEqual(
    shown.map((cells) => [cells[2], cells[3]]),
  );
});

test("Sign out everywhere else ends the other browser's session; a copied cookie answers 401 after sign-out", async ({
  browser,
}, testInfo) => {
  // A member of this test's own, so no other spec's session is ended.
  const admin = await signedInPage(browser, testInfo, "admin@example.com");
  const suffix = Date.now().toString(36);
  const email = `twice-${suffix}@example.com`;
  const password = "two browsers, one member";
  const created = await admin.request.post("/api/invites", {
    data: { name: `Twice ${suffix}`, email, role: "member" },
    headers: FROM_DASHBOARD,
  });
  const path = ((await created.json()) as { link: { path: string } }).link.path;
  // With the app's worker (the config blocks it elsewhere): it must forget its caches at sign-out.
  const here = await freshPage(browser, testInfo, "allow");
  const joined = await here.request.post("/api/auth/join", {
    data: { token: path.split("/").at(-1), name: `Twice ${suffix}`, password },
    headers: FROM_DASHBOARD,
  });
  expect(joined.status(), await joined.text()).toBe(201);
  const elsewhere = await freshPage(browser, testInfo);
  const other = await elsewhere.request.post("/api/auth/sign-in", {
    data: { email, password },
    headers: FROM_DASHBOARD,
  });
  expect(other.status()).toBe(200);
  const elsewhereCookie = await cookieOf(elsewhere);
  expect(await statusWithCookie(elsewhereCookie)).toBe(200);

  await here.goto("/account");
  const sessions = here.getByRole("list", { name: "Your sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await here.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  expect(await statusWithCookie(elsewhereCookie)).toBe(401);

  // Your account → Notifications: the kinds and modes, and why email cannot be chosen here.
  await here.getByRole("link", { name: "Notifications" }).click();
  await expect(here.getByText("Email is not set up on this dashboard")).toBeVisible();
  await expect(here.getByRole("combobox", { name: "Email: My render finished" })).toBeDisabled();
  await expect(here.getByRole("combobox", { name: "Email: My render failed" })).toBeDisabled();
  // Every kind is offered, the review's in the daily digest until chosen otherwise.
  await expect(here.getByRole("combobox", { name: "Email: A decision on my render" })).toHaveValue("digest");
  await expect(here.getByRole("combobox", { name: "Email: I was mentioned" })).toHaveValue("immediate");
  const push = here.getByRole("checkbox", { name: "Push: My render finished" });
  await expect(push).toBeChecked();
  // Saved as it is changed: the box shows the choice once the server has it.
  await push.click();
  await expect(push).not.toBeChecked();
  // Chromium's headless shell blocks notifications for every site: the page says so in words, and
  // offers no button that could not work.
  await expect(here.getByText("No device receives push yet.")).toBeVisible();
  await expect(here.getByText("Notifications are blocked for this site in this browser.")).toBeVisible();
  await expect(here.getByRole("button", { name: "Turn on push for this device" })).toBeHidden();
  await expect(here.getByRole("button", { name: "Send a test notification" })).toBeDisabled();
  await here.goto("/account");

  // The app's worker keeps its shell (the offline page, build files) and nothing else; at sign-out it
  // empties its caches (the sign-in page's build files may be kept again, the offline page is not).
  await here.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => cachedPaths(here)).toContain("/offline.html");
  const copied = await cookieOf(here);
  expect(await statusWithCookie(copied)).toBe(200);
  await here.getByRole("navigation", { name: "Member" }).getByRole("button", { name: "Sign out" }).click();
  await here.waitForURL(/\/sign-in/);
  expect(await statusWithCookie(copied)).toBe(401);
  await expect.poll(() => cachedPaths(here)).not.toContain("/offline.html");
  expect((await cachedPaths(here)).filter((p) => !p.startsWith("/_next/static/"))).toEqual([]);
});
