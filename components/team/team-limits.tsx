"use client";

/**
 * The team's limits on what members make (lib/domain/limits.ts), one row per kind with its count and
 * its rate: each value, its default, and a field to change it. Each saves on its own, confirmed with
 * a toast, as the spending rules do.
 */
import { Notice } from "@/components/ui/notice";
import { notify } from "@/components/ui/notify";
import { Skeleton } from "@/components/ui/skeleton";
import { Panel } from "@/components/ui/surface";
import type { LimitsPatch, TeamLimits as Limits } from "@/lib/contract";
import { formatNumber } from "@/lib/domain/format";
import { LIMITED_KINDS, LIMITS, limitsOf, type LimitId, type LimitedKind } from "@/lib/domain/limits";
import { useTeamLimits, useUpdateTeamLimits } from "@/lib/client/queries/team";
import { CreditsEditor } from "./credits-editor";
import { TeamSection } from "./team-section";

const KINDS = Object.keys(LIMITED_KINDS) as LimitedKind[];

/** A limit's whole name, e.g. "Boards, in the team": the field's accessible name and the toast's. */
const limitName = (id: LimitId) =>
  `${LIMITED_KINDS[LIMITS[id].kind].title}, ${LIMITS[id].label.toLowerCase()}`;

export function TeamLimits() {
  const limits = useTeamLimits();
  return (
    <TeamSection title="Limits">
      <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">
        How much each member (or the whole team) may make, so a runaway script cannot flood the dashboard or
        the approval queue. Past a count, making one more is refused until one is removed; past a rate, until
        the minute or hour has moved on. The refusal names the limit. With sign-in off, the team counts as one
        member.
      </p>
      {limits.data ? (
        <Panel as="ul" className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
          {KINDS.map((kind) => (
            <KindRow key={kind} kind={kind} limits={limits.data} />
          ))}
        </Panel>
      ) : limits.isError ? (
        <Notice tone="error">Could not load the limits: {limits.error.message}</Notice>
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </TeamSection>
  );
}

function KindRow({ kind, limits }: { kind: LimitedKind; limits: Limits }) {
  const { title, description } = LIMITED_KINDS[kind];
  return (
    <li className="flex flex-col gap-3 px-4 py-3 md:flex-row md:items-start md:justify-between">
      <div className="max-w-sm">
        <h3 className="text-sm font-medium">{title}</h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      </div>
      {/* Counts in one column and rates in the other, so each lines up with its like. */}
      <div className="grid gap-3 md:grid-cols-[14rem_14rem] md:gap-x-6">
        {limitsOf(kind).map((id) => (
          <div key={id} className={LIMITS[id].measure === "count" ? "md:col-start-1" : "md:col-start-2"}>
            <LimitField id={id} value={limits.limits[id]} byDefault={limits.defaults[id]} />
          </div>
        ))}
      </div>
    </li>
  );
}

function LimitField({ id, value, byDefault }: { id: LimitId; value: number; byDefault: number }) {
  const update = useUpdateTeamLimits();
  const save = (patch: LimitsPatch, saved: string) =>
    update.mutate(patch, {
      onSuccess: () => notify.success(`${limitName(id)}: ${saved}`),
      onError: (error) => notify.error("Not saved", { description: error.message }),
    });
  return (
    <div className="flex flex-col gap-1">
      <CreditsEditor
        label={limitName(id)}
        caption={LIMITS[id].label}
        value={value}
        min={1}
        unit={LIMITS[id].noun[1]}
        saving={update.isPending}
        onSave={(limit) => limit !== null && save({ [id]: limit }, formatNumber(limit))}
      />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">
        Default {formatNumber(byDefault)}
        {value !== byDefault && (
          <>
            {" · "}
            <button
              type="button"
              className="font-medium text-indigo-700 underline-offset-2 hover:underline disabled:opacity-50 dark:text-indigo-400"
              disabled={update.isPending}
              aria-label={`Use default for ${limitName(id)}`}
              onClick={() => save({ [id]: null }, `back to the default, ${formatNumber(byDefault)}`)}
            >
              Use default
            </button>
          </>
        )}
      </p>
    </div>
  );
}
