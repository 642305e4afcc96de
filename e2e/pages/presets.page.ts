import { expect, type Locator, type Page } from "@playwright/test";

/** The form's presets (the picker and "Save as preset") and the prompt's suggestions, by accessible names. */
export class PresetsPage {
  readonly open: Locator;
  readonly saveAs: Locator;
  readonly picker: Locator;
  readonly saveDialog: Locator;
  readonly name: Locator;
  readonly includePrompt: Locator;
  readonly suggestions: Locator;

  constructor(readonly page: Page) {
    const form = page.getByRole("form", { name: "New render" });
    this.open = form.getByRole("button", { name: "Presets", exact: true });
    this.saveAs = form.getByRole("button", { name: "Save as preset", exact: true });
    this.picker = page.getByRole("dialog", { name: "Presets" });
    this.saveDialog = page.getByRole("dialog", { name: "Save as preset" });
    this.name = this.saveDialog.getByLabel("Name", { exact: true });
    this.includePrompt = this.saveDialog.getByLabel("Include the prompt");
    this.suggestions = page.getByRole("listbox", { name: "Your recent prompts" });
  }

  /** Saves the form's settings under `name`, the prompt too when asked; resolves once it is saved. */
  async save(name: string, { withPrompt }: { withPrompt: boolean }): Promise<void> {
    await this.saveAs.click();
    await this.name.fill(name);
    if (withPrompt) await this.includePrompt.check();
    await this.saveDialog.getByRole("button", { name: "Save preset" }).click();
    await expect(this.saveDialog).toBeHidden();
  }

  /** A preset's row in the open picker. */
  row(name: string): Locator {
    return this.picker.getByRole("listitem").filter({ hasText: name });
  }

  async apply(name: string): Promise<void> {
    await this.open.click();
    await this.row(name)
      .getByRole("button", { name: `Apply ${name}` })
      .click();
    await expect(this.picker).toBeHidden();
  }
}
