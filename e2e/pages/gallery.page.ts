import { expect, type Locator, type Page } from "@playwright/test";

/** The home page's gallery and account panel, reached through their accessible names only. */
export class GalleryPage {
  readonly region: Locator;
  readonly account: Locator;
  readonly search: Locator;
  readonly status: Locator;
  readonly kind: Locator;
  readonly model: Locator;
  readonly date: Locator;
  readonly sort: Locator;
  readonly loadMore: Locator;

  constructor(readonly page: Page) {
    this.region = page.getByRole("region", { name: "Renders" });
    this.account = page.getByRole("region", { name: "Account" });
    this.search = this.region.getByRole("searchbox", { name: "Search prompts" });
    this.status = this.region.getByRole("combobox", { name: "Status" });
    this.kind = this.region.getByRole("combobox", { name: "Kind" });
    this.model = this.region.getByRole("combobox", { name: "Model" });
    this.date = this.region.getByRole("combobox", { name: "Date" });
    this.sort = this.region.getByRole("combobox", { name: "Sort" });
    this.loadMore = this.region.getByRole("button", { name: "Load more" });
  }

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/${query}`);
    await expect(this.region).toBeVisible();
  }

  /** A day field of the custom date range, "From" or "To". */
  day(label: "From" | "To"): Locator {
    return this.region.getByLabel(label, { exact: true });
  }

  /** The cards' names (their prompts) in the gallery's order. */
  async order(): Promise<string[]> {
    return this.region
      .getByRole("article")
      .evaluateAll((cards) =>
        cards.map(
          (card) => document.getElementById(card.getAttribute("aria-labelledby") ?? "")?.textContent ?? "",
        ),
      );
  }

  /** The cards of renders whose prompt is `prompt` (an article is named by its prompt). */
  cards(prompt: string): Locator {
    return this.region.getByRole("article", { name: prompt });
  }

  card(prompt: string): Locator {
    return this.cards(prompt).first();
  }

  /** The button over a card's media that opens the viewer. */
  viewButton(card: Locator): Locator {
    return card.getByRole("button", { name: /^View full size: / });
  }

  selectBox(card: Locator): Locator {
    return card.getByRole("checkbox", { name: /^Select / });
  }

  batch(size: number): Locator {
    return this.region.getByRole("group", { name: `Batch of ${size}` });
  }

  /** Opens a card's actions menu and picks an item. */
  async action(card: Locator, item: "Open" | "Download" | "Copy prompt" | "Reuse settings"): Promise<void> {
    await card.getByRole("button", { name: "Actions" }).click();
    await this.page.getByRole("menuitem", { name: item }).click();
  }
}
