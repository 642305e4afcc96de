/**
 * What a push device is called in its member's list: the browser and system its user agent names
 * ("Chrome on Android"), so a person tells their phone from their laptop without seeing an endpoint.
 */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\//, "Opera"],
  [/Firefox\//, "Firefox"],
  [/Chrome\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Windows/, "Windows"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

const first = (table: readonly [RegExp, string][], text: string) =>
  table.find(([pattern]) => pattern.test(text))?.[1];

export function deviceLabel(userAgent: string): string {
  const browser = first(BROWSERS, userAgent) ?? "A browser";
  const system = first(SYSTEMS, userAgent);
  return system ? `${browser} on ${system}` : browser;
}
