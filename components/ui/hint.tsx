/**
 * A short tooltip on hover or keyboard focus, drawn with CSS alone: one line of help is not worth a
 * positioning library in the page's first load. The label is also the control's description for
 * assistive technology, so it is never the only place the information lives.
 */
import { cloneElement, useId, type ReactElement, type ReactNode } from "react";

type Describable = ReactElement<{ "aria-describedby"?: string }>;

export function Hint({ label, children }: { label: ReactNode; children: Describable }) {
  const id = useId();
  return (
    <span className="group/hint relative inline-flex">
      {cloneElement(children, { "aria-describedby": id })}
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute top-full right-0 z-50 mt-1.5 w-max max-w-xs rounded-md bg-zinc-900 px-2 py-1 text-xs text-white opacity-0 shadow-lg transition-opacity group-focus-within/hint:visible group-focus-within/hint:opacity-100 group-hover/hint:visible group-hover/hint:opacity-100 dark:bg-zinc-100 dark:text-zinc-900"
      >
        {label}
      </span>
    </span>
  );
}
