import "server-only";
/** Each member's notification choices (migration 023; lib/domain/notifications.ts). */
import {
  EMAIL_MODES,
  isNotificationKind,
  type EmailMode,
  type NotificationChoice,
} from "@/lib/domain/notifications";
import type { Db } from "@/lib/server/db/database";

const isEmailMode = (value: string): value is EmailMode => (EMAIL_MODES as readonly string[]).includes(value);

/** What the member chose, kind by kind (kinds they never chose for are absent). */
export async function chosenNotifications(db: Db, memberId: string): Promise<NotificationChoice[]> {
  const rows = await db
    .selectFrom("notification_choices")
    .selectAll()
    .where("member_id", "=", memberId)
    .execute();
  return rows.flatMap((row) =>
    isNotificationKind(row.kind) && isEmailMode(row.email)
      ? [{ kind: row.kind, push: row.push === 1, email: row.email }]
      : [],
  );
}

/** Saves the member's choices for the kinds given; the others keep theirs. */
export async function saveNotificationChoices(
  db: Db,
  memberId: string,
  choices: readonly NotificationChoice[],
): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insertInto("notification_choices")
    .values(choices.map((c) => ({ member_id: memberId, kind: c.kind, push: c.push ? 1 : 0, email: c.email })))
    .onConflict((oc) =>
      oc.columns(["member_id", "kind"]).doUpdateSet((eb) => ({
        push: eb.ref("excluded.push"),
        email: eb.ref("excluded.email"),
      })),
    )
    .execute();
}
