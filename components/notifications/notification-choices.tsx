"use client";
/**
 * The table of event kinds × channels on Your account → Notifications: the inbox (always on) and
 * email (off, at once or in the daily digest), for the kinds something sends today (OFFERED_KINDS).
 * Each change is saved as it is made.
 */
import { useId } from "react";
import { CONTROL_CLASSES } from "@/components/ui/field-classes";
import { Notice } from "@/components/ui/notice";
import { notify } from "@/components/ui/notify";
import { Skeleton } from "@/components/ui/skeleton";
import { Panel } from "@/components/ui/surface";
import { useNotificationChoices, useSaveNotificationChoices } from "@/lib/client/queries/notifications";
import {
  NOTIFICATION_LABELS,
  OFFERED_EMAIL_MODES,
  OFFERED_KINDS,
  type EmailMode,
  type NotificationChoice,
} from "@/lib/domain/notifications";

const EMAIL_LABELS: Record<EmailMode, string> = { off: "Off", immediate: "At once", digest: "Daily digest" };

export function NotificationChoices() {
  const id = useId();
  const choices = useNotificationChoices();
  const save = useSaveNotificationChoices();
  const change = (choice: NotificationChoice) =>
    save.mutate(
      { items: [choice] },
      { onError: (error) => notify.error("Not saved", { description: error.message }) },
    );
  return (
    <Panel as="section" aria-labelledby={`${id}-title`} className="flex flex-col gap-3 p-4 sm:p-5">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        What reaches you
      </h2>
      {choices.isError ? (
        <Notice tone="error">Could not load your choices: {choices.error.message}</Notice>
      ) : !choices.data ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <>
          {!choices.data.emailAvailable && (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Email is not set up on this dashboard (an admin sets SMTP_URL).
            </p>
          )}
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-busy={save.isPending}>
              <thead className="text-zinc-600 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Event
                  </th>
                  {/* Said once in the page's intro on a phone, where the column would push Email off the screen. */}
                  <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
                    Inbox
                  </th>
                  <th scope="col" className="py-2 pl-3 font-medium">
                    Email
                  </th>
                </tr>
              </thead>
              <tbody>
                {choices.data.items
                  .filter((choice) => OFFERED_KINDS.has(choice.kind))
                  .map((choice) => (
                    <ChoiceRow
                      key={choice.kind}
                      choice={choice}
                      emailAvailable={choices.data.emailAvailable}
                      saving={save.isPending}
                      onChange={change}
                    />
                  ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Panel>
  );
}

function ChoiceRow({
  choice,
  emailAvailable,
  saving,
  onChange,
}: {
  choice: NotificationChoice;
  emailAvailable: boolean;
  saving: boolean;
  onChange: (choice: NotificationChoice) => void;
}) {
  const label = NOTIFICATION_LABELS[choice.kind];
  return (
    <tr className="border-t border-zinc-200 dark:border-zinc-800">
      <th scope="row" className="py-2 pr-3 font-normal">
        {label}
      </th>
      <td className="hidden px-3 py-2 text-zinc-600 sm:table-cell dark:text-zinc-400">Always</td>
      <td className="py-2 pl-3">
        <select
          aria-label={`Email: ${label}`}
          className={`${CONTROL_CLASSES} h-9 min-w-32 px-2`}
          value={choice.email}
          disabled={saving || !emailAvailable}
          onChange={(event) => onChange({ ...choice, email: event.target.value as EmailMode })}
        >
          {OFFERED_EMAIL_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {EMAIL_LABELS[mode]}
            </option>
          ))}
        </select>
      </td>
    </tr>
  );
}
