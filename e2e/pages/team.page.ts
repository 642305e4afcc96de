import { expect, type Locator, type Page } from "@playwright/test";

/** The admin's Team page: the default cap and one row (a card on a phone) per member. */
export class TeamPage {
  readonly heading: Locator;
  readonly defaultCap: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Team", level: 1 });
    this.defaultCap = page.getByLabel("Team default monthly cap");
  }

  async goto(): Promise<void> {
    await this.page.goto("/team");
    await expect(this.heading).toBeVisible();
  }

  member(name: string): Locator {
    return this.page.getByRole("row", { name });
  }

  /** Sets a member's own cap (empty: the team default) and waits for the confirmation. */
  async setCap(name: string, cap: string): Promise<void> {
    const row = this.member(name);
    await row.getByLabel(`Monthly cap for ${name}`).fill(cap);
    const save = row.getByRole("button", { name: "Save", exact: true });
    await save.click();
    const toast = this.page.locator("[data-sonner-toast]").filter({ hasText: `Saved ${name}'s cap` });
    await expect(toast).toBeVisible();
    // It sits over the lower rows' Save buttons: closed, as a user would before the next save.
    await toast.getByRole("button", { name: "Close toast" }).click();
    await expect(toast).toHaveCount(0);
    // Disabled again once the saved value has come back from the server (while saving it reads "Saving…").
    await expect(save).toBeDisabled();
  }
}
