/** The name of something the team shares (a preset, a board): trimmed, 1 to 80 characters, one line. */
import { z } from "zod/mini";
import { NAME_MAX_CHARS } from "@/lib/domain/names";
import { singleLineText } from "@/lib/domain/text";

export { NAME_MAX_CHARS };

export const teamNameSchema = z
  .string({ error: "name is required" })
  .check(
    z.trim(),
    z.minLength(1, { error: "name is required" }),
    z.maxLength(NAME_MAX_CHARS, { error: `name must be at most ${NAME_MAX_CHARS} characters` }),
    singleLineText("name"),
  );
