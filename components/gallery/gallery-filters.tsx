"use client";

/**
 * The gallery's filter bar: a debounced prompt search, then status, kind, model, who started it, the
 * board, the Favourites, Archived, Picked and Hide rejected toggles, rating and tag, where the
 * review stands, the date range and the sort, and Stack versions. On a phone only the search shows;
 * the rest sits behind "Filters".
 */
import { memo, useEffect, useId, useRef, useState } from "react";
import { IMAGE_MODELS, VIDEO_MODELS } from "@/lib/domain/catalogue";
import { excerpt, statusWord } from "@/lib/domain/format";
import { useSession } from "@/lib/client/queries/session";
import { useMemberNames } from "@/lib/client/queries/team";
import { boardsQueryOptions } from "@/lib/client/queries/boards";
import { useQuery } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { SearchIcon, XIcon } from "lucide-react";
import { Choice, FIELD, useEarlyValue } from "./filter-choice";
import { CullFilters } from "./cull-filters";
import { FindFilters } from "./find-filters";
import { FILTER_STATUSES, IN_PROGRESS_FILTER } from "./filters-change";
import { MINE, FILTER_KEYS, hasFilters, type FilterKey, type GalleryFilters as Filters } from "./filters-url";

const SEARCH_DEBOUNCE_MS = 300;

const REVIEW_FILTER_OPTIONS = [
  { value: "needs", label: "Needs review" },
  { value: "changes", label: "Changes requested" },
  { value: "approved", label: "Approved" },
];

interface Props {
  filters: Filters;
  onChange: (key: FilterKey, value: string | undefined) => void;
  onClear: () => void;
  /** A board's page: its board is not a choice, and not one of the filters Clear removes. */
  boardFixed?: boolean;
}

/** Memoised: the gallery re-renders on every live refetch, the filter bar only when filters change. */
export const GalleryFilters = memo(function GalleryFilters({
  filters: shown,
  onChange,
  onClear,
  boardFixed = false,
}: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const filters = boardFixed ? { ...shown, board: undefined } : shown;
  // What the closed "Filters" hides: every filter but the search, and a sort other than the default.
  const active = [...FILTER_KEYS, "sort" as const].filter(
    (key) => key !== "q" && filters[key] !== undefined,
  ).length;
  return (
    <div role="search" aria-label="Filter renders" className="flex flex-wrap items-center gap-2">
      <SearchBox value={filters.q ?? ""} onSearch={(q) => onChange("q", q || undefined)} />
      <Button
        className="sm:hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        size="sm"
      >
        Filters{active > 0 && ` (${active})`}
      </Button>
      {/* Its fields join the bar's row on wider screens; on a phone they show when opened. */}
      <div id={panelId} className={`${open ? "grid w-full grid-cols-2 gap-2" : "hidden"} sm:contents`}>
        <Choice
          label="Status"
          value={filters.status}
          onChange={(v) => onChange("status", v)}
          allLabel="Any status"
          options={statusOptions(filters.status)}
        />
        <Choice
          label="Kind"
          value={filters.kind}
          onChange={(v) => onChange("kind", v)}
          allLabel="Any kind"
          options={[
            { value: "image", label: "Images" },
            { value: "video", label: "Videos" },
          ]}
        />
        <ModelChoice filters={filters} onChange={(v) => onChange("model", v)} />
        <WhoChoice value={filters.member} onChange={(v) => onChange("member", v)} />
        {!boardFixed && <BoardChoice value={filters.board} onChange={(v) => onChange("board", v)} />}
        <Toggle label="Favourites" on={filters.favourite} onChange={(v) => onChange("favourite", v)} />
        <Toggle label="Archived" on={filters.archived} onChange={(v) => onChange("archived", v)} />
        <Toggle label="Picked" on={filters.picked} onChange={(v) => onChange("picked", v)} />
        <Toggle
          label="Hide rejected"
          on={filters.rejected === "false" ? "true" : undefined}
          onChange={(v) => onChange("rejected", v && "false")}
        />
        <CullFilters filters={filters} onChange={onChange} />
        <Choice
          label="Review"
          value={filters.review}
          onChange={(v) => onChange("review", v)}
          allLabel="Any review"
          options={REVIEW_FILTER_OPTIONS}
        />
        <FindFilters filters={filters} onChange={onChange} />
        <Toggle label="Stack versions" on={filters.stack} onChange={(v) => onChange("stack", v)} />
      </div>
      {hasFilters(filters) && (
        <Button variant="ghost" size="sm" onClick={onClear}>
          <XIcon /> Clear
        </Button>
      )}
    </div>
  );
});

/** An on/off filter: a toggle button (`aria-pressed`) that sets `key=true` or removes it. */
function Toggle({
  label,
  on,
  onChange,
}: {
  label: string;
  on: "true" | undefined;
  onChange: (value: "true" | undefined) => void;
}) {
  return (
    <Button
      size="sm"
      variant={on ? "primary" : "secondary"}
      aria-pressed={on === "true"}
      onClick={() => onChange(on ? undefined : "true")}
    >
      {label}
    </Button>
  );
}

/** "In progress", the known statuses, and any other status a shared link names. */
function statusOptions(current: string | undefined) {
  const known = [IN_PROGRESS_FILTER, ...FILTER_STATUSES];
  const statuses = current && !known.includes(current) ? [...FILTER_STATUSES, current] : FILTER_STATUSES;
  return [
    { value: IN_PROGRESS_FILTER, label: "In progress" },
    ...statuses.map((status) => ({ value: status, label: statusWord(status) })),
  ];
}

/**
 * Whose renders: anyone's, the viewer's, or one member's (every member can list the team's names).
 * Hidden when sign-in is off: renders then belong to nobody in particular.
 */
function WhoChoice({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const me = useSession().data?.member;
  const members = useMemberNames({ enabled: me !== undefined });
  if (!me) return null;
  const others = (members.data ?? []).filter((member) => member.id !== me.id);
  const options = [
    { value: MINE, label: "Mine" },
    ...others.map((member) => ({ value: member.id, label: member.name })),
  ];
  // A shared link may name someone no longer on the team; keep it selectable rather than blank.
  if (value && !options.some((option) => option.value === value))
    options.push({ value, label: "One member" });
  return <Choice label="Who" value={value} onChange={onChange} allLabel="Anyone" options={options} />;
}

/** Which board's renders: any, or one of the team's boards (read when the bar loads). */
function BoardChoice({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const boards = useQuery(boardsQueryOptions());
  // A long name would widen the select and push the bar onto another row.
  const options = (boards.data ?? []).map((board) => ({ value: board.id, label: excerpt(board.name, 32) }));
  // A link may name a board that was deleted, or the list may not have come yet: keep it selectable.
  if (value && !options.some((option) => option.value === value))
    options.push({ value, label: boards.isPending ? "One board" : "A deleted board" });
  return <Choice label="Board" value={value} onChange={onChange} allLabel="Any board" options={options} />;
}

function ModelChoice({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  const field = useEarlyValue<HTMLSelectElement>(filters.model ?? "", (early) =>
    onChange(early || undefined),
  );
  const groups = [
    { kind: "image", label: "Image models", models: IMAGE_MODELS },
    { kind: "video", label: "Video models", models: VIDEO_MODELS },
  ].filter((group) => !filters.kind || group.kind === filters.kind);
  return (
    <span className="flex flex-1 items-center sm:flex-none">
      <label htmlFor={id} className="sr-only">
        Model
      </label>
      <select
        ref={field}
        id={id}
        className={`${FIELD} w-full`}
        value={filters.model ?? ""}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">Any model</option>
        {groups.map((group) => (
          <optgroup key={group.kind} label={group.label}>
            {group.models.map((model) => (
              <option key={model.id} value={model.id}>
                {model.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </span>
  );
}

/**
 * A search box that writes to the URL once typing pauses. It follows the URL when the URL changes
 * from elsewhere (Clear, back/forward), without fighting the text being typed.
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  // The latest callback, without restarting the pause timer when the parent re-renders.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  });
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  const input = useEarlyValue<HTMLInputElement>(value, setText);
  return (
    <span className="relative flex w-full items-center sm:w-auto sm:min-w-48 sm:flex-1">
      <label htmlFor={id} className="sr-only">
        Search prompts
      </label>
      <SearchIcon className="pointer-events-none absolute left-2 size-4 text-zinc-400" />
      <input
        ref={input}
        id={id}
        type="search"
        placeholder="Search prompts"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        className={`${FIELD} w-full pl-7`}
      />
    </span>
  );
}
