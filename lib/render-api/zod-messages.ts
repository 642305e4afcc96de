/**
 * zod's English messages, for the server only. The shared schemas (lib/domain, lib/contract) are
 * built with zod's mini build so the browser loads less, and mini loads no locale: an issue without
 * a message of its own would read "Invalid input". The server's error bodies and its reports of a
 * malformed service answer keep the English wording ("Too big: expected string to have <=40
 * characters"); the browser, which never imports this, shows only the schemas' own messages.
 *
 * Imported for its effect by the modules that turn issues into words (the service client's answer
 * parsing, the route wrapper). The setting is process-wide, so one import covers every schema.
 */
import "server-only";
import { en } from "zod/locales";
import { config } from "zod/mini";

config(en());
