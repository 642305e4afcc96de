import { expect, type Locator, type Page } from "@playwright/test";

/** The page of one render: `/renders/<id>`. */
export class RenderPage {
  readonly main: Locator;
  readonly render: Locator;
  readonly heading: Locator;
  readonly reuseSettings: Locator;
  readonly download: Locator;
  readonly variants: Locator;
  readonly viewBatch: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole("main");
    this.heading = this.main.getByRole("heading", { level: 1 });
    this.render = this.main.getByRole("article", { name: /^(Image|Video) render$/ });
    this.reuseSettings = this.main.getByRole("link", { name: "Reuse settings" });
    this.download = this.main.getByRole("link", { name: "Download" });
    this.variants = page.getByRole("region", { name: "Other variants in this batch" });
    this.viewBatch = this.variants.getByRole("link", { name: "View batch" });
  }

  async goto(id: string): Promise<void> {
    await this.page.goto(`/renders/${id}`);
    await expect(this.heading).toBeVisible();
  }

  /** The value of a row in the Parameters or Timeline list, e.g. `field("Duration")`. */
  field(label: string): Locator {
    return this.render
      .locator("dt", { hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd[1]");
  }
}
