import "server-only";
/** Your account → Notifications: the signed-in member's choices of what reaches them how. */
import {
  AppError,
  type Member,
  type NotificationChoices,
  type NotificationChoicesInput,
} from "@/lib/contract";
import { choicesWithDefaults, kindsFor } from "@/lib/domain/notifications";
import { getDb } from "@/lib/server/db/database";
import { chosenNotifications, saveNotificationChoices } from "@/lib/server/ledger/notification-choices";
import { emailLinkBase } from "@/lib/server/runtime/email-links";

/** Choices are a person's: with sign-in off there is nobody to choose. */
function requireMember(member: Member | null): Member {
  if (!member) throw new AppError("not_found", "Notification choices are a member's: sign-in is off.");
  return member;
}

export async function yourNotificationChoices(member: Member | null): Promise<NotificationChoices> {
  const you = requireMember(member);
  const chosen = await chosenNotifications(await getDb(), you.id);
  return {
    items: choicesWithDefaults(chosen, you.role === "admin"),
    emailAvailable: emailLinkBase() !== null,
  };
}

/** Saves the rows given; a kind the member may not hear of (an admin's, for a member) is refused. */
export async function saveYourNotificationChoices(
  member: Member | null,
  input: NotificationChoicesInput,
): Promise<NotificationChoices> {
  const you = requireMember(member);
  const allowed = new Set(kindsFor(you.role === "admin"));
  const refused = input.items.find((choice) => !allowed.has(choice.kind));
  if (refused)
    throw new AppError("invalid_request", `Only admins hear of ${refused.kind}.`, { field: "items" });
  await saveNotificationChoices(await getDb(), you.id, input.items);
  return yourNotificationChoices(you);
}
