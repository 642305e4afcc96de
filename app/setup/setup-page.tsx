/**
 * What a fresh install shows on every page until the Render Service is configured: which variables
 * to set, what each is, an example, and where to put them. Names and examples only: a value the
 * server holds is never written back, so the page is safe to show to anyone who reaches it.
 */
import { PRODUCT_NAME } from "@/components/layout/app-header";
import type { MissingSetting } from "@/lib/server/pages/setup";

const code = "rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] dark:bg-zinc-800";
const block =
  "overflow-x-auto rounded-md border border-zinc-200 bg-zinc-50 p-3 font-mono text-xs leading-relaxed dark:border-zinc-800 dark:bg-zinc-900";

export function SetupPage({ missing }: { missing: MissingSetting[] }) {
  const lines = missing.map((setting) => `${setting.variable}=${setting.example}`);
  return (
    <div className="mx-auto max-w-2xl space-y-6 py-6 sm:py-10">
      <header className="space-y-2">
        <p className="text-sm font-medium text-indigo-700 dark:text-indigo-400">{PRODUCT_NAME}</p>
        <h1 className="text-2xl font-semibold tracking-tight">Set up the dashboard</h1>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          The server is running, but it does not know which Render Service to use yet. Set the{" "}
          {missing.length === 1 ? "setting" : "settings"} below, then restart the server.
        </p>
      </header>

      <section aria-labelledby="setup-missing" className="space-y-3">
        <h2 id="setup-missing" className="text-base font-semibold">
          Missing {missing.length === 1 ? "setting" : "settings"}
        </h2>
        <dl className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
          {missing.map((setting) => (
            <div key={setting.variable} className="space-y-1 p-4">
              <dt className="font-mono text-sm font-semibold break-all">{setting.variable}</dt>
              <dd className="text-sm text-zinc-700 dark:text-zinc-300">{setting.purpose}</dd>
              <dd className="text-sm text-zinc-600 dark:text-zinc-400">
                Example: <code className={code}>{setting.example}</code>
              </dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="setup-where" className="space-y-3 text-sm text-zinc-700 dark:text-zinc-300">
        <h2 id="setup-where" className="text-base font-semibold text-zinc-900 dark:text-zinc-100">
          Where to set them
        </h2>
        <p>
          Either in a file named <code className={code}>.env.local</code> in the dashboard&apos;s folder
          (beside <code className={code}>package.json</code>; <code className={code}>.env.example</code> lists
          every setting), one per line:
        </p>
        <pre className={block}>{lines.join("\n")}</pre>
        <p>Or in the server&apos;s environment when starting it:</p>
        <pre className={block}>{`${lines.join(" ")} npm start`}</pre>
        <p>
          The server reads its settings when it starts: restart it after setting them. To try the dashboard
          without a Render Service, <code className={code}>npm run dev</code> starts a built-in simulator.
        </p>
      </section>
    </div>
  );
}
