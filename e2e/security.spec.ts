import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

/** Every file of the build that browsers can download. */
function clientFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? clientFiles(file) : [file];
  });
}

test("the API key and its variable name appear in no client bundle", () => {
  const files = clientFiles(path.join(process.cwd(), ".next", "static"));
  expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(0);
  const leaks = files.filter((file) =>
    /rs_live_[A-Za-z0-9_]+|RENDER_API_KEY/.test(readFileSync(file, "utf8")),
  );
  expect(leaks).toEqual([]);
});

test("the page the browser loads does not contain the key", async ({ page }) => {
  const response = await page.goto("/");
  expect(await response?.text()).not.toMatch(/rs_live_[A-Za-z0-9_]+/);
});

test("pages carry a nonce-based Content-Security-Policy, and nothing on them breaks it", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/");
  const headers = response?.headers() ?? {};
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  // Hydrated: typing updates the counter, which only client code does.
  await page.getByRole("combobox", { name: "Prompt" }).fill("csp");
  await expect(page.getByText("3 / 8,000")).toBeVisible();
  expect(violations).toEqual([]);
});

test("the tab's icon is linked from the page and served as SVG for the browser to keep a day", async ({
  page,
}) => {
  await page.goto("/");
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute("href", "/icon.svg");
  const served = await page.request.get("/icon.svg");
  expect(served.headers()["content-type"]).toBe("image/svg+xml");
  expect(served.headers()["cache-control"]).toBe("public, max-age=86400");
  expect(await served.text()).toContain("<svg");
});

test.describe("the installable app", () => {
  test.use({ serviceWorkers: "allow" });

  test("the app installs: its manifest is linked and valid, and its worker keeps build files but never answers the API", async ({
    page,
  }) => {
    await page.goto("/");
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = (await (await page.request.get(manifestHref ?? "")).json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({ start_url: "/", display: "standalone" });
    for (const purpose of ["any", "maskable"])
      for (const sizes of ["192x192", "512x512"]) {
        const icon = manifest.icons.find((i) => i.purpose === purpose && i.sizes === sizes);
        const served = await page.request.get(icon?.src ?? "");
        expect(served.headers()["content-type"]).toBe("image/png");
      }

    // The worker registers once the page is idle and takes the page at once (clients.claim).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    // Playwright's contexts are incognito profiles, where Chromium installs nothing whatever the app:
    // every other reason it gives is the app's.
    expect(installabilityErrors.filter((e) => e.errorId !== "in-incognito")).toEqual([]);

    // A build file the page fetched twice is answered by the worker the second time: the check below
    // tells the worker's answers from the network's.
    const script = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>("script[src*='/_next/static/']")?.src,
    );
    const fetchFromPage = async (url: string) => {
      const answered = page.waitForResponse((r) => r.url() === url);
      await page.evaluate((u) => fetch(u, { cache: "no-store" }).then((r) => r.status), url);
      return answered;
    };
    await fetchFromPage(script ?? "");
    expect((await fetchFromPage(script ?? "")).fromServiceWorker()).toBe(true);
    // The API: the network answers every time.
    const api = new URL("/api/account", page.url()).href;
    await fetchFromPage(api);
    const again = await fetchFromPage(api);
    expect(again.status()).toBe(200);
    expect(again.fromServiceWorker()).toBe(false);
  });
});
