/**
 * Shared fixtures for the gallery, render page, home and accessibility specs: a typed client of the
 * dashboard's own API (to set up renders where the test is not about the form) and of the
 * simulator's admin endpoints, plus the page objects; and a page that fails its test on any hydration
 * error in the browser.
 */
import {
  test as base,
  expect,
  type APIRequestContext,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { GalleryPage } from "./pages/gallery.page";
import { RenderPage } from "./pages/render-page.page";
import { E2E_PORTS } from "./ports";

/** The simulator the e2e app talks to (playwright.config.ts). */
export const SIMULATOR_URL = `http://127.0.0.1:${E2E_PORTS.simulator}`;
/** The sign-in app's own simulator (playwright.config.ts): the "sign-in" project's specs ask it. */
export const AUTH_SIMULATOR_URL = `http://127.0.0.1:${E2E_PORTS.authSimulator}`;
/** The key the e2e app is started with (playwright.config.ts). */
const E2E_API_KEY = "rs_live_demo_team_1";

/** The page at a phone's size and a desktop's, saved with the test's results. */
export async function screenshots(page: Page, testInfo: TestInfo, name: string) {
  for (const [label, size] of [
    ["phone", { width: 390, height: 844 }],
    ["desktop", { width: 1440, height: 900 }],
  ] as const) {
    await page.setViewportSize(size);
    const path = testInfo.outputPath(`${name}-${label}.png`);
    await page.screenshot({ path });
    await testInfo.attach(`${name} (${label})`, { path, contentType: "image/png" });
  }
}

/**
 * Holds each of the page's `method` requests to `url` for `delayMs` before sending it on to the real
 * server, as a slow server would; answers how many were sent so far.
 */
export async function slowRequests(page: Page, method: string, url: string, delayMs = 1_500) {
  const sent = { count: 0 };
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    sent.count += 1;
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    await route.continue();
  });
  return sent;
}

/**
 * Holds back the build chunk whose code contains `marker` (a string of the module it carries), as a
 * slow network would, until `release()`; `requested` settles once the page has asked for it.
 */
export async function holdChunk(page: Page, marker: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = () => {};
  const requested = new Promise<void>((resolve) => (asked = resolve));
  await page.route("**/_next/static/chunks/*.js", async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (body.includes(marker)) {
      asked();
      await held;
    }
    return route.fulfill({ response, body });
  });
  return { requested, release };
}

/** Presses a button twice within one task, faster than any page can redraw between the presses. */
export const pressTwice = (button: Locator) =>
  button.evaluate((element: HTMLElement) => {
    element.click();
    element.click();
  });

/** A prompt no other test uses, so a card can be found by its text. */
export function uniquePrompt(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export interface CreatedRender {
  id: string;
  ids: string[];
  batchId: string | null;
  requestId: string;
  creditsCharged: number;
}

export interface LedgerRenderJson {
  id: string;
  status: string;
  prompt: string;
  params: Record<string, unknown>;
  creditsCharged: number;
  creditsRefunded: number;
  chain: { clipsReady: number; clipsTotal: number } | null;
  outputUrl: string | null;
}

const FINAL = ["ready", "failed", "rejected", "lost"];

export class DashboardApi {
  /**
   * `writeHeaders`: what its writes carry besides the body; a client signed in with a session cookie
   * passes the Origin a browser on the dashboard's pages would (sign-in.page.ts, `FROM_DASHBOARD`).
   */
  constructor(
    private readonly request: APIRequestContext,
    private readonly writeHeaders: Record<string, string> = {},
  ) {}

  async createRender(body: Record<string, unknown>): Promise<CreatedRender> {
    for (;;) {
      const response = await this.request.post("/api/renders", { data: body, headers: this.writeHeaders });
      // Many image variants in a burst meet the service's fair-use limit: wait as told, then go on.
      if (response.status() === 429) {
        await new Promise((resolve) =>
          setTimeout(resolve, Number(response.headers()["retry-after"] ?? 1) * 1000),
        );
        continue;
      }
      expect(response.status(), await response.text()).toBe(202);
      return (await response.json()) as CreatedRender;
    }
  }

  async render(id: string): Promise<LedgerRenderJson> {
    const response = await this.request.get(`/api/renders/${id}`);
    expect(response.ok()).toBe(true);
    return (await response.json()) as LedgerRenderJson;
  }

  async search(q: string): Promise<LedgerRenderJson[]> {
    return (await this.list({ q })).items;
  }

  /** One page of the gallery's list, as the gallery reads it. */
  async list(
    query: Record<string, string | number>,
  ): Promise<{ items: LedgerRenderJson[]; nextCursor: string | null }> {
    const params = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    const response = await this.request.get(`/api/renders?${params}`);
    expect(response.ok()).toBe(true);
    return (await response.json()) as { items: LedgerRenderJson[]; nextCursor: string | null };
  }

  /**
   * Waits until the ledger has the render in a final state and returns it. The ledger is the
   * dashboard's own (reading it costs no upstream poll), so it is read often.
   */
  async settled(id: string, timeout = 45_000): Promise<LedgerRenderJson> {
    let last: LedgerRenderJson | undefined;
    await expect
      .poll(async () => (last = await this.render(id)).status, { timeout, intervals: [100, 250, 500] })
      .toMatch(new RegExp(`^(${FINAL.join("|")})$`));
    return last as LedgerRenderJson;
  }

  /** Waits until every render is final, all at once: they finish in whatever order the service takes. */
  async allSettled(ids: readonly string[]): Promise<LedgerRenderJson[]> {
    return Promise.all(ids.map((id) => this.settled(id)));
  }

  async account(): Promise<{ planLabel: string; renderCreditsBalance: number; monthlyGrant: number }> {
    const response = await this.request.get("/api/account");
    expect(response.ok()).toBe(true);
    return (await response.json()) as {
      planLabel: string;
      renderCreditsBalance: number;
      monthlyGrant: number;
    };
  }
}

/** The balance as the simulator has it right now (its account endpoint, uncached, with the app's key). */
export async function simulatorBalance(request: APIRequestContext): Promise<number> {
  const response = await request.get(`${SIMULATOR_URL}/api/v1/account`, {
    headers: { Authorization: `Bearer ${E2E_API_KEY}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { renderCreditsBalance: number }).renderCreditsBalance;
}

/** How many creates a simulator (the e2e app's, unless named) has been asked for since it started. */
export const simulatorCreates = async (page: Page, simulatorUrl = SIMULATOR_URL): Promise<number> =>
  ((await (await page.request.get(`${simulatorUrl}/__sim/stats`)).json()) as { creates: { total: number } })
    .creates.total;

/**
 * Resolves once the page's live event stream has answered: the page has hydrated (the stream starts
 * after hydration) and hears changes from then on. Call it before the navigation.
 */
export const liveStreamOpens = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");

/**
 * Resolves once the page hears the live stream, whether it holds the browser's stream or another
 * tab relays it (a browser's tabs share one stream: only the first of them opens `/api/events`).
 * Call it after the navigation.
 */
export const hearsLiveStream = (page: Page) =>
  expect(page.locator("html")).toHaveAttribute("data-live", "live");

/**
 * React's word for a page whose server HTML the browser's first render did not match: named in
 * development, by its code in a production build (418 a mismatch, 421 an update before a boundary
 * hydrated, 423 and 425 their older forms).
 */
const HYDRATION_ERROR = /hydrat|react\.dev\/errors\/(418|421|423|425)\b/i;

export const test = base.extend<{ api: DashboardApi; gallery: GalleryPage; renderPage: RenderPage }>({
  // Every page of every test fails it on a hydration error in the browser, whichever page it loads.
  page: async ({ page }, provide) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && HYDRATION_ERROR.test(message.text())) errors.push(message.text());
    });
    page.on("pageerror", (error) => {
      if (HYDRATION_ERROR.test(String(error))) errors.push(String(error));
    });
    await provide(page);
    expect(errors, "hydration errors in the browser").toEqual([]);
  },
  // Playwright's `use` callback, named so lint does not take it for React's `use`.
  api: async ({ request }, provide) => provide(new DashboardApi(request)),
  gallery: async ({ page }, provide) => provide(new GalleryPage(page)),
  renderPage: async ({ page }, provide) => provide(new RenderPage(page)),
});

export { expect };
