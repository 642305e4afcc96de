import type { Locator, Page } from "@playwright/test";

/** `/boards`, a board's page, and the "Add to board" picker, reached through their accessible names only. */
export class BoardsPage {
  readonly list: Locator;
  readonly picker: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByRole("list", { name: "Boards" });
    this.picker = page.getByRole("dialog", { name: "Add to board" });
  }

  /** A board's card on `/boards` (an article named by the board). */
  card(name: string): Locator {
    return this.page.getByRole("article", { name });
  }

  /** Makes a board from the open picker, which puts the renders on it. */
  async createInPicker(name: string): Promise<void> {
    await this.picker.getByRole("button", { name: "New board…" }).click();
    await this.picker.getByRole("textbox", { name: "New board name" }).fill(name);
    await this.picker.getByRole("button", { name: "Create and add" }).click();
  }
}
