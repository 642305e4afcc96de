/**
 * For an action with no button left to show it is under way (a menu closes on the press): a loading
 * toast once the action has taken longer than a moment, which the outcome's toast then replaces
 * (docs/architecture.md, "Actions that call the server"). Loaded with the actions that use it.
 */
import { notify } from "./notify";

/** How long an action may take before it is worth saying it is under way. */
const SLOW_MS = 300;

/**
 * Says `message` once `work` has run for SLOW_MS; resolves when `work` settles, to that toast's id
 * (pass it as the outcome toast's `id`) or undefined when none was shown.
 */
export function noticeWhileSlow(
  message: string,
  work: Promise<unknown>,
): Promise<string | number | undefined> {
  let shown: Promise<string | number> | undefined;
  const timer = setTimeout(() => (shown = notify.loading(message)), SLOW_MS);
  const settled = () => {
    clearTimeout(timer);
    return shown;
  };
  return work.then(settled, settled);
}
