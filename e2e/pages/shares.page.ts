import { expect, type Locator, type Page } from "@playwright/test";

/** The Share dialog of a render (its page or the viewer) or of a board (its page). */
export class ShareDialog {
  readonly dialog: Locator;
  readonly expires: Locator;
  readonly showPrompt: Locator;
  readonly create: Locator;
  readonly link: Locator;
  readonly done: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole("dialog", { name: /^(Share this (render|board)|Link created)$/ });
    this.expires = this.dialog.getByLabel("Expires");
    this.showPrompt = this.dialog.getByRole("switch", { name: "Show the prompt" });
    this.create = this.dialog.getByRole("button", { name: "Create link" });
    this.link = this.dialog.getByLabel("Share link");
    this.done = this.dialog.getByRole("button", { name: "Done" });
  }

  /** Presses Share in `where`: a render's or a board's page's main content, or the viewer's details. */
  async open(where: Locator = this.page.getByRole("main")): Promise<void> {
    await where.getByRole("button", { name: "Share", exact: true }).click();
    await expect(this.create).toBeVisible();
  }

  /** Makes the link and answers it, as the dialog shows it once. */
  async createLink(): Promise<string> {
    await this.create.click();
    await expect(this.link).toBeVisible();
    return this.link.inputValue();
  }
}

/** A list of share links (a render's or a board's page, or `/shares`). */
export class ShareLinks {
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.list = page.getByRole("list", { name: "Share links" });
  }

  /** A link's row, by the start of its token (what the list shows). */
  row(link: string): Locator {
    const prefix = new URL(link).pathname.split("/")[2]?.slice(0, 6) ?? "";
    return this.list.getByRole("listitem").filter({ hasText: `/s/${prefix}…` });
  }

  async revoke(link: string): Promise<void> {
    await revokeRow(this.row(link), "link");
  }
}

/** Revoke on a list's row (a share link's, an API token's), then its confirmation: the row leaves. */
export async function revokeRow(row: Locator, noun: string): Promise<void> {
  await row.getByRole("button", { name: /^Revoke/ }).click();
  await row
    .getByRole("group", { name: new RegExp(`^Revoke ${noun}`) })
    .getByRole("button", { name: /^Revoke/ })
    .click();
  await expect(row).toHaveCount(0);
}
