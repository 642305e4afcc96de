/**
 * Keeping the gallery in order: a card's star and the Favourites filter (in the URL, through a
 * reload), and archiving a selection from the bar, the Archived filter with each card marked
 * archived, and Unarchive from the bar and from a card; a slow archive from a card's menu, which
 * closes on the press, is said in a toast while it is under way, then undone.
 */
import { expect, slowRequests, test, uniquePrompt, type DashboardApi } from "./fixtures";
import type { GalleryPage } from "./pages/gallery.page";

/** Three images under one tag, and the gallery searched for them; prompts newest first, as shown. */
async function galleryOfThree(api: DashboardApi, gallery: GalleryPage, label: string) {
  const tag = uniquePrompt(label);
  const prompts = [`${tag} one: a pear`, `${tag} two: a plum`, `${tag} three: a fig`];
  for (const prompt of prompts) await api.createRender({ kind: "image", prompt, imageModel: "nano-banana" });
  await gallery.goto(`?q=${encodeURIComponent(tag)}`);
  return [...prompts].reverse();
}

const toggle = (gallery: GalleryPage, name: "Favourites" | "Archived") =>
  gallery.region.getByRole("search").getByRole("button", { name, exact: true });

test("a starred card shows under Favourites, and stays starred and filtered after a reload", async ({
  page,
  gallery,
  api,
}) => {
  const prompts = await galleryOfThree(api, gallery, "Favourite");
  const star = gallery.card(prompts[1]!).getByRole("button", { name: "Favourite", exact: true });
  await expect(star).toHaveAttribute("aria-pressed", "false");
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");

  await toggle(gallery, "Favourites").click();
  await expect(toggle(gallery, "Favourites")).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/[?&]favourite=true(&|$)/);
  await expect(gallery.region.getByRole("article")).toHaveCount(1);
  await expect(gallery.card(prompts[1]!)).toBeVisible();

  await page.reload();
  await expect(gallery.region.getByRole("article")).toHaveCount(1);
  await expect(
    gallery.card(prompts[1]!).getByRole("button", { name: "Favourite", exact: true }),
  ).toHaveAttribute("aria-pressed", "true");
});

test("archiving a selection hides it from the gallery; Archived shows it marked; Unarchive brings it back", async ({
  page,
  gallery,
  api,
}) => {
  const prompts = await galleryOfThree(api, gallery, "Archive");
  await expect(gallery.region.getByRole("article")).toHaveCount(3);
  const archives = await slowRequests(page, "POST", "**/api/renders/archive");
  await gallery.card(prompts[1]!).getByRole("button", { name: "Actions" }).click();
  await page.getByRole("menuitem", { name: "Archive" }).click();
  await expect(page.getByText("Archiving 1 render…", { exact: true })).toBeVisible();
  await expect(page.getByText("Archived 1 render", { exact: true })).toBeVisible();
  await expect(gallery.region.getByRole("article")).toHaveCount(2);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(gallery.region.getByRole("article")).toHaveCount(3);
  expect(archives.count).toBe(2);
  await page.unrouteAll();
  await gallery.selectBox(gallery.card(prompts[0]!)).check();
  await gallery.selectBox(gallery.card(prompts[2]!)).check();
  const bar = page.getByRole("region", { name: "Selection" });
  await bar.getByRole("button", { name: "Archive", exact: true }).click();

  await expect(gallery.region.getByRole("article")).toHaveCount(1);
  await expect(gallery.card(prompts[1]!)).toBeVisible();
  await expect(bar).toHaveCount(0);

  await toggle(gallery, "Archived").click();
  await expect(page).toHaveURL(/[?&]archived=true(&|$)/);
  await expect(gallery.region.getByRole("article")).toHaveCount(2);
  await gallery.selectBox(gallery.card(prompts[2]!)).check();
  await bar.getByRole("button", { name: "Unarchive", exact: true }).click();
  await expect(gallery.region.getByRole("article")).toHaveCount(1);
  // An archived card says so, and brings its render back on its own.
  const archived = gallery.card(prompts[0]!);
  await expect(archived.getByText("Archived", { exact: true })).toBeVisible();
  await archived.getByRole("button", { name: "Unarchive", exact: true }).click();
  await expect(gallery.region.getByRole("article")).toHaveCount(0);

  await toggle(gallery, "Archived").click();
  await expect(gallery.region.getByRole("article")).toHaveCount(3);
  for (const prompt of prompts) await expect(gallery.card(prompt).getByText("Archived")).toHaveCount(0);
  await page.reload();
  await expect(gallery.region.getByRole("article")).toHaveCount(3);
});
