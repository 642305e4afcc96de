import { expect, type Locator, type Page } from "@playwright/test";
import { hearsLiveStream } from "../fixtures";

/**
 * The admin's Team page: the default cap, the limits on what members make (one field each, named
 * "<kind>, <label>" as in "API tokens, active, per member") and one row (a card on a phone) per member.
 */
export class TeamPage {
  readonly heading: Locator;
  readonly defaultCap: Locator;
  readonly limits: Locator;

  readonly chat: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Team", level: 1 });
    this.defaultCap = page.getByLabel("Team default monthly cap");
    this.limits = page.getByRole("region", { name: "Limits" });
    this.chat = page.getByRole("region", { name: "Team chat" });
  }

  /** The team chat's box of an event kind, by its label ("Spend alerts"). */
  chatKind(label: string): Locator {
    return this.chat.getByRole("checkbox", { name: label });
  }

  /** Ticks or unticks a chat kind and waits until the saved choice shows (the box follows the server). */
  async setChatKind(label: string, on: boolean): Promise<void> {
    const box = this.chatKind(label);
    await expect(box).toBeChecked({ checked: !on });
    await box.click();
    await expect(box).toBeChecked({ checked: on });
    await expect(box).toBeEnabled();
  }

  /** A limit's field by its whole name. */
  limit(name: string): Locator {
    return this.limits.getByRole("textbox", { name, exact: true });
  }

  /** Sets a limit and waits for the confirmation and the saved value. */
  async setLimit(name: string, value: string): Promise<void> {
    const field = this.limit(name);
    await field.fill(value);
    await field.press("Enter");
    await this.confirmed(`${name}: ${Number(value).toLocaleString("en-US")}`);
    await expect(field).toHaveValue(value);
  }

  /** Puts a limit back to its default. */
  async useDefault(name: string): Promise<void> {
    await this.limits.getByRole("button", { name: `Use default for ${name}` }).click();
    await this.confirmed(`${name}: back to the default`);
  }

  /** Waits for a save's toast, then closes it, as a user would before the next save. */
  private async confirmed(text: string): Promise<void> {
    const toast = this.page.locator("[data-sonner-toast]").filter({ hasText: text });
    await expect(toast).toBeVisible();
    await toast.getByRole("button", { name: "Close toast" }).click();
    await expect(toast).toHaveCount(0);
  }

  /**
   * Opens the page and waits until it is live, so hydrated: the server's HTML shows its boxes first,
   * and a box ticked before the page's code runs is set back when it does.
   */
  async goto(): Promise<void> {
    await this.page.goto("/team");
    await expect(this.heading).toBeVisible();
    await hearsLiveStream(this.page);
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
    // The toast sits over the lower rows' Save buttons: closed before the next save.
    await this.confirmed(`Saved ${name}'s cap`);
    // Disabled again once the saved value has come back from the server (while saving it reads "Saving…").
    await expect(save).toBeDisabled();
  }
}
