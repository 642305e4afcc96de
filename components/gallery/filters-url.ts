/**
 * The gallery's filters and order as URL query parameters (`status`, `kind`, `model`, `q`, `member`,
 * `board`, `favourite`, `archived`, `rating`, `picked`, `rejected`, `tag`, `from`, `to`, `review`, `stack`, `family`, `sort`), so a filtered view can be shared and survives a
 * reload. Values that make no sense are ignored rather than sent. Changing them is filters-change.ts,
 * which loads with the filter bar.
 */
import { IMAGE_MODELS, RENDER_KINDS, VIDEO_MODELS, type RenderKind } from "@/lib/domain/catalogue";
import { isRenderSort, type RenderSort } from "@/lib/domain/render-order";
import { BOARD_ID_PATTERN } from "@/lib/domain/boards";
import { normaliseTag, RATINGS, tagProblem } from "@/lib/domain/cull";
import { REVIEW_FILTERS, type ReviewFilter } from "@/lib/domain/review-states";

export const FILTER_KEYS = [
  "status",
  "kind",
  "model",
  "q",
  "member",
  "board",
  "favourite",
  "archived",
  "rating",
  "picked",
  "rejected",
  "tag",
  "from",
  "to",
  "review",
  "stack",
  "family",
] as const;
/** The filters, and `sort`: not a filter (Clear keeps it), but in the URL the same way. */
export type FilterKey = (typeof FILTER_KEYS)[number] | "sort";

export interface GalleryFilters {
  status?: string;
  kind?: RenderKind;
  model?: string;
  q?: string;
  /** A member id, or `MINE`: whoever is looking, so a shared "mine" link shows each their own. */
  member?: string;
  /** A board id: the renders on that board, archived or not. */
  board?: string;
  /** A batch run's renders: set by the run's page, never read from the URL. */
  run?: string;
  /** Only the viewer's favourites. */
  favourite?: "true";
  /** Only archived renders (the gallery leaves them out otherwise). */
  archived?: "true";
  /** Only renders the viewer rated at least this ("1" to "5"). */
  rating?: string;
  /** Only the viewer's picks. */
  picked?: "true";
  /** `false`: without the viewer's rejects ("Hide rejected"); `true`: only them. */
  rejected?: "true" | "false";
  /** Only renders with this team tag (normalised). */
  tag?: string;
  /** Days (`2026-05-01`) in the viewer's time zone, both included. */
  from?: string;
  to?: string;
  /** Where the review stands: needs review, changes requested, approved. */
  review?: ReviewFilter;
  /** One card per family (Stack versions): its approved render or else its newest, with "N versions". */
  stack?: "true";
  /** One family's renders (a family's id: its first render's): what a stacked card's "N versions" opens. */
  family?: string;
  /** Absent for the default, newest first. */
  sort?: Exclude<RenderSort, "newest">;
}

/** The on/off filters: present as `key=true`, absent otherwise. */
const FLAG_FILTERS = ["favourite", "archived", "picked", "stack"] as const;

export const MINE = "mine";

export function modelsForKind(
  kind: RenderKind | undefined,
): { id: string; label: string; kind: RenderKind }[] {
  const images = IMAGE_MODELS.map((m) => ({ id: m.id, label: m.label, kind: "image" as const }));
  const videos = VIDEO_MODELS.map((m) => ({ id: m.id, label: m.label, kind: "video" as const }));
  if (kind === "image") return images;
  if (kind === "video") return videos;
  return [...images, ...videos];
}

export const isKind = (value: string): value is RenderKind =>
  (RENDER_KINDS as readonly string[]).includes(value);

export function filtersFromSearchParams(params: Pick<URLSearchParams, "get">): GalleryFilters {
  const filters: GalleryFilters = {};
  const status = params.get("status")?.trim();
  if (status && status.length <= 40) filters.status = status;
  const kind = params.get("kind");
  if (kind && isKind(kind)) filters.kind = kind;
  const model = params.get("model");
  if (model && modelsForKind(filters.kind).some((m) => m.id === model)) filters.model = model;
  const q = params.get("q")?.trim();
  if (q) filters.q = q.slice(0, 200);
  const member = params.get("member")?.trim();
  if (member && member.length <= 100) filters.member = member;
  const board = params.get("board");
  if (board && BOARD_ID_PATTERN.test(board)) filters.board = board;
  for (const flag of FLAG_FILTERS) if (params.get(flag) === "true") filters[flag] = "true";
  const rating = params.get("rating");
  if (rating && (RATINGS as readonly number[]).includes(Number(rating)))
    filters.rating = String(Number(rating));
  const rejected = params.get("rejected");
  if (rejected === "true" || rejected === "false") filters.rejected = rejected;
  const tag = params.get("tag");
  if (tag && tagProblem(tag) === null) filters.tag = normaliseTag(tag);
  const from = params.get("from");
  if (from && isDay(from)) filters.from = from;
  const to = params.get("to");
  if (to && isDay(to) && !(filters.from && to < filters.from)) filters.to = to;
  const review = params.get("review");
  if (review && (REVIEW_FILTERS as readonly string[]).includes(review))
    filters.review = review as ReviewFilter;
  const family = params.get("family")?.trim();
  if (family && family.length <= 200) filters.family = family;
  const sort = params.get("sort");
  if (sort && isRenderSort(sort) && sort !== "newest") filters.sort = sort;
  return filters;
}

/** A real calendar day written `yyyy-mm-dd` (2026-02-30 is not: it reads back as March). */
const isDay = (value: string) => dayOf(localDayStart(value)) === value;

const localDayStart = (day: string) => new Date(`${day}T00:00:00`);

/** The viewer's local day of `date`, written `yyyy-mm-dd`. */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The date range as the list route takes it: instants at the viewer's local midnights, so "today"
 * is the viewer's day wherever the server is.
 */
function rangeOf(filters: GalleryFilters): GalleryFilters {
  const range = { ...filters };
  if (filters.from) range.from = localDayStart(filters.from).toISOString();
  if (filters.to) {
    const end = localDayStart(filters.to);
    end.setDate(end.getDate() + 1);
    range.to = new Date(end.getTime() - 1).toISOString();
  }
  return range;
}

/**
 * The filters as the list route takes them: `MINE` becomes the viewer's id. `null` while the viewer
 * is not known yet (the list waits rather than showing everyone's first); with no viewer (sign-in off)
 * there is nobody to be "mine", so the member filter is dropped.
 */
export function listFilters(
  filters: GalleryFilters,
  viewer: { known: boolean; id: string | null },
): GalleryFilters | null {
  if (filters.member !== MINE) return rangeOf(filters);
  if (!viewer.known) return null;
  if (viewer.id !== null) return rangeOf({ ...filters, member: viewer.id });
  const rest = { ...filters };
  delete rest.member;
  return rangeOf(rest);
}

export function hasFilters(filters: GalleryFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}
