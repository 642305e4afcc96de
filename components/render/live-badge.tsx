/** How many of the renders shown are still under way, with a dot that pulses as it appears. */
export function LiveBadge({ count }: { count: number }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-800 dark:bg-sky-500/15 dark:text-sky-300">
      <span aria-hidden="true" className="size-1.5 animate-pulse-briefly rounded-full bg-current" />
      {count} in progress
    </span>
  );
}
