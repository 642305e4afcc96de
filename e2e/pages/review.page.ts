import { expect, type Locator, type Page } from "@playwright/test";

/** Where an image's pixels are drawn on the page: its box with `object-fit: contain` taken into account. */
export interface DrawnImage {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * A render under review, in the viewer or on its page (`root`): its media with the pins, the
 * Comments panel, the decision and the header's Inbox.
 */
export class ReviewPanel {
  readonly comments: Locator;
  readonly commentButton: Locator;
  readonly newComment: Locator;
  readonly post: Locator;
  readonly openThreads: Locator;
  readonly resolvedThreads: Locator;
  readonly approve: Locator;
  readonly requestChanges: Locator;
  readonly note: Locator;
  readonly sendChanges: Locator;
  readonly badge: Locator;
  readonly image: Locator;
  readonly inbox: Locator;

  constructor(
    readonly page: Page,
    readonly root: Locator = page.getByRole("dialog"),
  ) {
    this.comments = root.getByRole("region", { name: "Comments" });
    this.commentButton = this.comments.getByRole("button", { name: "Comment", exact: true });
    this.newComment = this.comments.getByRole("combobox", { name: "New comment" });
    this.post = this.comments.getByRole("button", { name: "Post comment" });
    this.openThreads = this.comments.getByRole("list", { name: "Open threads" });
    this.resolvedThreads = this.comments.getByRole("list", { name: "Resolved threads" });
    const decision = root.getByRole("region", { name: "Review decision" });
    this.approve = decision.getByRole("button", { name: "Approve" });
    this.requestChanges = decision.getByRole("button", { name: "Request changes" });
    this.note = decision.getByRole("combobox", { name: "What should change" });
    this.sendChanges = decision.getByRole("button", { name: "Send change request" });
    this.badge = decision.locator("[data-review-state]");
    this.image = root.locator("img").first();
    // Under an open viewer (a modal) the header is hidden from assistive technology, yet it counts.
    this.inbox = page.getByRole("button", { name: /^Inbox/, includeHidden: true });
  }

  thread(number: number): Locator {
    return this.root.getByRole("listitem", { name: `Thread ${number}` });
  }

  marker(number: number): Locator {
    return this.root.getByRole("button", { name: new RegExp(`^Comment ${number}( at |$)`) });
  }

  /** The image's drawn pixels, from its box and its own size (as `object-fit: contain` lays it out). */
  async drawnImage(): Promise<DrawnImage> {
    return this.image.evaluate((image: HTMLImageElement) => {
      const box = image.getBoundingClientRect();
      const scale = Math.min(box.width / image.naturalWidth, box.height / image.naturalHeight);
      const width = image.naturalWidth * scale;
      const height = image.naturalHeight * scale;
      return {
        left: box.left + (box.width - width) / 2,
        top: box.top + (box.height - height) / 2,
        width,
        height,
      };
    });
  }

  /** Where a marker's centre sits on the image, as shares of its drawn width and height. */
  async markerShare(number: number): Promise<{ x: number; y: number }> {
    const drawn = await this.drawnImage();
    const box = await this.marker(number).boundingBox();
    if (!box) throw new Error(`marker ${number} is not shown`);
    return {
      x: (box.x + box.width / 2 - drawn.left) / drawn.width,
      y: (box.y + box.height / 2 - drawn.top) / drawn.height,
    };
  }

  /** "Comment", a click at a share of the image, then the text (mentions typed as they would be). */
  async pinComment(at: { x: number; y: number }, text: string): Promise<void> {
    await this.commentButton.click();
    const drawn = await this.drawnImage();
    await this.page.mouse.click(drawn.left + at.x * drawn.width, drawn.top + at.y * drawn.height);
    await expect(this.newComment).toBeFocused();
    await this.newComment.pressSequentially(text);
    await this.post.click();
  }

  /** Writes `@` and the start of a name, then takes the suggestion. */
  async mention(field: Locator, start: string, name: string): Promise<void> {
    await field.pressSequentially(`@${start}`);
    const option = this.page.getByRole("option", { name: `@${name}` });
    await expect(option).toBeVisible();
    await field.press("Enter");
  }
}
