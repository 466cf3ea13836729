import { Schema } from "@effect/schema";

/**
 * The field vocabulary every request contract is made of, so the bounds of the API live in one
 * place (issue 10): ids are positive safe integers, numbers are finite, text has a length bound
 * (the longest a column of ours takes), lists have a length bound (no statement ever needs more
 * than PostgreSQL's 65,535 bind parameters), dates are real calendar dates within 1900–2200.
 * Messages are plain words and never quote the input.
 */

export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2200;

/** A record's id: 1 up to 2^53 − 1. */
export const RecordId = Schema.Number.pipe(
  Schema.filter((id) => (Number.isInteger(id) ? (id >= 1 && Number.isSafeInteger(id)) || "must be a positive whole number" : "must be a whole number"), {
    jsonSchema: { type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  }),
);

/** A finite number (JSON's 1e400 parses to Infinity; it is refused, never stored). */
export const FiniteNumber = Schema.Number.pipe(Schema.filter((value) => Number.isFinite(value) || "must be a finite number", { jsonSchema: {} }));

/** A whole number within bounds. */
export const WholeNumber = (min: number, max: number, message = `must be a whole number from ${min} to ${max}`) =>
  Schema.Number.pipe(Schema.filter((value) => (Number.isInteger(value) && value >= min && value <= max) || message, { jsonSchema: { type: "integer", minimum: min, maximum: max } }));

/** Text of at most `max` characters (the bound of the column it goes to). */
export const Text = (max: number) => Schema.String.pipe(Schema.filter((text) => text.length <= max || `must be at most ${max} characters`, { jsonSchema: { maxLength: max } }));

/** Text that must not be empty. */
export const RequiredText = (max: number, blank = "This field may not be blank.") =>
  Schema.String.pipe(Schema.filter((text) => (text.length < 1 ? blank : text.length <= max || `must be at most ${max} characters`), { jsonSchema: { minLength: 1, maxLength: max } }));

/**
 * A list of at most `max` items. A plain filter, not minItems/maxItems: @effect/schema 0.75 runs
 * those on values that are not arrays (null, a missing key under errors "all") and throws.
 */
export const List = <A, I, R>(item: Schema.Schema<A, I, R>, max: number, options: { min?: number; tooFew?: string; tooMany?: string } = {}) => {
  const min = options.min ?? 0;
  return Schema.Array(item).pipe(
    Schema.filter((items) =>
      items.length < min ? (options.tooFew ?? `must have at least ${min} item${min === 1 ? "" : "s"}`) : items.length <= max || (options.tooMany ?? `must have at most ${max} items`),
      { jsonSchema: { ...(min > 0 ? { minItems: min } : {}), maxItems: max } },
    ),
  );
};

const isCalendarDate = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** A calendar date written YYYY-MM-DD, between 1900 and 2200. */
export const IsoDate = Schema.String.pipe(
  Schema.filter((text) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    if (!match) return "must be a date like 2026-04-01";
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    if (!isCalendarDate(year, month, day)) return "must be a real calendar date";
    return (year >= FIRST_YEAR && year <= LAST_YEAR) || `must be a date from ${FIRST_YEAR} to ${LAST_YEAR}`;
  }, { jsonSchema: { format: "date", description: `a calendar date, ${FIRST_YEAR}–${LAST_YEAR}` } }),
);

/** The first day of a month, YYYY-MM-01, between 1900 and 2200: how every monthly value is dated. */
export const MonthDate = Schema.String.pipe(
  Schema.filter((text) => {
    const match = /^(\d{4})-(0[1-9]|1[0-2])-01$/.exec(text);
    if (!match) return "Enter the first day of a month (YYYY-MM-01).";
    const year = Number(match[1]);
    return (year >= FIRST_YEAR && year <= LAST_YEAR) || `must be a month from ${FIRST_YEAR} to ${LAST_YEAR}`;
  }, { jsonSchema: { pattern: "^\\d{4}-(0[1-9]|1[0-2])-01$", description: `the first day of a month, ${FIRST_YEAR}–${LAST_YEAR}` } }),
);

/** A whole number written in a query string or path ("12"), bounded. */
export const WholeNumberFromString = (min: number, max: number, message = `must be a whole number from ${min} to ${max}`) =>
  Schema.String.pipe(
    Schema.filter((text) => /^-?\d{1,16}$/.test(text) || "must be a whole number", { jsonSchema: { pattern: "^-?\\d{1,16}$", description: `a whole number from ${min} to ${max}` } }),
    Schema.transform(Schema.Number, { strict: true, decode: Number, encode: String }),
    Schema.filter((value) => (value >= min && value <= max) || message),
  );

/** An id written in a query string ("12"). */
export const RecordIdFromString = Schema.String.pipe(
  Schema.filter((text) => /^\d{1,16}$/.test(text) || "must be a whole number", { jsonSchema: { pattern: "^\\d{1,16}$" } }),
  Schema.transform(Schema.Number, { strict: true, decode: Number, encode: String }),
  Schema.filter((id) => (id >= 1 && Number.isSafeInteger(id)) || "must be a positive whole number"),
);

/** A comma-separated list of ids in a query string ("3,5,8"). */
export const IdListFromString = (max: number) =>
  Schema.String.pipe(
    Schema.filter((text) => /^(\d{1,16}(,\d{1,16})*)?$/.test(text) || "must be ids separated by commas, like 3,5,8", {
      jsonSchema: { pattern: "^(\\d{1,16}(,\\d{1,16})*)?$", description: `at most ${max} ids separated by commas` },
    }),
    Schema.transform(Schema.Array(Schema.Number), { strict: true, decode: (text) => (text === "" ? [] : text.split(",").map(Number)), encode: (ids) => ids.join(",") }),
    Schema.filter((ids) => ids.length <= max || `must list at most ${max} ids`),
  );
