/**
 * The cost confirmation: submit asks, with the number and where it comes from, before a video
 * estimated above the team's threshold, and before one whose cost is unknown; an image included in
 * the plan starts at once. An open form's estimate follows a rate learned meanwhile, without a reload.
 * Specs share one ledger, so each reads the threshold and the rate card it
 * finds rather than assuming them, and puts back what it changes.
 */
import type { APIRequestContext } from "@playwright/test";
import type { CostEstimate, RateCard, TeamSettings } from "@/lib/contract";
import { findVideoModel } from "@/lib/domain/catalogue";
import { formatCredits } from "@/lib/domain/format";
import { expect, liveStreamOpens, test, uniquePrompt } from "./fixtures";
import { RenderFormPage } from "./pages/render-form.page";

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function setOverride(request: APIRequestContext, key: string, creditsPerUnit: number | null) {
  const response = await request.post("/api/rates", { data: { key, creditsPerUnit } });
  expect(response.status(), await response.text()).toBe(200);
}

interface VideoChoice {
  model: string;
  resolution: string;
  durationSeconds: number;
  generateAudio: boolean;
}

/** Sets the form's video settings as a person would. */
async function chooseVideo(form: RenderFormPage, choice: VideoChoice): Promise<void> {
  await form.chooseKind("Video");
  await form.model.selectOption(choice.model);
  await form.resolution.selectOption(choice.resolution);
  await form.setDuration(choice.durationSeconds);
  const audioOn = (await form.generateAudio.getAttribute("aria-checked")) === "true";
  if (audioOn !== choice.generateAudio) await form.generateAudio.click();
}

const estimateOf = (request: APIRequestContext, choice: VideoChoice) =>
  getJson<CostEstimate>(
    request,
    `/api/estimate?${new URLSearchParams({ kind: "video", ...Object.fromEntries(Object.entries(choice).map(([k, v]) => [k, String(v)])) })}`,
  );

test("a video estimated above the team's threshold asks first, with the number", async ({
  page,
  request,
  api,
}) => {
  const { confirmAboveCredits } = await getJson<TeamSettings>(request, "/api/team");
  const choice = { model: "seedance", resolution: "1080p", durationSeconds: 5, generateAudio: true };
  // An admin's rate for this key that puts 5 s above the threshold; put back afterwards.
  const key = "seedance:1080p:audio";
  const before = (await getJson<RateCard>(request, "/api/rates")).rows.find((r) => r.key === key);
  const perSecond = Math.ceil((confirmAboveCredits + 1) / choice.durationSeconds);
  await setOverride(request, key, perSecond);
  try {
    const expected = await estimateOf(request, choice);
    expect(expected.credits).toBeGreaterThan(confirmAboveCredits);
    const credits = formatCredits(expected.credits ?? 0);

    const form = new RenderFormPage(page);
    await form.goto();
    const prompt = uniquePrompt("Expensive: a harbour at dawn");
    await form.prompt.fill(prompt);
    await chooseVideo(form, choice);
    await expect(form.cost).toHaveText(`≈ ${credits}, from the rate card, ${perSecond} credits per s`);

    await form.start.click();
    await expect(form.costDialog).toContainText(`It is estimated at ≈ ${credits}, above`);
    await expect(form.costDialog).toContainText(
      `above the ${formatCredits(confirmAboveCredits)} your team asks to confirm`,
    );
    await expect(form.costDialog.getByRole("button", { name: `Spend ≈ ${credits}` })).toBeVisible();
    await form.costDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(form.costDialog).toBeHidden();
    expect(await api.search(prompt)).toEqual([]);
  } finally {
    await setOverride(request, key, before?.override ?? null);
  }
});

test("an image included in the plan starts without asking", async ({ page, api }) => {
  const form = new RenderFormPage(page);
  await form.goto();
  const prompt = uniquePrompt("Included: a paper crane");
  await form.prompt.fill(prompt);
  await expect(form.cost).toHaveText("Included in your plan");
  await form.start.click();
  await expect(page.getByText("Image started")).toBeVisible();
  await expect(form.costDialog).toHaveCount(0);
  await expect.poll(async () => (await api.search(prompt)).length).toBe(1);
});

/** Settings of a video price key nothing has priced yet: no render of it, no card rate, no override. */
async function unpricedVideo(request: APIRequestContext): Promise<VideoChoice> {
  const unpriced = (await getJson<RateCard>(request, "/api/rates")).rows.find(
    (row) => row.kind === "video" && row.resolution !== null && row.effective === null,
  );
  expect(unpriced, "the rate card lists a video key with no rate yet").toBeDefined();
  const { model, resolution, setting } = unpriced!;
  const choice = {
    model,
    resolution: resolution!,
    durationSeconds: findVideoModel(model)!.duration.min,
    generateAudio: setting === "audio",
  };
  expect(await estimateOf(request, choice)).toMatchObject({ credits: null, source: "none" });
  return choice;
}

const UNKNOWN_COST = "Cost unknown until the first render of this kind";

test("a video of unknown cost asks too, and its page then shows the charge beside the estimate", async ({
  page,
  request,
  api,
}) => {
  const choice = await unpricedVideo(request);

  const form = new RenderFormPage(page);
  await form.goto();
  const prompt = uniquePrompt("Unknown cost: a lantern festival");
  await form.prompt.fill(prompt);
  await chooseVideo(form, choice);
  await expect(form.cost).toHaveText(UNKNOWN_COST);

  await form.start.click();
  await expect(form.costDialog).toContainText("Its cost is unknown");
  await form.costDialog.getByRole("button", { name: "Start, cost unknown" }).click();
  await expect(page.getByText("Video started")).toBeVisible();
  await expect.poll(async () => (await api.search(prompt)).length).toBe(1);
  const [render] = await api.search(prompt);

  await page.goto(`/renders/${render!.id}`);
  await expect(
    page.getByText(`Cost unknown before it started, charged ${formatCredits(render!.creditsCharged)}`),
  ).toBeVisible();
  // That charge taught the key its rate.
  expect(await estimateOf(request, choice)).toMatchObject({ source: "history", renders: 1 });
});

test("an open form's unknown cost turns into the learned figure once another tab's render is charged", async ({
  page,
  request,
  api,
}) => {
  const choice = await unpricedVideo(request);
  const form = new RenderFormPage(page);
  const live = liveStreamOpens(page);
  await form.goto();
  await live;
  await chooseVideo(form, choice);
  await expect(form.cost).toHaveText(UNKNOWN_COST);

  // Another tab (here the API) starts one: its charge teaches the key's rate.
  await api.createRender({ kind: "video", prompt: uniquePrompt("Teaches a rate: a kite"), ...choice });
  const learned = await estimateOf(request, choice);
  expect(learned).toMatchObject({ source: "history", renders: 1 });
  await expect(form.cost).toHaveText(`≈ ${formatCredits(learned.credits ?? 0)}, ${learned.basis}`);
});
