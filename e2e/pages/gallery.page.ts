import { expect, type Locator, type Page } from "@playwright/test";

/** A row of the gallery: its items' edges and heights, and the heights of their images. */
export interface GalleryRow {
  items: { left: number; right: number; height: number; imageLines: number[][] }[];
}

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

  /**
   * The gallery's rows as laid out: its items (a card, or a batch's group) side by side, and the
   * heights of the images each item shows, line by line (a group's variants may take more than one).
   * Read in one go in the page, with every card drawn as on screen (off screen, cards skip layout).
   */
  async rows(): Promise<GalleryRow[]> {
    return this.region.evaluate((region) => {
      const round = (n: number) => Math.round(n * 10) / 10;
      for (const card of region.querySelectorAll<HTMLElement>("article")) {
        card.style.contentVisibility = "visible";
      }
      const items = new Map<Element, DOMRect[]>();
      for (const image of region.querySelectorAll("article img")) {
        const item = image.closest('[role="group"]') ?? image.closest("article");
        if (item) items.set(item, [...(items.get(item) ?? []), image.getBoundingClientRect()]);
      }
      const rows = new Map<number, GalleryRow["items"]>();
      for (const [item, images] of items) {
        const box = item.getBoundingClientRect();
        const lines = new Map<number, number[]>();
        for (const image of images) {
          const top = Math.round(image.top);
          lines.set(top, [...(lines.get(top) ?? []), round(image.height)]);
        }
        const row = Math.round(box.top);
        rows.set(row, [
          ...(rows.get(row) ?? []),
          {
            left: round(box.left),
            right: round(box.right),
            height: round(box.height),
            imageLines: [...lines.entries()].sort(([a], [b]) => a - b).map(([, heights]) => heights),
          },
        ]);
      }
      return [...rows.entries()]
        .sort(([a], [b]) => a - b)
        .map(([, row]) => ({ items: row.sort((a, b) => a.left - b.left) }));
    });
  }

  /** Opens a card's actions menu and picks an item. */
  async action(card: Locator, item: "Open" | "Download" | "Copy prompt" | "Reuse settings"): Promise<void> {
    await card.getByRole("button", { name: "Actions" }).click();
    await this.page.getByRole("menuitem", { name: item }).click();
  }
}
