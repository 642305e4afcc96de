/**
 * /api/docs: the API's reference, rendered from /api/openapi.json by a renderer loaded only on this
 * page, without reaching any other origin (no fonts, telemetry, proxy or CDN) and without a
 * Content-Security-Policy violation.
 */
import { expect, test } from "./fixtures";

test("the API reference lists the routes and asks nothing of another origin", async ({ page, baseURL }) => {
  const origin = new URL(baseURL ?? "").origin;
  const elsewhere: string[] = [];
  const violations: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http") && url.origin !== origin) elsewhere.push(request.url());
  });
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });

  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { name: "API reference", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Render Dashboard API" })).toBeVisible({ timeout: 30_000 });

  const sidebar = page.getByRole("navigation").filter({ hasText: "Introduction" });
  await sidebar.getByText("Renders", { exact: true }).click();
  await expect(sidebar.getByText("Start a render (spends credits)")).toBeVisible();
  await expect(sidebar.getByText("List renders, filtered and sorted")).toBeVisible();
  await sidebar.getByText("Boards", { exact: true }).click();
  await expect(sidebar.getByText("Make a board")).toBeVisible();

  await sidebar.getByText("Start a render (spends credits)").click();
  await expect(page.getByText(/^Accepted by the service; or, for a member.s render/).first()).toBeVisible();

  expect(elsewhere).toEqual([]);
  expect(violations).toEqual([]);
});
