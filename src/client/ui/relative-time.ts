const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

const format = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/**
 * How long ago `at` was, as people say it: "just now", "5 minutes ago", "yesterday", "3 weeks
 * ago". `now` is passed in (the app's clock), so the text is the same in tests and replays.
 */
export function relativeTime(at: Date, now: Date): string {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return "just now";
  const [unit, size] = UNITS.find(([, length]) => Math.abs(seconds) >= length) ?? ["minute", 60];
  return format.format(Math.trunc(seconds / size), unit);
}
