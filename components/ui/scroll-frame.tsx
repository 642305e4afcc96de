/**
 * The frame of a table wider than a phone: it scrolls sideways inside, never the page, and shows
 * that it does (a shadow at each edge with more to see, `scroll-shadows-x` in globals.css). It is a
 * named region the keyboard can focus, so arrow keys scroll it and a screen reader says what it holds.
 */
import type { ReactNode } from "react";

export function ScrollFrame({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`overflow-x-auto scroll-shadows-x ${className}`}
    >
      {children}
    </div>
  );
}
