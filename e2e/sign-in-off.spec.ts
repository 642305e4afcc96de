/** Sign-in off (the default e2e server has no AUTH_SECRET): every page says so, and /sign-in too. */
import { expect, test } from "./fixtures";

test.describe("sign-in off", () => {
  test("every page warns that anyone can spend, and the sign-in page says there is nothing to sign in to", async ({
    page,
  }) => {
    const banner = page.getByRole("note", { name: "Sign-in is off" });
    for (const path of ["/", "/team", "/sign-in"]) {
      await page.goto(path);
      await expect(banner).toHaveText(
        "Sign-in is off: anyone who can open this dashboard can spend the team's credits. An admin can turn it on with AUTH_SECRET.",
      );
    }
    await expect(page.getByText("Sign-in is off on this dashboard")).toBeVisible();
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await expect(page).toHaveURL(/\/$/);
    // No member, so no Who filter and no sign-out.
    await expect(page.getByRole("combobox", { name: "Who" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Member" })).toHaveCount(0);

    // One line on a desktop, wrapped on a phone (screenshots in /tmp/team-access).
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(banner).toBeVisible();
      await banner.screenshot({ path: `/tmp/team-access/banner-${width}.png` });
    }
    expect((await banner.boundingBox())?.height).toBeLessThan(48);
  });

  test("the header links the Team page, whose budget and confirmation apply with sign-in off", async ({
    page,
  }) => {
    await page.goto("/");
    const team = page.getByRole("banner").getByRole("link", { name: "Team", exact: true });
    await expect(team).toBeVisible({ timeout: 5_000 });
    await team.click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(page.getByRole("heading", { name: "Team", level: 1 })).toBeVisible();
  });
});
