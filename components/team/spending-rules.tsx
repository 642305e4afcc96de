"use client";

/**
 * The team's spending rules, one row each: the default monthly cap, the team's monthly budget, the
 * estimate above which Submit asks to confirm, the balance that raises an alert, and the estimate
 * above which a render waits for an admin's approval. Each saves on its own, confirmed with a toast.
 */
import { Panel } from "@/components/ui/surface";
import type { ReactNode } from "react";
import { notify } from "@/components/ui/notify";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import type { TeamSettings, TeamSettingsPatch } from "@/lib/contract";
import { formatNumber } from "@/lib/domain/format";
import { useTeamSettings, useUpdateTeamSettings } from "@/lib/client/queries/team";
import { CreditsEditor } from "./credits-editor";

type CreditsSetting = Exclude<keyof TeamSettings, "approvalForUnknownCost">;

interface Rule {
  setting: CreditsSetting;
  title: string;
  /** The input's accessible name. */
  label: string;
  description: string;
  /** What an empty field means; absent where the setting always has a number. */
  none?: string;
}

const RULES: Rule[] = [
  {
    setting: "defaultMonthlyCapCredits",
    title: "Team default cap",
    label: "Team default monthly cap",
    description:
      "Credits a member may spend each calendar month (UTC) unless they have their own cap. Empty: no cap.",
    none: "No cap",
  },
  {
    setting: "monthlyBudgetCredits",
    title: "Team monthly budget",
    label: "Team monthly budget",
    description:
      "Credits the whole team may spend each calendar month (UTC). A render that would pass it is refused. Empty: no budget.",
    none: "No budget",
  },
  {
    setting: "confirmAboveCredits",
    title: "Confirm renders above",
    label: "Confirm renders estimated above",
    description:
      "Submit asks to confirm a render estimated above this many credits, and any render whose cost is not known yet.",
  },
  {
    setting: "lowBalanceCredits",
    title: "Low balance alert",
    label: "Alert when the balance falls under",
    description: "The admins get a notice when the account's balance falls under this. Empty: no alert.",
    none: "No alert",
  },
  {
    setting: "approvalAboveCredits",
    title: "Approval above",
    label: "Require approval for renders estimated above",
    description:
      "A member's render estimated above this waits for an admin's approval before anything is sent or charged. Empty: no approvals.",
    none: "No approvals",
  },
];

const saveFailed = (error: Error) => notify.error("Not saved", { description: error.message });

export function SpendingRules() {
  const team = useTeamSettings();
  return (
    <Panel as="section" aria-labelledby="spending-rules-heading" className="flex flex-col gap-1 p-4">
      <h2 id="spending-rules-heading" className="text-base font-semibold">
        Spending rules
      </h2>
      {team.data ? (
        <ul className="flex flex-col divide-y divide-zinc-200 dark:divide-zinc-800">
          {RULES.map((rule) => (
            <RuleRow key={rule.setting} rule={rule} value={team.data[rule.setting]}>
              {rule.setting === "approvalAboveCredits" && team.data.approvalAboveCredits !== null && (
                <UnknownCostSwitch on={team.data.approvalForUnknownCost} />
              )}
            </RuleRow>
          ))}
        </ul>
      ) : team.isError ? (
        <Notice tone="error">Could not load the team settings: {team.error.message}</Notice>
      ) : (
        <Skeleton className="h-72 w-full" />
      )}
    </Panel>
  );
}

function RuleRow({ rule, value, children }: { rule: Rule; value: number | null; children?: ReactNode }) {
  const save = useSave();
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="max-w-xl">
        <h3 className="text-sm font-medium">{rule.title}</h3>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{rule.description}</p>
        {children}
      </div>
      <CreditsEditor
        label={rule.label}
        value={value}
        emptyLabel={rule.none}
        saving={save.isPending}
        onSave={(credits) =>
          save.mutate(
            { [rule.setting]: credits },
            `${rule.title}: ${credits === null ? (rule.none ?? "").toLowerCase() : `${formatNumber(credits)} credits`}`,
          )
        }
      />
    </li>
  );
}

function UnknownCostSwitch({ on }: { on: boolean }) {
  const save = useSave();
  return (
    <label className="mt-2 flex items-center gap-2 text-sm">
      <Switch
        checked={on}
        disabled={save.isPending}
        aria-busy={save.isPending || undefined}
        onCheckedChange={(checked) =>
          save.mutate(
            { approvalForUnknownCost: checked },
            checked
              ? "Renders of unknown cost wait for approval"
              : "Renders of unknown cost no longer wait for approval",
          )
        }
      />
      Also renders whose cost is not known yet
    </label>
  );
}

/** Saves one change and says so, or says why not. */
function useSave() {
  const update = useUpdateTeamSettings();
  return {
    isPending: update.isPending,
    mutate: (patch: TeamSettingsPatch, saved: string) =>
      update.mutate(patch, { onSuccess: () => notify.success(saved), onError: saveFailed }),
  };
}
