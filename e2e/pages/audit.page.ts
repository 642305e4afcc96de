import { expect, type Download, type Locator, type Page } from "@playwright/test";

/** The Audit log (Team → Audit log): its filters, its table of entries and the CSV export. */
export class AuditLogPage {
  readonly heading: Locator;
  readonly filters: Locator;
  readonly rows: Locator;
  readonly exportCsv: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Audit log", level: 1 });
    this.filters = page.getByRole("form", { name: "Filter the audit log" });
    // Every row of the table but its header.
    this.rows = page
      .getByRole("table")
      .getByRole("row")
      .filter({ has: page.getByRole("cell") });
    this.exportCsv = page.getByRole("link", { name: "Export CSV" });
  }

  /** Opens it from the Team page the browser is on, as an admin does. */
  async openFromTeam(): Promise<void> {
    await this.page.getByRole("link", { name: "Audit log" }).click();
    await expect(this.heading).toBeVisible();
  }

  async filterByKind(label: string): Promise<void> {
    await this.filters.getByLabel("Kind").selectOption({ label });
    await this.filters.getByRole("button", { name: "Apply filters" }).click();
  }

  /** Each shown row's cells' text, in the table's order. */
  async shownRows(): Promise<string[][]> {
    return this.rows.evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? "")),
    );
  }

  /** Downloads the export of what the filters match. */
  async downloadCsv(): Promise<Download> {
    const download = this.page.waitForEvent("download");
    await this.exportCsv.click();
    return download;
  }
}
