import "server-only";
/**
 * The one way to hold process-wide state. Next builds instrumentation, each route handler and every
 * dev hot reload as separate module instances; a plain module-level variable would exist once per
 * bundle (two schedulers would spend the poll budget twice). Values kept here live on `globalThis`
 * under a registered name, so every bundle of the process reaches the same one.
 */
const SLOT = Symbol.for("render-dashboard.process-singletons");

type Registry = Map<string, unknown>;

function registry(): Registry {
  const holder = globalThis as typeof globalThis & { [SLOT]?: Registry };
  return (holder[SLOT] ??= new Map());
}

/** The process's value under `name`, created by `create` on first use. */
export function processSingleton<T>(name: string, create: () => T): T {
  const values = registry();
  if (!values.has(name)) values.set(name, create());
  return values.get(name) as T;
}

/** The process's value under `name` if one was made, without making one. */
export function existingProcessSingleton<T>(name: string): T | undefined {
  return registry().get(name) as T | undefined;
}

/** Removes and returns the value under `name`; the next `processSingleton` call creates a fresh one. */
function takeProcessSingleton<T>(name: string): T | undefined {
  const values = registry();
  const value = values.get(name) as T | undefined;
  values.delete(name);
  return value;
}

/** A process singleton started asynchronously; a start that fails is forgotten, so the next call retries. */
export function startedSingleton<T>(name: string, start: () => Promise<T>): Promise<T> {
  return processSingleton(name, () => {
    const starting = start();
    // Handled here only to forget it; the failure is its callers' to handle. (Returning what `take`
    // returns, the rejected start itself, would reject this handler's promise too, and nobody
    // handles that one: an unhandled rejection on every failed start.)
    starting.catch(() => {
      takeProcessSingleton(name);
    });
    return starting;
  });
}

/**
 * Removes a started singleton and stops it (if it had started), waiting for a stop that finishes
 * work under way; the next call starts a fresh one.
 */
export async function stopStartedSingleton<T>(
  name: string,
  stop: (value: T) => void | Promise<void>,
): Promise<void> {
  const starting = takeProcessSingleton<Promise<T>>(name);
  const started = starting && (await starting.catch(() => undefined));
  if (started) await stop(started);
}
