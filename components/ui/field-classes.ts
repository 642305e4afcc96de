/** How every text input, select and label looks, in the render form and elsewhere. */
export const CONTROL_CLASSES =
  "w-full rounded-md border border-zinc-300 bg-white text-sm text-zinc-900 shadow-xs transition-colors hover:border-zinc-400 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:border-zinc-600 dark:aria-invalid:border-red-500";

export const LABEL_CLASSES = "text-sm font-medium text-zinc-700 dark:text-zinc-300";
