const DATE = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });
const DATE_TIME = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** "21 Nov 2026" in the person's time zone. */
export const date = (iso: string) => DATE.format(new Date(iso));

/** "21 Nov 2026, 10:04" in the person's time zone. */
export const dateTime = (iso: string) => DATE_TIME.format(new Date(iso));
