/**
 * Code loaded on demand (the contract's schemas with zod) can fail to arrive: a dropped connection,
 * or a redeploy under an open page. The page then says so where the data should be, and Retry
 * works once the code can be had again.
 */
import type { Route } from "@playwright/test";
import { expect, test } from "./fixtures";

test("a schema chunk that fails to load is a clear error with a working Retry", async ({ page, gallery }) => {
  let blocked = true;
  await page.route("**/_next/static/chunks/*.js", async (route: Route) => {
    const response = await route.fetch();
    const body = await response.text();
    // zod's core: the chunk the contract's schemas load with.
    if (blocked && body.includes("BIGINT_FORMAT_RANGES")) return route.fulfill({ status: 404, body: "" });
    return route.fulfill({ response, body });
  });

  await gallery.goto();
  const failure = gallery.region.getByText("Part of the dashboard could not be loaded", { exact: false });
  await expect(failure).toBeVisible({ timeout: 30_000 });

  blocked = false;
  await gallery.region.getByRole("button", { name: "Retry" }).click();
  // The renders themselves (or the empty gallery's own words) show: the data was read and parsed.
  const loaded = gallery.region.getByRole("article").first().or(gallery.region.getByText("No renders yet"));
  await expect(loaded).toBeVisible();
  await expect(failure).toBeHidden();
});
