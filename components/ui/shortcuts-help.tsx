"use client";

/**
 * The `?` dialog: every keyboard shortcut that works here now, by group (components/ui/shortcuts.ts).
 * Mounted once by a page that has shortcuts; its contents load with it, they are small.
 */
import { Dialog, DialogHeader, DialogPanel } from "./dialog";
import { setHelpOpen, useActiveShortcuts, useHelpOpen } from "./shortcuts";

export function ShortcutsHelp() {
  const open = useHelpOpen();
  const groups = useActiveShortcuts();
  return (
    <Dialog open={open} onOpenChange={setHelpOpen}>
      <DialogPanel size="sheet" aria-describedby={undefined}>
        <DialogHeader title="Keyboard shortcuts" description="Not while typing in a field." />
        <div className="grid gap-4 overflow-y-auto p-4 sm:grid-cols-2">
          {groups.map((group) => (
            <section key={group.title} aria-label={group.title}>
              <h3 className="mb-2 text-sm font-semibold">{group.title}</h3>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
                {group.shortcuts
                  .filter((shortcut) => !shortcut.unlisted)
                  .map((shortcut) => (
                    <div key={shortcut.key} className="contents">
                      <dt>
                        <Key>{shortcut.label ?? shortcut.key}</Key>
                      </dt>
                      <dd className="text-zinc-700 dark:text-zinc-300">{shortcut.description}</dd>
                    </div>
                  ))}
              </dl>
            </section>
          ))}
          <section aria-label="Everywhere">
            <h3 className="mb-2 text-sm font-semibold">Everywhere</h3>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt>
                <Key>?</Key>
              </dt>
              <dd className="text-zinc-700 dark:text-zinc-300">Show these shortcuts</dd>
            </dl>
          </section>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

function Key({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-zinc-300 bg-zinc-50 px-1.5 py-0.5 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900">
      {children}
    </kbd>
  );
}
