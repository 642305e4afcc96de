import { expect, type Locator, type Page } from "@playwright/test";
import { revokeRow } from "./shares.page";

/** `/tokens`: New token, the token shown once, and the list with Revoke. */
export class TokensPage {
  readonly form: Locator;
  readonly name: Locator;
  readonly create: Locator;
  readonly secret: Locator;
  readonly done: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole("region", { name: "New token" });
    this.name = this.form.getByLabel("Name");
    this.create = this.form.getByRole("button", { name: "Create token" });
    this.secret = this.form.getByLabel("Your new API token");
    this.done = this.form.getByRole("button", { name: "Done" });
    this.list = page.getByRole("list", { name: "API tokens" });
  }

  /** Makes a token and answers it, as the page shows it once. */
  async createToken(name: string, scope: "Read" | "Read and create", expires = "Never"): Promise<string> {
    await this.name.fill(name);
    await this.form.getByRole("radio", { name: new RegExp(`^${scope}\\b`) }).check();
    await this.form.getByLabel("Expires").selectOption({ label: expires });
    await this.create.click();
    await expect(this.secret).toBeVisible();
    return this.secret.inputValue();
  }

  row(name: string): Locator {
    return this.list.getByRole("listitem").filter({ hasText: name });
  }

  async revoke(name: string): Promise<void> {
    await revokeRow(this.row(name), "token");
  }
}
