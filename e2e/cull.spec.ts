/**
 * Culling from the keyboard: twenty renders rated, picked, rejected and tagged in the viewer with
 * keys alone (Auto-advance moving on after each rating, `u` undoing), then the gallery filtered to
 * rating 4 or more and Picked, and that result zipped: its manifest names the ratings, picks and tags.
 */
import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { zipEntries } from "@/test/zip-entries";
import { RENDER_PAGE_SIZE } from "@/lib/domain/statuses";
import { expect, test, uniquePrompt } from "./fixtures";

/** What each render gets, by its place in the viewer's order. */
const plan = (i: number) => ({
  rating: (i % 5) + 1,
  pick: i % 4 === 0,
  reject: i % 7 === 3,
  tag: i % 6 === 0 ? "hero" : null,
});

/** The gallery's card of render `id` shows the marks its step of the plan set. */
async function expectCardMarks(
  gallery: Locator,
  id: string,
  { rating, pick, reject, tag }: ReturnType<typeof plan>,
) {
  const card = gallery.locator(`article[data-render-id="${id}"]`);
  await expect(card.getByRole("img", { name: `Rated ${rating} of 5` })).toBeVisible();
  // A reject after a pick replaces it: a render is one or the other.
  const flag = reject ? "Rejected" : pick ? "Picked" : null;
  for (const label of ["Picked", "Rejected"])
    await expect(card.getByText(label, { exact: true })).toHaveCount(label === flag ? 1 : 0);
  if (tag) await expect(card.getByRole("list", { name: "Tags" })).toHaveText(tag);
  else await expect(card.getByRole("list", { name: "Tags" })).toHaveCount(0);
}

const viewed = (page: Page) => new URL(page.url()).searchParams.get("view") ?? "";

/**
 * Presses a rating key and tells when, on the page's clock, the key arrived, the page asked for the
 * rating to be saved, and the viewer first changed after the key (the next render drawn).
 */
async function ratingSentAndDrawn(page: Page, key: string) {
  await page.evaluate(() => {
    const times = window as unknown as { keyAt?: number; sentAt?: number; drawnAt?: number };
    delete times.keyAt;
    delete times.sentAt;
    delete times.drawnAt;
    addEventListener("keydown", () => (times.keyAt ??= performance.now()), { capture: true, once: true });
    // The page's own calls, timed as it makes them, then passed on unchanged.
    const send = window.fetch;
    window.fetch = (input, init) => {
      if (String(input).endsWith("/api/renders/marks")) {
        times.sentAt ??= performance.now();
        window.fetch = send;
      }
      return send(input, init);
    };
    const dialog = document.querySelector('[role="dialog"]')!;
    // Changes still drawn for the render before the key (its details come just after it) do not count.
    const observer = new MutationObserver(() => {
      if (times.keyAt === undefined) return;
      times.drawnAt = performance.now();
      observer.disconnect();
    });
    observer.observe(dialog, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  const saved = page.waitForResponse((r) => r.url().endsWith("/api/renders/marks"));
  await page.keyboard.press(key);
  await saved;
  return page.evaluate(() => {
    const { keyAt, sentAt, drawnAt } = window as unknown as Record<string, number | undefined>;
    return { keyAt: keyAt ?? NaN, sentAt: sentAt ?? NaN, drawnAt: drawnAt ?? NaN };
  });
}

test("twenty renders culled with the keyboard, filtered to 4+ and Picked, and zipped", async ({
  page,
  gallery,
  api,
}) => {
  test.slow();
  // Counts the page's reads of the notification permission, a synchronous call to the browser.
  await page.addInitScript(() => {
    const own = Object.getOwnPropertyDescriptor(Notification, "permission")!;
    const seen = window as unknown as { permissionReads: number };
    seen.permissionReads = 0;
    Object.defineProperty(Notification, "permission", {
      configurable: true,
      get() {
        seen.permissionReads++;
        return own.get!.call(Notification) as NotificationPermission;
      },
    });
  });
  const permissionReads = () =>
    page.evaluate(() => (window as unknown as { permissionReads: number }).permissionReads);
  const prompt = uniquePrompt("Cull: a lighthouse");
  // Five batches of four: twenty renders in five creates.
  const created = [];
  for (let i = 0; i < 5; i++)
    created.push(await api.createRender({ kind: "image", prompt, imageModel: "nano-banana", imageCount: 4 }));
  await gallery.goto(`?q=${encodeURIComponent(prompt)}`);
  await expect(gallery.cards(prompt)).toHaveCount(20);

  // Into the viewer from the first card, by keyboard.
  await gallery.viewButton(gallery.card(prompt)).focus();
  await page.keyboard.press("Enter");
  const viewer = page.getByRole("dialog");
  await expect(viewer).toContainText("1 of 20");
  await expect(viewer.getByRole("switch", { name: "Auto-advance" })).toHaveAttribute("aria-checked", "true");

  // `?` lists the viewer's keys; Escape closes the list, not the viewer.
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help.getByRole("region", { name: "Viewer" })).toContainText("Undo the last change");
  // The review's keys, added inside the viewer, are live and listed above it.
  await expect(help.getByRole("region", { name: "Review" })).toContainText("Approve the render");
  await page.keyboard.press("Escape");
  await expect(help).toHaveCount(0);
  await expect(viewer).toContainText("1 of 20");

  const order: string[] = [];
  const readsBefore = await permissionReads();
  for (let i = 0; i < 20; i++) {
    const id = viewed(page);
    order.push(id);
    const { rating, pick, reject, tag } = plan(i);
    if (pick) await page.keyboard.press("p");
    if (reject) await page.keyboard.press("x");
    if (tag) {
      await page.keyboard.press("t");
      // The field takes the keys once it is there (a frame later), as a person sees it appear.
      const field = viewer.getByRole("textbox", { name: "New tag" });
      await expect(field).toBeFocused();
      await field.pressSequentially(tag);
      await expect(field).toHaveValue(tag);
      await field.press("Enter");
      await expect(viewer.getByRole("list", { name: "Tags", exact: true })).toContainText(tag);
      await page.keyboard.press("Escape");
    }
    if (i === 10) {
      // A wrong rating, undone: back on this render, unrated, and rated again.
      await page.keyboard.press("1");
      if (i < 19) await expect.poll(() => viewed(page)).not.toBe(id);
      await page.keyboard.press("u");
      await expect.poll(() => viewed(page)).toBe(id);
      await expect(viewer.getByRole("button", { name: "1 star" })).toHaveAttribute("aria-pressed", "false");
    }
    if (i === 2) {
      // The rating's request leaves in the key's own task, before the viewer draws anything: its
      // round trip overlaps the drawing of the next render rather than following it.
      const { keyAt, sentAt, drawnAt } = await ratingSentAndDrawn(page, String(rating));
      expect(sentAt).toBeGreaterThanOrEqual(keyAt);
      expect(sentAt).toBeLessThan(drawnAt);
    } else await page.keyboard.press(String(rating));
    if (i < 19) await expect.poll(() => viewed(page)).not.toBe(id);
  }
  await expect(viewer.getByRole("button", { name: `${plan(19).rating} stars` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // The gallery re-renders behind the viewer at every step; its notifications button does not.
  expect(await permissionReads()).toBe(readsBefore);
  await page.keyboard.press("Escape");
  await expect(viewer).toHaveCount(0);

  // The cards show what culling set: the first render was rated, picked and tagged, the fourth rejected.
  for (const i of [0, 3]) await expectCardMarks(gallery.region, order[i]!, plan(i));

  const wanted = order.filter((_, i) => plan(i).rating >= 4 && plan(i).pick && !plan(i).reject);
  const bar = gallery.region.getByRole("search");
  await bar.getByRole("combobox", { name: "Rating" }).selectOption("4");
  await bar.getByRole("button", { name: "Picked", exact: true }).click();
  await expect(page).toHaveURL(/[?&]rating=4(&|$)/);
  await expect(page).toHaveURL(/[?&]picked=true(&|$)/);
  await expect(gallery.cards(prompt)).toHaveCount(
    order.filter((_, i) => plan(i).rating >= 4 && plan(i).pick).length,
  );
  // Each card left shows why it is there: its rating and its pick.
  for (const id of wanted) await expectCardMarks(gallery.region, id, plan(order.indexOf(id)));

  await api.allSettled(created.flatMap((each) => each.ids));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    gallery.region.getByRole("button", { name: "Download zip of the filtered renders" }).click(),
  ]);
  const entries = await zipEntries(await readFile((await download.path())!));
  const manifest = JSON.parse(entries.find((e) => e.name === "manifest.json")!.data.toString("utf8")) as {
    items: { id: string; rating: number; flag: string; tags: string[] }[];
  };
  const expected = order.flatMap((id, i) => {
    const { rating, pick, reject, tag } = plan(i);
    // A reject after a pick replaces it: a render is one or the other.
    const flag = reject ? "reject" : pick ? "pick" : null;
    return rating >= 4 && flag === "pick" ? [{ id, rating, flag, tags: tag ? [tag] : [] }] : [];
  });
  expect(expected.map((e) => e.id).sort()).toEqual([...wanted].sort());
  expect(
    manifest.items
      .map(({ id, rating, flag, tags }) => ({ id, rating, flag, tags }))
      .sort((a, b) => a.id.localeCompare(b.id)),
  ).toEqual(expected.sort((a, b) => a.id.localeCompare(b.id)));
});

test("the viewer reads the next page ahead near the end of the loaded one, and a rating there moves on to it", async ({
  page,
  api,
}) => {
  const prompt = uniquePrompt("Cull across pages: a kite");
  // One more than a page: eight batches of four.
  const batches = Math.ceil((RENDER_PAGE_SIZE + 1) / 4);
  for (let i = 0; i < batches; i++)
    await api.createRender({ kind: "image", prompt, imageModel: "nano-banana", imageCount: 4 });
  // The last render of the gallery's first page, as the list answers it.
  const firstPage = await api.list({ q: prompt, limit: RENDER_PAGE_SIZE });
  expect(firstPage.items).toHaveLength(RENDER_PAGE_SIZE);
  expect(firstPage.nextCursor).not.toBeNull();
  const last = firstPage.items.at(-1)!.id;
  // Opened by its link, so the gallery has not scrolled to its end (which loads the next page). The
  // viewer opens over the gallery as a modal, which hides the gallery's region: no gallery.goto.
  await page.goto(`/?q=${encodeURIComponent(prompt)}&view=${last}`);
  const viewer = page.getByRole("dialog");
  // Open on the first page's last render, the viewer reads the second page without a key pressed.
  await expect(viewer).toContainText(`${RENDER_PAGE_SIZE} of ${batches * 4}`);
  await page.keyboard.press("3");
  await expect(viewer).toContainText(`${RENDER_PAGE_SIZE + 1} of ${batches * 4}`);
  expect(viewed(page)).not.toBe(last);
  await page.keyboard.press("ArrowLeft");
  await expect(viewer.getByRole("button", { name: "3 stars" })).toHaveAttribute("aria-pressed", "true");
});
