/**
 * The IANA time zones a company may choose: the runtime's list (Intl.supportedValuesOf), with
 * UTC, the default of a new company, always among them (some runtimes list only Etc/UTC).
 */
export function timeZoneNames(): readonly string[] {
  if (!cachedNames) {
    const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    cachedNames = listed.includes("UTC") ? listed : ["UTC", ...listed];
  }
  return cachedNames;
}

/**
 * Listed, or an IANA alias the runtime knows under its area/location name (ICU lists the old
 * Asia/Calcutta but knows Asia/Kolkata). Spellings Intl would also take (europe/berlin, CET+1)
 * are refused, so what is stored is always a proper IANA name.
 */
export function isTimeZone(name: string): boolean {
  if (timeZoneNames().includes(name)) return true;
  if (!/^[A-Z][A-Za-z_-]+(\/[A-Z][A-Za-z0-9_+-]+){1,2}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone: "today" for a company. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(instant);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)!.value;
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** "Europe/Berlin (UTC+01:00)" at `at`: the offset a person recognises, for the picker. */
export function timeZoneLabel(name: string, at: Date): string {
  const part = new Intl.DateTimeFormat("en-GB", { timeZone: name, timeZoneName: "longOffset" }).formatToParts(at).find((piece) => piece.type === "timeZoneName");
  const offset = part?.value === "GMT" ? "UTC+00:00" : (part?.value.replace("GMT", "UTC") ?? "");
  return `${name.replaceAll("_", " ")} (${offset})`;
}

let cachedNames: readonly string[] | null = null;
