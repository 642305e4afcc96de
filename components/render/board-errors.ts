/** A refusal of a board's fields, put where the person will look: on the field at fault, or above the buttons. */
import { isAppError } from "@/lib/contract/errors";

export interface BoardProblems {
  name?: string;
  description?: string;
  other?: string;
}

/** The server's words, capitalised on the field they concern (`name must be…` → `Name must be…`). */
export function boardRefusal(error: unknown): BoardProblems {
  if (!isAppError(error)) return { other: error instanceof Error ? error.message : "Something went wrong." };
  if (error.field === "name" || error.field === "description") {
    const message = error.message.replace(
      /^(name|description)\b/,
      (word) => word[0]?.toUpperCase() + word.slice(1),
    );
    return { [error.field]: message };
  }
  return { other: error.message };
}
