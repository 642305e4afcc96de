/**
 * Byte counts for people: the one formatter the server's size errors, the drop zone and the reference
 * library share. Binary multiples, as file managers show them: `1536` → `"1.5 KB"`, `1024` → `"1 KB"`.
 */
const UNITS = ["bytes", "KB", "MB", "GB"] as const;

export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, "")} ${UNITS[unit]}`;
}
