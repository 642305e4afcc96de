/**
 * Boards end to end: a board made from the selection bar's "Add to board" with three renders on it,
 * listed on /boards with its count and covers (filling their box), opened (and reloaded), a render
 * taken off it, and the board deleted while its renders stay in the gallery. While the renders go on
 * the new board, the picker says it is adding rather than showing an empty board.
 */
import { expect, hearsLiveStream, slowRequests, test, uniquePrompt } from "./fixtures";
import { BoardsPage } from "./pages/boards.page";

test("a board made from a selection lists, opens, loses a render and is deleted; the renders stay", async ({
  page,
  gallery,
  api,
}) => {
  const tag = uniquePrompt("Board");
  const prompts = [`${tag} one: a lemon`, `${tag} two: a lime`, `${tag} three: a kiwi`];
  for (const prompt of prompts) {
    const created = await api.createRender({ kind: "image", prompt, imageModel: "nano-banana" });
    await api.settled(created.id);
  }
  const boards = new BoardsPage(page);
  const boardName = `Citrus ${tag}`;
  await gallery.goto(`?q=${encodeURIComponent(tag)}`);
  await expect(gallery.region.getByRole("article")).toHaveCount(3);

  await gallery.selectBox(gallery.card(prompts[0]!)).check();
  await gallery.selectBox(gallery.card(prompts[1]!)).check();
  await gallery.selectBox(gallery.card(prompts[2]!)).check();
  const bar = page.getByRole("region", { name: "Selection" });
  await bar.getByRole("button", { name: "Add to board" }).click();
  const adds = await slowRequests(page, "POST", "**/api/boards/*/renders");
  await boards.createInPicker(boardName);
  await expect(boards.picker.getByRole("button", { name: "Adding…" })).toHaveAttribute("aria-busy", "true");
  await expect(boards.picker.getByRole("listitem").filter({ hasText: boardName })).toContainText("Adding…");
  await expect(page.getByText(`Added 3 renders to “${boardName}”`)).toBeVisible();
  expect(adds.count).toBe(1);
  await expect(boards.picker).toHaveCount(0);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Boards" }).click();
  await expect(page).toHaveURL(/\/boards$/);
  const card = boards.card(boardName);
  await expect(card.getByText("3 renders")).toBeVisible();
  await expect(card.locator("img")).toHaveCount(3);
  // Three covers fill the cover's box: each cell shows one, and no cell is left empty.
  const cover = await card.locator("[data-covers]").evaluate((grid) => {
    const area = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width * box.height;
    };
    const cells = [...grid.children];
    return {
      filled: cells.reduce((sum, cell) => sum + area(cell), 0) / area(grid),
      empty: cells.filter((cell) => !cell.querySelector("img, video")).length,
    };
  });
  expect(cover.empty).toBe(0);
  expect(cover.filled).toBeGreaterThan(0.97);

  await card.getByRole("link", { name: boardName }).click();
  await expect(page).toHaveURL(/\/boards\/brd_/);
  await expect(page.getByRole("heading", { level: 1, name: boardName })).toBeVisible();
  await expect(gallery.region.getByRole("article")).toHaveCount(3);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: boardName })).toBeVisible();
  await expect(gallery.region.getByRole("article")).toHaveCount(3);
  // The reload shows the server's cards before the page's code has hydrated them: a click on one
  // then can be lost ("Actions" once was, on a loaded machine). Act once the page is live.
  await hearsLiveStream(page);

  await gallery.card(prompts[0]!).getByRole("button", { name: "Actions" }).click();
  await page.getByRole("menuitem", { name: "Remove from board" }).click();
  await expect(page.getByText(`Removed 1 render from “${boardName}”`)).toBeVisible();
  await expect(gallery.region.getByRole("article")).toHaveCount(2);
  await expect(gallery.card(prompts[1]!)).toBeVisible();
  await expect(gallery.card(prompts[2]!)).toBeVisible();
  // The count beside the board's name.
  const title = page.getByRole("heading", { level: 1, name: boardName });
  await expect(title.locator("..").getByText("2 renders", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Delete ${boardName}` }).click();
  const confirm = page.getByRole("dialog", { name: `Delete “${boardName}”?` });
  await expect(confirm).toContainText("are kept");
  await confirm.getByRole("button", { name: "Delete board" }).click();
  await expect(page).toHaveURL(/\/boards$/);
  await expect(boards.card(boardName)).toHaveCount(0);

  await gallery.goto(`?q=${encodeURIComponent(tag)}`);
  await expect(gallery.region.getByRole("article")).toHaveCount(3);
});
