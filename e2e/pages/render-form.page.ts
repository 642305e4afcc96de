import { expect, type Locator, type Page } from "@playwright/test";
import path from "node:path";

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const ASSETS = path.join(import.meta.dirname, "..", "assets");
export const asset = (name: string) => path.join(ASSETS, name);

/** The new-render form, reached only through its accessible names. */
export class RenderFormPage {
  readonly form: Locator;
  readonly kind: Locator;
  readonly prompt: Locator;
  readonly model: Locator;
  readonly resolution: Locator;
  readonly quality: Locator;
  readonly aspectRatio: Locator;
  readonly variants: Locator;
  /** The duration's select (a few choices) or its number field (a slider's range). */
  readonly duration: Locator;
  readonly durationSlider: Locator;
  readonly negativePrompt: Locator;
  readonly generateAudio: Locator;
  readonly references: Locator;
  readonly library: Locator;
  readonly start: Locator;
  readonly cost: Locator;
  readonly countdown: Locator;
  /** Asks before a render estimated above the team's threshold, or of unknown cost. */
  readonly costDialog: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole("form", { name: "New render" });
    this.kind = this.form.getByRole("radiogroup", { name: "Kind" });
    this.prompt = this.form.getByLabel("Prompt", { exact: true });
    this.model = this.form.getByLabel("Model", { exact: true });
    this.resolution = this.form.getByLabel("Resolution", { exact: true });
    this.quality = this.form.getByLabel("Quality", { exact: true });
    this.aspectRatio = this.form.getByLabel("Aspect ratio", { exact: true });
    this.variants = this.form.getByLabel("Variants", { exact: true });
    this.duration = this.form
      .getByRole("combobox", { name: "Duration", exact: true })
      .or(this.form.getByRole("spinbutton", { name: "Duration (seconds)", exact: true }));
    this.durationSlider = this.form.getByRole("slider", { name: "Duration (seconds)", exact: true });
    this.negativePrompt = this.form.getByLabel("Negative prompt", { exact: true });
    this.generateAudio = this.form.getByLabel("Generate audio", { exact: true });
    this.references = this.form.getByRole("button", { name: "References", exact: true });
    this.library = this.form.getByRole("button", { name: "Reference library" });
    this.start = this.form.getByRole("button", { name: "Start render", exact: true });
    this.cost = this.form.getByRole("status", { name: "Estimated cost" });
    this.countdown = this.form.getByText(/try again in \d+ s/);
    this.costDialog = page.getByRole("dialog", { name: "Start this render?" });
  }

  /**
   * Starts the render as a person who accepts its cost: submit (Start render, or `submit`) either
   * sends it at once or first asks (a high or unknown estimate), and then Enter on the dialog's
   * confirming button sends it.
   */
  async startAcceptingCost(submit: () => Promise<void> = () => this.start.click()): Promise<void> {
    const sent = this.page
      .waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/renders")
      .then(
        () => false,
        () => false,
      );
    await submit();
    const asked = this.costDialog.waitFor().then(
      () => true,
      () => false,
    );
    if (await Promise.race([asked, sent]))
      await this.costDialog.getByRole("button", { name: /^(Spend ≈|Start, cost unknown)/ }).press("Enter");
  }

  /** On a phone the form is folded under its heading: opened with one tap, as a member does. */
  async goto(query = ""): Promise<void> {
    await this.page.goto(`/${query}`);
    await expect(this.form).toBeVisible();
    await this.unfold();
  }

  /** Opens the form where it is folded (below the desktop width); elsewhere there is nothing to do. */
  async unfold(): Promise<void> {
    const toggle = this.form.getByRole("button", { name: "New render", exact: true });
    if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) === "false") {
      await toggle.click();
    }
    await expect(this.prompt).toBeVisible();
  }

  async chooseKind(kind: "Image" | "Video"): Promise<void> {
    await this.kind.getByRole("radio", { name: kind }).check();
  }

  /** Sets the duration as a person would: picks it from the select, or types it in the number field. */
  async setDuration(seconds: number): Promise<void> {
    const tag = await this.duration.evaluate((el) => el.tagName);
    if (tag === "SELECT") await this.duration.selectOption(String(seconds));
    else await this.duration.fill(String(seconds));
  }

  /** Picks files through the drop zone's file chooser, as a click on it does for a person. */
  async addReferences(files: string | string[] | FilePayload | FilePayload[]): Promise<void> {
    const chooser = this.page.waitForEvent("filechooser");
    await this.references.click();
    await (await chooser).setFiles(files);
  }

  /**
   * Resolves once the 429 countdown shows while Start render is disabled, both seen in the same
   * frame: the service's Retry-After can be a single second, shorter than two separate assertions.
   */
  async waitForCountdownWithStartDisabled(timeout: number): Promise<void> {
    await this.page.waitForFunction(
      () => {
        const form = document.querySelector('form[aria-label="New render"]');
        const start = [...(form?.querySelectorAll("button") ?? [])].find(
          (b) => b.textContent?.trim() === "Start render",
        );
        return /try again in \d+ s/.test(form?.textContent ?? "") && start?.disabled === true;
      },
      undefined,
      { timeout, polling: "raf" },
    );
  }

  referenceList(title: "Reference images" | "Reference videos" | "Reference audio"): Locator {
    return this.form.getByRole("region", { name: title });
  }

  uploads(): Locator {
    return this.form.getByRole("list", { name: "Uploads" });
  }
}
