import { expect, test } from "vitest";
import { expiryInstant, localDay } from "./expiry";

const now = new Date(2026, 4, 10, 15, 30);

test("never, and a number of days counted from now", () => {
  expect(expiryInstant("never", "", now)).toBeNull();
  const sevenDays = expiryInstant("7", "", now);
  expect(new Date(sevenDays as string).getTime() - now.getTime()).toBe(7 * 24 * 3600_000);
});

test("a date runs to the end of that day in the sharer's time zone", () => {
  const today = localDay(now);
  const end = new Date(expiryInstant("date", today, now) as string);
  expect(localDay(end)).toBe(today);
  expect(localDay(new Date(end.getTime() + 1))).not.toBe(today);
});

test("a missing, malformed, impossible or past date is refused", () => {
  const yesterday = localDay(new Date(now.getTime() - 24 * 3600_000));
  for (const day of ["", "10/05/2026", "2026-02-30", yesterday]) {
    expect(expiryInstant("date", day, now)).toBe("invalid");
  }
});
