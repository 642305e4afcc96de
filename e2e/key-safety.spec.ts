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
  const leaks = files.filter((file) => /rs_live_[A-Za-z0-9_]+|RENDER_API_KEY/.test(readFileSync(file, "utf8")));
  expect(leaks).toEqual([]);
});

test("the page the browser loads does not contain the key", async ({ page }) => {
  const response = await page.goto("/");
  expect(await response?.text()).not.toMatch(/rs_live_[A-Za-z0-9_]+/);
});
