/**
 * Counts the renders of one component of the page, in the production build, through the hook React
 * offers its developer tools (`__REACT_DEVTOOLS_GLOBAL_HOOK__`, told of every commit). The component
 * is the nearest function component above an element it draws (`selector`). A component that
 * renders gets a new list of hooks, so each new first hook seen on its fiber (or on that fiber's
 * other copy) at a commit is one render. Each is logged in `window.reactRenders` (as `label`) in
 * order with the page's calls to `fetch` (as `fetch <path>`), so a test can tell what came first.
 */
import type { Page } from "@playwright/test";

export type RenderLog = string[];

export async function countRenders(page: Page, selector: string, label: string): Promise<void> {
  await page.addInitScript(
    ({ selector, label }) => {
      interface Fiber {
        tag: number;
        return: Fiber | null;
        alternate: Fiber | null;
        memoizedState: unknown;
      }
      const log: string[] = [];
      const seen = new WeakSet<object>();
      (window as unknown as { reactRenders: string[] }).reactRenders = log;
      // React's tags for components that run as functions: function, forwardRef, memo, simple memo.
      const FUNCTION_TAGS = new Set([0, 11, 14, 15]);
      const owner = (): Fiber | null => {
        const element = document.querySelector(selector);
        const key = element && Object.keys(element).find((k) => k.startsWith("__reactFiber$"));
        let fiber = key ? ((element as unknown as Record<string, Fiber>)[key] ?? null) : null;
        while (fiber && !FUNCTION_TAGS.has(fiber.tag)) fiber = fiber.return;
        return fiber;
      };
      const onCommit = () => {
        const fiber = owner();
        for (const copy of [fiber, fiber?.alternate]) {
          const hooks = copy?.memoizedState;
          if (typeof hooks !== "object" || hooks === null || seen.has(hooks)) continue;
          seen.add(hooks);
          log.push(label);
        }
      };
      const send = window.fetch;
      window.fetch = (input, init) => {
        log.push(
          `fetch ${new URL(input instanceof Request ? input.url : String(input), location.href).pathname}`,
        );
        return send(input, init);
      };
      Object.defineProperty(window, "__REACT_DEVTOOLS_GLOBAL_HOOK__", {
        value: {
          supportsFiber: true,
          isDisabled: false,
          renderers: new Map(),
          inject: () => 1,
          onCommitFiberRoot: onCommit,
          onCommitFiberUnmount: () => undefined,
          onPostCommitFiberRoot: () => undefined,
          checkDCE: () => undefined,
        },
      });
    },
    { selector, label },
  );
}

/** The log so far. */
export function renderLog(page: Page): Promise<RenderLog> {
  return page.evaluate(() => [...(window as unknown as { reactRenders: string[] }).reactRenders]);
}
