import type { Locator, Page } from "@playwright/test";

/** `/runs/new` ("Batch from file") and a run's page, reached through their accessible names only. */
export class RunsPage {
  readonly fileInput: Locator;
  readonly problems: Locator;
  readonly progress: Locator;

  constructor(readonly page: Page) {
    this.fileInput = page.getByLabel("Batch file (CSV or JSONL)");
    this.problems = page.getByRole("list", { name: "Problems" });
    this.progress = page.getByRole("progressbar", { name: /rows finished$/ });
  }

  async gotoNew(): Promise<void> {
    await this.page.goto("/runs/new");
  }

  /** The preview's cell of a row (its number in the file) and column. */
  cell(row: number, column: string): Locator {
    return this.page.getByRole("textbox", { name: `Row ${row} ${column}` });
  }

  startButton(): Locator {
    return this.page.getByRole("button", { name: /^Start run of/ });
  }
}
