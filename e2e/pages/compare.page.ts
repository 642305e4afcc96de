import { expect, type Locator, type Page } from "@playwright/test";

/** The compare page: `/compare?ids=…`, reached through accessible names only. */
export class ComparePage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly alert: Locator;
  readonly panes: Locator;
  readonly zoomIn: Locator;
  readonly zoomOut: Locator;
  readonly fit: Locator;
  readonly zoomLevel: Locator;
  readonly sideBySide: Locator;
  readonly wipe: Locator;
  readonly wipeStage: Locator;
  readonly wipePosition: Locator;
  readonly playAll: Locator;
  readonly pauseAll: Locator;

  constructor(readonly page: Page) {
    this.main = page.getByRole("main");
    this.heading = this.main.getByRole("heading", { level: 1 });
    this.alert = this.main.getByRole("alert");
    this.panes = this.main.getByRole("article");
    this.zoomIn = this.main.getByRole("button", { name: "Zoom in" });
    this.zoomOut = this.main.getByRole("button", { name: "Zoom out" });
    this.fit = this.main.getByRole("button", { name: "Fit" });
    this.zoomLevel = this.main.getByRole("status", { name: "Zoom level" });
    this.sideBySide = this.main.getByRole("button", { name: "Side by side" });
    this.wipe = this.main.getByRole("button", { name: "Wipe", exact: true });
    this.wipeStage = this.main.getByRole("region", { name: "Wipe" });
    this.wipePosition = this.main.getByRole("slider", { name: "Wipe position" });
    this.playAll = this.main.getByRole("button", { name: "Play all" });
    this.pauseAll = this.main.getByRole("button", { name: "Pause all" });
  }

  async goto(ids: string | readonly string[]): Promise<void> {
    await this.page.goto(`/compare?ids=${typeof ids === "string" ? ids : ids.join(",")}`);
    await expect(this.heading).toHaveText("Compare");
  }

  /** The pane of the render shown under `letter` (A to D). */
  pane(letter: string): Locator {
    return this.main.getByRole("article", { name: new RegExp(`^${letter}: `) });
  }

  /** The labels of a pane's parameters marked as differing from the other renders. */
  async differing(pane: Locator): Promise<string[]> {
    const terms = await pane
      .getByRole("term")
      .filter({ hasText: /differs$/i })
      .allInnerTexts();
    return terms.map((term) => term.replace(/\s*Differs$/i, "").trim());
  }

  /** The rendered width of each ready image in the side-by-side panes (zoom scales it). */
  async imageWidths(): Promise<number[]> {
    const images = await this.panes.getByRole("img").all();
    return Promise.all(images.map(async (image) => (await image.boundingBox())?.width ?? 0));
  }
}
