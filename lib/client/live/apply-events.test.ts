import {
  InfiniteQueryObserver,
  QueryClient,
  QueryObserver,
  type InfiniteData,
  type QueryKey,
} from "@tanstack/react-query";
import { describe, expect, test, vi } from "vitest";
import type { LedgerRender, LiveEvent, RenderList, RunDetail } from "@/lib/contract";
import { queryKeys } from "@/lib/client/queries/keys";
import { noticeKeys } from "@/lib/client/queries/notices";
import { reviewKeys } from "@/lib/client/queries/review";
import { inboxKeys } from "@/lib/client/queries/inbox";
import { approvalKeys } from "@/lib/client/queries/approvals";
import { runKeys } from "@/lib/client/queries/run-keys";
import { applyLiveEvents, LIVE_KEYS, mayBelong } from "./apply-events";

const render = (id: string, patch: Partial<LedgerRender> = {}): LedgerRender => ({
  id,
  requestId: `req_${id}`,
  batchId: null,
  variantIndex: 0,
  kind: "image",
  status: "running",
  model: "seedream",
  renderModel: "seedream 2K",
  prompt: "A lighthouse at dusk",
  params: {},
  outputUrl: null,
  errorMessage: null,
  creditsCharged: 0,
  creditsRefunded: 0,
  chain: null,
  createdAt: "2026-11-25T10:00:00.000Z",
  updatedAt: "2026-11-25T10:00:01.000Z",
  completedAt: null,
  expectedSeconds: 30,
  member: { id: "mem_grace", name: "Grace" },
  archivedAt: null,
  estimate: null,
  ...patch,
});

const uploadEvent: LiveEvent = {
  type: "upload",
  upload: {
    id: "upl_1",
    url: "https://cdn.example/u.png",
    kind: "image",
    contentType: "image/png",
    bytes: 1,
    filename: "u.png",
    createdAt: "2026-11-25T10:00:00.000Z",
    member: null,
  },
};

const pages = (...items: LedgerRender[][]): InfiniteData<RenderList> => ({
  pages: items.map((page, i) => ({ items: page, nextCursor: i < items.length - 1 ? String(i + 1) : null })),
  pageParams: items.map((_, i) => (i === 0 ? undefined : String(i))),
});

/** A cache with one gallery list per filter set, as the gallery leaves it after loading. */
function cacheWith(lists: [Record<string, unknown>, InfiniteData<RenderList>][]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const [filters, data] of lists) client.setQueryData(queryKeys.renders.list(filters as never), data);
  const list = (filters: Record<string, unknown>) =>
    client.getQueryState(queryKeys.renders.list(filters as never));
  return { client, list };
}

describe("applyLiveEvents", () => {
  test("a changed render replaces its copy in every loaded page and open render page, without a re-read", () => {
    const mine = { limit: 30, member: "mem_grace" };
    const all = { limit: 30 };
    const { client, list } = cacheWith([
      [all, pages([render("a"), render("b")], [render("c")])],
      [mine, pages([render("b")])],
    ]);
    client.setQueryData(queryKeys.renders.detail("b"), render("b"));
    const secondPage = client.getQueryData<InfiniteData<RenderList>>(queryKeys.renders.list(all as never))
      ?.pages[1];
    const ready = render("b", { status: "ready", outputUrl: "https://cdn.example/b.png" });

    applyLiveEvents(client, [{ type: "render", render: ready }]);

    for (const filters of [all, mine]) {
      const data = client.getQueryData<InfiniteData<RenderList>>(queryKeys.renders.list(filters as never));
      expect(data?.pages.flatMap((p) => p.items).find((r) => r.id === "b")).toEqual(ready);
      expect(list(filters)?.isInvalidated).toBe(false);
    }
    expect(client.getQueryData(queryKeys.renders.detail("b"))).toEqual(ready);
    // Untouched pages stay the same objects, so their cards do not re-render.
    expect(
      client.getQueryData<InfiniteData<RenderList>>(queryKeys.renders.list(all as never))?.pages[1],
    ).toBe(secondPage);
  });

  test("a new render re-reads the lists it may belong to, and only those", () => {
    const all = { limit: 30 };
    const videos = { limit: 30, kind: "video" };
    const linus = { limit: 30, member: "mem_linus" };
    const { client, list } = cacheWith([
      [all, pages([render("a")])],
      [videos, pages([])],
      [linus, pages([])],
    ]);

    applyLiveEvents(client, [
      { type: "render", render: render("new1") },
      { type: "render", render: render("new2") },
    ]);

    expect(list(all)?.isInvalidated).toBe(true);
    expect(list(videos)?.isInvalidated).toBe(false);
    expect(list(linus)?.isInvalidated).toBe(false);
  });

  test("a render that leaves a filtered list is taken out in place; one that stays is replaced", () => {
    const running = { limit: 30, status: "running" };
    const { client, list } = cacheWith([[running, pages([render("a"), render("b")])]]);
    applyLiveEvents(client, [
      { type: "render", render: render("a", { status: "ready", updatedAt: "2026-11-25T10:00:09.000Z" }) },
      { type: "render", render: render("b", { chain: { clipsReady: 1, clipsTotal: 3 } }) },
    ]);
    const data = client.getQueryData<InfiniteData<RenderList>>(queryKeys.renders.list(running as never));
    expect(data?.pages[0]?.items.map((r) => [r.id, r.chain?.clipsReady ?? null])).toEqual([["b", 1]]);
    expect(list(running)?.isInvalidated).toBe(false);
  });

  test("an older record (a read that raced a live event) never replaces a newer one", () => {
    const all = { limit: 30 };
    const ready = render("a", { status: "ready", updatedAt: "2026-11-25T10:00:30.000Z" });
    const { client } = cacheWith([[all, pages([ready])]]);
    client.setQueryData(queryKeys.renders.detail("a"), ready);
    applyLiveEvents(client, [
      { type: "render", render: render("a", { updatedAt: "2026-11-25T10:00:20.000Z" }) },
    ]);
    const data = client.getQueryData<InfiniteData<RenderList>>(queryKeys.renders.list(all as never));
    expect(data?.pages[0]?.items[0]?.status).toBe("ready");
    expect(client.getQueryData<LedgerRender>(queryKeys.renders.detail("a"))?.status).toBe("ready");
  });

  /** A page showing the list, its first read answered with `first`, and the answers of reads to come. */
  async function shownList(first: InfiniteData<RenderList>) {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const answers: ((data: InfiniteData<RenderList>) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.renders.list({ limit: 30 } as never),
      queryFn: () => new Promise<InfiniteData<RenderList>>((resolve) => answers.push(resolve)),
    });
    const unsubscribe = observer.subscribe(() => {});
    answers.shift()?.(first);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBeDefined());
    const shownIds = () => observer.getCurrentResult().data?.pages[0]?.items.map((r) => r.id);
    return { client, answers, observer, shownIds, unsubscribe };
  }

  test("a list whose read is under way when its render changes is read again afterwards", async () => {
    const { client, answers, observer, unsubscribe } = await shownList(pages([render("a")]));
    void observer.refetch(); // a read under way, taken before "a" finished
    const ready = render("a", { status: "ready", updatedAt: "2026-11-25T10:00:09.000Z" });
    applyLiveEvents(client, [{ type: "render", render: ready }]);
    answers.shift()?.(pages([render("a")])); // the stale read lands: it was cancelled, and is not used
    await vi.waitFor(() => expect(answers).toHaveLength(1)); // a fresh read was started
    answers.shift()?.(pages([ready]));
    await vi.waitFor(() =>
      expect(observer.getCurrentResult().data?.pages[0]?.items[0]?.status).toBe("ready"),
    );
    unsubscribe();
  });

  test("a mark made while a list reads its next page is kept as the page lands, and the page's read goes on", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const reads: { cursor: string | null; answer: (page: RenderList) => void; signal: AbortSignal }[] = [];
    const observer = new InfiniteQueryObserver(client, {
      queryKey: queryKeys.renders.list({ limit: 30 } as never),
      queryFn: ({ pageParam, signal }) =>
        new Promise<RenderList>((answer) => reads.push({ cursor: pageParam, answer, signal })),
      initialPageParam: null as string | null,
      getNextPageParam: (page: RenderList) => page.nextCursor,
    });
    const unsubscribe = observer.subscribe(() => {});
    reads.shift()?.answer({ items: [render("a")], nextCursor: "1" });
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBeDefined());

    void observer.fetchNextPage();
    const pageRead = reads.shift();
    expect(pageRead?.cursor).toBe("1");
    applyLiveEvents(client, [{ type: "mark", id: "a", rating: 4, flag: "pick" }]);
    expect(observer.getCurrentResult().data?.pages[0]?.items[0]).toMatchObject({ rating: 4, flag: "pick" });
    pageRead?.answer({ items: [render("b")], nextCursor: null });

    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(pageRead?.signal.aborted).toBe(false);
    expect(reads).toHaveLength(0); // nothing read again
    const shown = observer.getCurrentResult().data?.pages.flatMap((page) => page.items);
    expect(shown?.map((r) => r.id)).toEqual(["a", "b"]);
    expect(shown?.[0]).toMatchObject({ rating: 4, flag: "pick" });
    unsubscribe();
  });

  test("a mark made while the render's own read is under way is kept as that read lands, with no read again", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const answers: ((render: LedgerRender) => void)[] = [];
    const observer = new QueryObserver(client, {
      queryKey: queryKeys.renders.detail("a"),
      queryFn: () => new Promise<LedgerRender>((answer) => answers.push(answer)),
    });
    const unsubscribe = observer.subscribe(() => {});
    const rating = () => observer.getCurrentResult().data?.rating;
    // The viewer steps onto "a" and reads it; the rating key comes first.
    applyLiveEvents(client, [{ type: "mark", id: "a", rating: 5, flag: "pick" }]);
    answers.shift()?.(render("a", { status: "ready" })); // read before the mark was saved: unrated
    await vi.waitFor(() => expect(rating()).toBe(5));
    expect(observer.getCurrentResult().data?.flag).toBe("pick");

    // Again with a record held and a read of it under way.
    void observer.refetch();
    applyLiveEvents(client, [{ type: "mark", id: "a", rating: 2, flag: "pick" }]);
    expect(rating()).toBe(2);
    answers.shift()?.(render("a", { status: "ready", rating: 5 }));
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(rating()).toBe(2);
    expect(answers).toHaveLength(0); // nothing read again
    unsubscribe();
  });

  test("a list whose read is under way when a render is removed is read again, so the render stays gone", async () => {
    const placeholder = render("req_1", { requestId: "req_1", status: "submitting" });
    const { client, answers, observer, shownIds, unsubscribe } = await shownList(
      pages([placeholder, render("a")]),
    );
    void observer.refetch(); // a read under way, taken before the placeholder was removed
    applyLiveEvents(client, [{ type: "render-removed", id: "req_1" }]);
    expect(shownIds()).toEqual(["a"]);
    answers.shift()?.(pages([placeholder, render("a")])); // the stale read lands: cancelled, not used
    await vi.waitFor(() => expect(answers).toHaveLength(1)); // a fresh read was started
    answers.shift()?.(pages([render("a")]));
    await vi.waitFor(() => expect(observer.getCurrentResult().isFetching).toBe(false));
    expect(shownIds()).toEqual(["a"]);
    unsubscribe();
  });

  test("a create's placeholder gives its place to the renders that replace it, in one batch", () => {
    const all = { limit: 30 };
    const placeholder = render("req_1", { requestId: "req_1", status: "submitting" });
    const { client, list } = cacheWith([[all, pages([placeholder, render("older")])]]);
    const variant = (id: string, variantIndex: number) =>
      render(id, { requestId: "req_1", batchId: "bat_1", variantIndex, status: "pending" });
    applyLiveEvents(client, [
      { type: "render-removed", id: "req_1" },
      { type: "render", render: variant("v1", 1) },
      { type: "render", render: variant("v0", 0) },
    ]);
    const data = client.getQueryData<InfiniteData<RenderList>>(queryKeys.renders.list(all as never));
    expect(data?.pages[0]?.items.map((r) => r.id)).toEqual(["v0", "v1", "older"]);
    expect(list(all)?.isInvalidated).toBe(false);
  });

  test("a removed render leaves every list; spend and uploads mark their queries stale", () => {
    const all = { limit: 30 };
    const { client } = cacheWith([[all, pages([render("req_1", { status: "submitting" }), render("a")])]]);
    client.setQueryData(queryKeys.account, { balance: 1 });
    client.setQueryData(queryKeys.session, { authEnabled: false, member: null });
    client.setQueryData(queryKeys.uploads.list(), { pages: [], pageParams: [] });

    applyLiveEvents(client, [{ type: "render-removed", id: "req_1" }, { type: "spend" }, uploadEvent]);

    const data = client.getQueryData<InfiniteData<RenderList>>(queryKeys.renders.list(all as never));
    expect(data?.pages[0]?.items.map((r) => r.id)).toEqual(["a"]);
    for (const key of [queryKeys.account, queryKeys.session, queryKeys.uploads.list()]) {
      expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    }
  });

  test("a notice event marks the notices stale, and nothing else", () => {
    const { client } = cacheWith([]);
    client.setQueryData(noticeKeys.all, { items: [] });
    client.setQueryData(queryKeys.account, { balance: 1 });
    applyLiveEvents(client, [{ type: "notice", id: "ntc_1" }]);
    expect(client.getQueryState(noticeKeys.all)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.account)?.isInvalidated).toBe(false);
  });

  test("comment and review events mark that render's threads stale, not another's, a review the boards' counts; inbox events the inbox", () => {
    const { client } = cacheWith([]);
    for (const key of [reviewKeys.comments("a"), reviewKeys.comments("b"), inboxKeys.unread]) {
      client.setQueryData(key, {});
    }
    applyLiveEvents(client, [{ type: "comment", renderId: "a", id: "cmt_1", action: "created" }]);
    expect(client.getQueryState(reviewKeys.comments("a"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(reviewKeys.comments("b"))?.isInvalidated).toBe(false);
    expect(client.getQueryState(inboxKeys.unread)?.isInvalidated).toBe(false);
    applyLiveEvents(client, [
      { type: "review", renderId: "b" },
      { type: "inbox", id: "inb_1" },
    ]);
    expect(client.getQueryState(reviewKeys.comments("b"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(inboxKeys.unread)?.isInvalidated).toBe(true);
  });

  test("a rate event marks every estimate stale, the form's and a batch preview's, and nothing else", () => {
    const { client } = cacheWith([]);
    const estimates = [
      queryKeys.estimate({ kind: "video", model: "kling", resolution: "720p" }),
      queryKeys.estimate({ kind: "image" }),
      runKeys.estimate([{ kind: "video", model: "kling" }]),
    ];
    for (const key of [...estimates, queryKeys.account]) client.setQueryData(key, { credits: null });
    applyLiveEvents(client, [{ type: "rate", key: "kling:720p:silent" }]);
    for (const key of estimates) expect(client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.account)?.isInvalidated).toBe(false);
  });
});

describe("boards", () => {
  test("a render new to a board's list does not make it re-read; a board event re-reads that board's lists and the boards", () => {
    const onBoard = { limit: 30, board: "brd_a" };
    const otherBoard = { limit: 30, board: "brd_b" };
    const { client, list } = cacheWith([
      [onBoard, pages([render("a")])],
      [otherBoard, pages([render("b")])],
    ]);
    client.setQueryData(queryKeys.boards.list(), { items: [] });

    applyLiveEvents(client, [{ type: "render", render: render("new") }]);
    expect(list(onBoard)?.isInvalidated).toBe(false);

    applyLiveEvents(client, [{ type: "board", id: "brd_a" }]);
    expect(list(onBoard)?.isInvalidated).toBe(true);
    expect(list(otherBoard)?.isInvalidated).toBe(false);
    expect(client.getQueryState(queryKeys.boards.list())?.isInvalidated).toBe(true);
  });

  test("a ready render marks the boards lists stale (it may be a cover); an unfinished one does not", () => {
    const { client } = cacheWith([]);
    client.setQueryData(queryKeys.boards.list(), { items: [] });
    applyLiveEvents(client, [{ type: "render", render: render("a") }]);
    expect(client.getQueryState(queryKeys.boards.list())?.isInvalidated).toBe(false);
    applyLiveEvents(client, [{ type: "render", render: render("a", { status: "ready" }) }]);
    expect(client.getQueryState(queryKeys.boards.list())?.isInvalidated).toBe(true);
  });

  test("a render on a board stays in the board's list when archived", () => {
    const onBoard = { limit: 30, board: "brd_a" };
    const { client } = cacheWith([[onBoard, pages([render("a")])]]);
    const archived = render("a", {
      archivedAt: "2026-11-25T10:00:02.000Z",
      updatedAt: "2026-11-25T10:00:02.000Z",
    });
    applyLiveEvents(client, [{ type: "render", render: archived }]);
    const data = client.getQueryData<InfiniteData<RenderList>>(queryKeys.renders.list(onBoard as never));
    expect(data?.pages[0]?.items).toEqual([archived]);
  });
});

describe("runs", () => {
  const runRow = (index: number, requestId: string | null): RunDetail["rows"][number] => ({
    index,
    state: requestId ? "created" : "queued",
    prompt: `row ${index}`,
    kind: "image",
    model: "seedream",
    requestId,
    renderIds: [],
    error: null,
  });
  /** A run as its page's query holds it; the live updates read only its rows. */
  const run = (id: string, rows: RunDetail["rows"]): Pick<RunDetail, "id" | "rows"> => ({ id, rows });

  test("a run event re-reads that run, the runs list and the run's gallery; a new render does not enter it", () => {
    const ofRun = { limit: 30, run: "run_a" };
    const all = { limit: 30 };
    const { client, list } = cacheWith([
      [ofRun, pages([render("a")])],
      [all, pages([render("a")])],
    ]);
    client.setQueryData(runKeys.detail("run_a"), run("run_a", [runRow(0, "req_a")]));
    client.setQueryData(runKeys.detail("run_b"), run("run_b", []));
    client.setQueryData(runKeys.list(), { items: [] });

    applyLiveEvents(client, [{ type: "render", render: render("new") }]);
    expect(list(ofRun)?.isInvalidated).toBe(false);

    applyLiveEvents(client, [{ type: "run", id: "run_a" }]);
    expect(list(ofRun)?.isInvalidated).toBe(true);
    expect(client.getQueryState(runKeys.detail("run_a"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(runKeys.detail("run_b"))?.isInvalidated).toBe(false);
    expect(client.getQueryState(runKeys.list())?.isInvalidated).toBe(true);
  });

  test("a render of one of a run's rows re-reads that run (its counts and credits), not another", () => {
    const { client } = cacheWith([]);
    client.setQueryData(runKeys.detail("run_a"), run("run_a", [runRow(0, "req_a"), runRow(1, null)]));
    client.setQueryData(runKeys.detail("run_b"), run("run_b", [runRow(0, "req_b")]));
    client.setQueryData(runKeys.estimate([]), { credits: 0, unknownRows: 1, rows: [null] });

    applyLiveEvents(client, [{ type: "render", render: render("a", { status: "ready" }) }]);
    expect(client.getQueryState(runKeys.detail("run_a"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(runKeys.detail("run_b"))?.isInvalidated).toBe(false);
  });
});

describe("favourites and the archive", () => {
  const itemsOf = (client: QueryClient, filters: Record<string, unknown>) =>
    client
      .getQueryData<InfiniteData<RenderList>>(queryKeys.renders.list(filters as never))
      ?.pages.flatMap((page) => page.items);

  test("a shared record from the stream keeps the favourite flag of the copy held", () => {
    const all = { limit: 30 };
    const { client } = cacheWith([[all, pages([render("a", { favourite: true })])]]);
    client.setQueryData(queryKeys.renders.detail("a"), render("a", { favourite: true }));
    const ready = render("a", { status: "ready", updatedAt: "2026-11-25T10:00:09.000Z" });
    expect(ready.favourite).toBeUndefined();

    applyLiveEvents(client, [{ type: "render", render: ready }]);

    expect(itemsOf(client, all)?.map((r) => [r.status, r.favourite])).toEqual([["ready", true]]);
    expect(client.getQueryData<LedgerRender>(queryKeys.renders.detail("a"))?.favourite).toBe(true);
  });

  test("a favourite event flags the render everywhere, leaves favourites lists when unset, and makes a favourites list that lacks it read again", () => {
    const all = { limit: 30 };
    const favourites = { limit: 30, favourite: "true" };
    const { client, list } = cacheWith([
      [all, pages([render("a", { favourite: false }), render("b", { favourite: true })])],
      [favourites, pages([render("b", { favourite: true })])],
    ]);

    applyLiveEvents(client, [
      { type: "favourite", id: "b", favourite: false },
      { type: "favourite", id: "a", favourite: true },
    ]);

    expect(itemsOf(client, all)?.map((r) => [r.id, r.favourite])).toEqual([
      ["a", true],
      ["b", false],
    ]);
    expect(itemsOf(client, favourites)).toEqual([]);
    expect(list(favourites)?.isInvalidated).toBe(true);
    expect(list(all)?.isInvalidated).toBe(false);
  });

  test("an archived render leaves the default list and makes the Archived list read again; unarchiving does the reverse", () => {
    const all = { limit: 30 };
    const archived = { limit: 30, archived: "true" };
    const picked = { limit: 30, ids: "a" };
    const { client, list } = cacheWith([
      [all, pages([render("a"), render("b")])],
      [archived, pages([])],
      [picked, pages([render("a")])],
    ]);
    const at = "2026-11-25T10:00:09.000Z";

    applyLiveEvents(client, [{ type: "render", render: render("a", { archivedAt: at, updatedAt: at }) }]);

    expect(itemsOf(client, all)?.map((r) => r.id)).toEqual(["b"]);
    expect(list(archived)?.isInvalidated).toBe(true);
    // A list of named ids shows a render whatever its state.
    expect(itemsOf(client, picked)?.map((r) => r.archivedAt)).toEqual([at]);
  });
});

describe("a new render in a sorted list", () => {
  test("oldest first, it re-reads only a list loaded to its end, where the render goes", () => {
    const partial = { limit: 30, sort: "oldest" };
    const whole = { limit: 1, sort: "oldest" };
    const credits = { limit: 30, sort: "credits" };
    const { client, list } = cacheWith([
      // Its one loaded page says more follow.
      [partial, { pages: [{ items: [render("a")], nextCursor: "more" }], pageParams: [undefined] }],
      [whole, pages([render("a")], [render("b")])],
      [credits, pages([render("a")], [render("b")])],
    ]);
    applyLiveEvents(client, [{ type: "render", render: render("new") }]);
    expect(list(partial)?.isInvalidated).toBe(false);
    expect(list(whole)?.isInvalidated).toBe(true);
    expect(list(credits)?.isInvalidated).toBe(true);
  });
});

describe("mayBelong", () => {
  const r = render("r_1", { kind: "video", model: "kling", status: "ready", batchId: "b_1" });
  test.each<[Parameters<typeof mayBelong>[1], boolean]>([
    [{}, true],
    [{ kind: "video" }, true],
    [{ kind: "image" }, false],
    [{ model: "veo-3.1" }, false],
    [{ status: "running,ready" }, true],
    [{ status: "running" }, false],
    [{ ids: "r_0, r_1" }, true],
    [{ ids: "r_0" }, false],
    [{ batchId: "b_2" }, false],
    [{ member: "mem_grace" }, true],
    [{ member: "mem_linus" }, false],
    [{ q: "LIGHTHOUSE" }, true],
    [{ q: "teapot" }, false],
    [{ favourite: "true" }, false],
    [{ archived: "true" }, false],
    [{ archived: "false" }, true],
    [{ q: "dusk light" }, true],
    [{ q: "dusk teapot" }, false],
    [{ from: "2026-11-25T00:00:00.000Z" }, true],
    [{ from: "2026-11-25T10:00:00.001Z" }, false],
    [{ to: "2026-11-25" }, true],
    [{ to: "2026-11-24T23:59:59.999Z" }, false],
    [{ from: "2026-11-01", to: "2026-11-30" }, true],
  ])("filters %j → %s", (filters, expected) => {
    expect(mayBelong(r, filters)).toBe(expected);
  });
});

describe("approvals", () => {
  test("a create's placeholder changing (held, approved, declined) re-reads the queue; a service render does not", () => {
    const { client } = cacheWith([]);
    client.setQueryData(approvalKeys.all, { items: [] });
    const queue = () => client.getQueryState(approvalKeys.all)?.isInvalidated;
    applyLiveEvents(client, [{ type: "render", render: render("a") }]);
    expect(queue()).toBe(false);
    const held = render("req_b", { requestId: "req_b", status: "awaiting_approval" });
    applyLiveEvents(client, [{ type: "render", render: held }]);
    expect(queue()).toBe(true);
  });
});

describe("stacked versions", () => {
  test("a stacked list re-reads when a render of a family it shows changes, not another's; a family's list takes only its own", () => {
    const stacked = { limit: 30, stack: "true" };
    const { client, list } = cacheWith([[stacked, pages([render("b", { familyId: "a", versions: 2 })])]]);

    // A version the list does not show, of another family, finished: nothing to re-read.
    applyLiveEvents(client, [
      { type: "render", render: render("z", { familyId: "y", archivedAt: "2026-11-25T10:00:00.000Z" }) },
    ]);
    expect(list(stacked)?.isInvalidated).toBe(false);

    // The card itself changed: replaced in place, keeping its count, and the list re-reads.
    applyLiveEvents(client, [
      {
        type: "render",
        render: render("b", { familyId: "a", status: "ready", updatedAt: "2026-11-25T10:00:02.000Z" }),
      },
    ]);
    const card = client.getQueryData<InfiniteData<RenderList>>(queryKeys.renders.list(stacked as never))
      ?.pages[0]?.items[0];
    expect(card?.status).toBe("ready");
    expect(card?.versions).toBe(2);
    expect(list(stacked)?.isInvalidated).toBe(true);

    expect(mayBelong(render("c", { familyId: "a" }), { family: "a" })).toBe(true);
    expect(mayBelong(render("c", { familyId: "y" }), { family: "a" })).toBe(false);
  });

  test("a stacked list re-reads when a version it does not show of a family it shows changes (an approval)", () => {
    const stacked = { limit: 30, stack: "true", archived: "true" };
    const { client, list } = cacheWith([[stacked, pages([render("b", { familyId: "a", versions: 2 })])]]);
    // An older version, not archived, so not one this list could hold on its own.
    applyLiveEvents(client, [{ type: "render", render: render("a", { familyId: "a" }) }]);
    expect(list(stacked)?.isInvalidated).toBe(true);
  });
});

describe("LIVE_KEYS", () => {
  /** One event of each type: a type added to the contract fails to compile here until it has one. */
  const oneOfEach: Record<LiveEvent["type"], LiveEvent[]> = {
    hello: [{ type: "hello", at: "2026-11-25T10:00:00.000Z" }],
    ping: [{ type: "ping" }],
    render: [
      { type: "render", render: render("a", { status: "ready" }) },
      { type: "render", render: render("req_b", { requestId: "req_b", status: "submitting" }) },
      { type: "render", render: render("c", { requestId: "req_c" }) },
    ],
    "render-removed": [{ type: "render-removed", id: "req_b" }],
    favourite: [{ type: "favourite", id: "a", favourite: true }],
    mark: [{ type: "mark", id: "a", rating: 4, flag: "pick" }],
    upload: [uploadEvent],
    spend: [{ type: "spend" }],
    board: [{ type: "board", id: "brd_a" }],
    run: [{ type: "run", id: "run_a" }],
    notice: [{ type: "notice", id: "ntc_1" }],
    rate: [{ type: "rate", key: "kling:720p:silent" }],
    comment: [{ type: "comment", renderId: "a", id: "cmt_1", action: "created" }],
    review: [{ type: "review", renderId: "a" }],
    inbox: [{ type: "inbox", id: "inb_1" }],
    team: [{ type: "team" }],
    resync: [{ type: "resync" }],
    "signed-out": [{ type: "signed-out" }],
  };
  const covered = (key: QueryKey) =>
    LIVE_KEYS.some((family) => family.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i])));

  test.each(Object.entries(oneOfEach))(
    "a %s event: what it marks stale is re-read when the tab may have missed events",
    (_type, events) => {
      const lists: Record<string, unknown>[] = [
        { limit: 30 },
        { limit: 30, board: "brd_a" },
        { limit: 30, run: "run_a" },
        { limit: 30, favourite: true },
      ];
      const { client } = cacheWith(lists.map((filters) => [filters, pages([render("a"), render("req_c")])]));
      client.setQueryData(runKeys.detail("run_a"), { id: "run_a", rows: [] });
      const invalidated: QueryKey[] = [];
      const invalidate = client.invalidateQueries.bind(client);
      vi.spyOn(client, "invalidateQueries").mockImplementation((filters, options) => {
        if (filters?.queryKey) invalidated.push(filters.queryKey);
        return invalidate(filters, options);
      });
      applyLiveEvents(client, events);
      for (const key of invalidated) expect(covered(key), JSON.stringify(key)).toBe(true);
    },
  );

  test("a key outside every family is caught (the check can fail)", () => {
    expect(covered(queryKeys.presets)).toBe(false);
    expect(covered(inboxKeys.unread)).toBe(true);
  });
});
