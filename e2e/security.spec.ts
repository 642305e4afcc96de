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
