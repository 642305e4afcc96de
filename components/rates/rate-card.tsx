"use client";
/**
 * The rate card an admin corrects: every model, resolution and audio setting (image quality) with the
 * rate learned from the service's charges, the env card's and an override field. An override wins
 * over both; clearing it hands the key back to them.
 */
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASSES } from "@/components/ui/field-classes";
import { Notice } from "@/components/ui/notice";
import { notify } from "@/components/ui/notify";
import { PageIntro } from "@/components/ui/page-intro";
import { ScrollFrame } from "@/components/ui/scroll-frame";
import { Panel } from "@/components/ui/surface";
import { useRateCard, useSetRateOverride } from "@/lib/client/queries/rates";
import type { RateCardRow } from "@/lib/contract";
import { findImageModel, findVideoModel } from "@/lib/domain/catalogue";
import { formatNumber } from "@/lib/domain/format";

const CELL = "px-3 py-2 text-right whitespace-nowrap tabular-nums";
const HEAD = "px-3 py-2 font-medium";
/** The first column stays in view while a phone scrolls the others. */
const STICKY = "sticky left-0 w-36 bg-white sm:w-auto dark:bg-zinc-900";

const COLUMNS = [
  ["Render", "text-left"],
  ["Learned", "text-right"],
  ["RATE_CARD", "text-right"],
  ["Override", "text-left"],
  ["Estimates use", "text-right"],
] as const;

/** The row in words: "Kling 1080p, with audio". */
function rowName(row: RateCardRow): string {
  const model = (row.kind === "video" ? findVideoModel(row.model) : findImageModel(row.model))?.label;
  const setting =
    row.setting === "audio"
      ? "with audio"
      : row.setting === "silent"
        ? "no audio"
        : row.setting
          ? `${row.setting} quality`
          : null;
  return [`${model ?? row.model} ${row.resolution ?? "default resolution"}`, setting]
    .filter(Boolean)
    .join(", ");
}

const perUnit = (rate: number | null, row: RateCardRow) =>
  rate === null ? "—" : `${formatNumber(rate)} / ${row.unit === "s" ? "s" : "image"}`;

export function RateCardEditor() {
  const card = useRateCard();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <PageIntro title="Rates">
        What renders cost, in credits per output second (video) or per image. Estimates use an override when
        one is set, else the <code>RATE_CARD</code> setting, else the rate learned from what the service
        charged.
      </PageIntro>
      {card.data ? (
        <Panel>
          <ScrollFrame label="Rate card" className="rounded-xl">
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">Rate card</caption>
              <thead className="border-b border-zinc-200 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
                <tr>
                  {COLUMNS.map(([name, align], i) => (
                    <th key={name} scope="col" className={`${HEAD} ${align} ${i === 0 ? STICKY : ""}`}>
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800/60">
                {card.data.rows.map((row) => (
                  <RateRow key={row.key} row={row} />
                ))}
              </tbody>
            </table>
          </ScrollFrame>
        </Panel>
      ) : card.isError ? (
        <Notice tone="error">Could not load the rate card: {card.error.message}</Notice>
      ) : null}
    </div>
  );
}

function RateRow({ row }: { row: RateCardRow }) {
  const name = rowName(row);
  const save = useSetRateOverride();
  const [draft, setDraft] = useState(row.override === null ? "" : String(row.override));
  const send = (creditsPerUnit: number | null) =>
    save.mutate(
      { key: row.key, creditsPerUnit },
      {
        onSuccess: () => {
          setDraft(creditsPerUnit === null ? "" : String(creditsPerUnit));
          notify.success(creditsPerUnit === null ? `Override cleared: ${name}` : `Override saved: ${name}`);
        },
        onError: (error) => notify.error("Not saved", { description: error.message }),
      },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    send(text === "" ? null : Number(text));
  };
  const clearing = save.isPending && save.variables.creditsPerUnit === null;
  return (
    <tr>
      <th scope="row" className={`px-3 py-2 text-left font-normal ${STICKY}`}>
        {name}
      </th>
      <td className={CELL}>
        {perUnit(row.learned, row)}
        {row.learnedFrom > 0 && (
          <span className="block text-xs text-zinc-500 dark:text-zinc-400">
            learned from {row.learnedFrom} {row.learnedFrom === 1 ? "render" : "renders"}
          </span>
        )}
      </td>
      <td className={CELL}>{perUnit(row.card, row)}</td>
      <td className="px-3 py-2">
        <form onSubmit={submit} className="flex items-center gap-2">
          <span className="w-24 shrink-0">
            <input
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              aria-label={`Override for ${name}`}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="none"
              className={`${CONTROL_CLASSES} h-8 px-2`}
            />
          </span>
          <Button
            type="submit"
            size="sm"
            disabled={save.isPending}
            busy={save.isPending && !clearing}
            aria-label={`Save override for ${name}`}
          >
            Save
          </Button>
          {row.override !== null && (
            <Button
              size="sm"
              variant="ghost"
              disabled={save.isPending}
              busy={clearing}
              aria-label={`Clear override for ${name}`}
              onClick={() => send(null)}
            >
              Clear
            </Button>
          )}
        </form>
      </td>
      <td className={CELL}>
        {perUnit(row.effective, row)}
        <span className="block text-xs text-zinc-500 dark:text-zinc-400">
          {row.override !== null
            ? `override${row.overrideBy ? ` by ${row.overrideBy}` : ""}`
            : row.card !== null
              ? "RATE_CARD"
              : row.learned !== null
                ? "learned"
                : row.kind === "image"
                  ? "included in your plan"
                  : "unknown"}
        </span>
      </td>
    </tr>
  );
}
