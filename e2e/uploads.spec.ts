import { deflateSync } from "node:zlib";
import { SIMULATOR_URL, expect, simulatorBalance, test, uniquePrompt } from "./fixtures";
import { RenderFormPage, asset } from "./pages/render-form.page";

test.describe("reference uploads", () => {
  test("an uploaded PNG becomes a reference of a render that reaches Ready", async ({
    page,
    api,
    gallery,
  }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    await form.addReferences(asset("reference.png"));

    const images = form.referenceList("Reference images");
    await expect(images.getByRole("listitem")).toHaveCount(1);
    await expect(images.getByRole("listitem")).toContainText("reference.png");
    const thumbnail = images.locator("img");
    await expect(thumbnail).toHaveJSProperty("complete", true);
    expect(await thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await expect(form.uploads()).toHaveCount(0); // the finished upload left the queue

    const prompt = uniquePrompt("Guided by a gradient");
    await form.prompt.fill(prompt);
    await form.start.click();
    await expect(page.getByText("Image started")).toBeVisible();
    await expect(gallery.card(prompt)).toContainText("Ready", { timeout: 30_000 });

    const [render] = await api.search(prompt);
    expect(render?.params.referenceImageUrls).toEqual([await thumbnail.getAttribute("src")]);
  });

  test("files are checked before sending: a wrong type is refused by name", async ({ page }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    await form.addReferences([asset("notes.txt"), asset("reference-2.png")]);
    await expect(form.form.getByText(/^notes\.txt: text\/plain files can't be references/)).toBeVisible();
    await expect(form.referenceList("Reference images").getByRole("listitem")).toHaveCount(1);

    // Videos go to a model that takes them, and are refused for one that does not.
    await form.chooseKind("Video");
    await form.model.selectOption("veo-3.1");
    await form.addReferences({ name: "clip.webm", mimeType: "video/webm", buffer: Buffer.from("webm") });
    await expect(form.form.getByText(/^clip\.webm: Veo 3\.1 takes no reference videos/)).toBeVisible();
    // The first image of a video render is its start frame.
    await expect(form.referenceList("Reference images")).toContainText("Start frame");
  });

  test("an upload shows progress, can be cancelled and retried", async ({ page }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    // Slow the browser's uplink so the transfer can be watched; the server and file are real.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 64 * 1024,
    });

    await form.addReferences({ name: "noise.png", mimeType: "image/png", buffer: noisePng(360, 360) });
    const row = form.uploads().getByRole("listitem").filter({ hasText: "noise.png" });
    const progress = row.getByRole("progressbar", { name: "Uploading noise.png" });
    await expect(progress).toBeVisible();
    await expect
      .poll(async () => Number(await progress.getAttribute("aria-valuenow")), { timeout: 10_000 })
      .toBeGreaterThan(0);

    await row.getByRole("button", { name: "Cancel upload of noise.png" }).click();
    await expect(row).toContainText("Cancelled");
    await expect(progress).toBeHidden();

    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await row.getByRole("button", { name: "Retry upload of noise.png" }).click();
    await expect(
      form.referenceList("Reference images").getByRole("listitem").filter({ hasText: "noise.png" }),
    ).toHaveCount(1);
    await expect(form.uploads()).toHaveCount(0);
  });

  test("the reference library reuses an earlier upload without uploading again", async ({
    page,
    request,
  }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    // An earlier upload by the team, through the dashboard's API.
    const uploaded = await request.post("/api/uploads", {
      multipart: {
        kind: "image",
        file: { name: "library-pick.png", mimeType: "image/png", buffer: noisePng(8, 8) },
      },
    });
    expect(uploaded.status()).toBe(201);
    const upload = await uploaded.json();

    await form.library.click();
    const dialog = page.getByRole("dialog", { name: "Reference library" });
    const pick = dialog.getByRole("button", { name: "Use library-pick.png" }).first();
    await pick.click();
    await expect(dialog.getByRole("button", { name: "library-pick.png is in use" }).first()).toBeDisabled();
    await page.keyboard.press("Escape");

    const images = form.referenceList("Reference images");
    await expect(images.locator("img")).toHaveAttribute("src", upload.url);
    await images.getByRole("button", { name: "Remove library-pick.png" }).click();
    await expect(images).toHaveCount(0);
  });

  test("a refusal the server alone can make lands on its field (422)", async ({ page, request, api }) => {
    const form = new RenderFormPage(page);
    await form.goto();
    await form.prompt.fill(uniquePrompt("Forgotten reference"));
    await form.addReferences(asset("reference.png"));
    await expect(form.referenceList("Reference images").getByRole("listitem")).toHaveCount(1);

    // The service loses its uploads (here: the simulator is reset). The ledger still lists the file,
    // so the form and the dashboard accept the URL; the service refuses it, naming the field.
    // The reset also forgets every earlier render, so this test runs last of the suite's files.
    expect((await request.post(`${SIMULATOR_URL}/__sim/reset`)).ok()).toBe(true);
    // Later specs compare balances: wait until the dashboard's cached account has caught up.
    const balance = await simulatorBalance(request);
    await expect
      .poll(async () => (await api.account()).renderCreditsBalance, { timeout: 20_000 })
      .toBe(balance);
    await form.start.click();

    const error = form.form.getByText(
      /^Reference images contains a URL that was not returned by the upload endpoint/,
    );
    await expect(error).toBeVisible();
    await expect(form.referenceList("Reference images")).toHaveAttribute("aria-describedby", /.+/);
    // Fixing the field clears it: removing the reference lets the render start.
    await form
      .referenceList("Reference images")
      .getByRole("button", { name: "Remove reference.png" })
      .click();
    await form.start.click();
    await expect(page.getByText("Image started")).toBeVisible();
    await expect(error).toBeHidden();
  });
});

/** A real PNG of random pixels (incompressible, so its size is what the transfer carries). */
function noisePng(width: number, height: number): Buffer {
  const row = 1 + width * 3;
  const raw = Buffer.alloc(row * height);
  for (let i = 0; i < raw.length; i++) raw[i] = i % row === 0 ? 0 : Math.floor(Math.random() * 256);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return ~crc >>> 0;
}
