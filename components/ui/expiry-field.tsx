"use client";
/**
 * When something handed out (a share link, an API token) stops working: never, a number of days from
 * now, or the end of a chosen day. `useExpiry` holds the choice; `resolve` turns it into the instant
 * to send, or marks the day field when it is missing or past.
 */
import { useState } from "react";
import { CONTROL_CLASSES, LABEL_CLASSES } from "./field-classes";
import { EXPIRY_CHOICES, expiryInstant, localDay, type ExpiryChoice } from "./expiry";
import { SelectOptions } from "./select-options";

export function useExpiry() {
  const [choice, setChoice] = useState<ExpiryChoice>("never");
  const [day, setDay] = useState("");
  const [dayError, setDayError] = useState<string>();
  /** The instant to send (null for never), or undefined when the chosen day is not valid. */
  const resolve = (): string | null | undefined => {
    const at = expiryInstant(choice, day, new Date());
    setDayError(at === "invalid" ? "Choose a day from today on." : undefined);
    return at === "invalid" ? undefined : at;
  };
  return { choice, setChoice, day, setDay, dayError, resolve };
}

export function ExpiryField({ id, expiry }: { id: string; expiry: ReturnType<typeof useExpiry> }) {
  const { choice, setChoice, day, setDay, dayError } = expiry;
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-expiry`} className={LABEL_CLASSES}>
          Expires
        </label>
        <select
          id={`${id}-expiry`}
          className={`${CONTROL_CLASSES} h-10 px-2`}
          value={choice}
          onChange={(event) => setChoice(event.target.value as ExpiryChoice)}
        >
          <SelectOptions options={EXPIRY_CHOICES} />
        </select>
      </div>
      {choice === "date" && (
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-day`} className={LABEL_CLASSES}>
            Last day it works
          </label>
          <input
            id={`${id}-day`}
            type="date"
            min={localDay(new Date())}
            value={day}
            aria-invalid={dayError ? true : undefined}
            aria-describedby={dayError ? `${id}-day-error` : undefined}
            className={`${CONTROL_CLASSES} h-10 px-3`}
            onChange={(event) => setDay(event.target.value)}
          />
          {dayError && (
            <p id={`${id}-day-error`} className="text-sm text-red-600 dark:text-red-400">
              {dayError}
            </p>
          )}
        </div>
      )}
    </>
  );
}
