/**
 * The dashboard's buttons. `buttonClasses` styles links and menu triggers the same way, so an
 * `<a download>` or a `<Link>` looks like the button it stands beside.
 *
 * `busy` is how every action that calls the server shows it is under way (docs/architecture.md,
 * "Actions that call the server"): the button is disabled, says `aria-busy`, turns its spinner and
 * shows `busyText` ("Revoking…") in place of its words, keeping its accessible name's other parts.
 */
import type { ComponentProps, ReactNode } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "xs" | "sm" | "md" | "icon";

const BASE =
  "inline-flex shrink-0 items-center justify-center gap-1.5 rounded-md font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-500 dark:bg-indigo-500 dark:hover:bg-indigo-400",
  secondary:
    "border border-zinc-300 bg-white text-zinc-800 hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800",
  ghost: "text-zinc-700 hover:bg-zinc-200/70 dark:text-zinc-300 dark:hover:bg-zinc-800",
  danger: "bg-red-600 text-white hover:bg-red-500",
};

const SIZES: Record<ButtonSize, string> = {
  xs: "h-6 gap-1 px-1.5 text-xs [&_svg]:size-3.5",
  sm: "h-8 px-2.5 text-sm",
  md: "h-9 px-3.5 text-sm",
  icon: "size-8",
};

export function buttonClasses({
  variant = "secondary",
  size = "md",
  className = "",
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]} ${className}`;
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An action this button started is under way: disabled, `aria-busy`, a spinner. */
  busy?: boolean;
  /** What the button says while busy, e.g. "Starting…"; its usual words otherwise. */
  busyText?: ReactNode;
}

/** A ring that turns, in the button's own text colour. */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      data-spinner=""
      className="size-3.5 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent"
    />
  );
}

export function Button({
  variant,
  size,
  className,
  type = "button",
  busy = false,
  busyText,
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses({ variant, size, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <Spinner />}
      {busy && busyText !== undefined ? busyText : children}
    </button>
  );
}
