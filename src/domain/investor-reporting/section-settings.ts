import { KPI_VARIANTS, type SectionSettings, type SectionVariant, type SectionViewType } from "../../contracts/investor-reporting";
import { monthIndexOf, type MonthIndex } from "../months";
import { RANGE_REVERSED, SETTINGS_NOT_FOR_VARIANT } from "./texts";

/** Settings every KPI section has once made: nothing left out. */
export type KpiSettings = Required<Omit<SectionSettings, "chartId">>;

/**
 * A new section's settings: a KPI section shows comments, percent deviation and deviation and
 * compares with planning (spec section 9), by month over the default ranges; a chart section
 * names no chart yet; text and attachment sections have none.
 */
export function defaultSettings(variant: SectionVariant): SectionSettings {
  if (KPI_VARIANTS.includes(variant)) {
    return {
      categoryId: null,
      kpiIds: [],
      viewType: "month",
      fromStartDate: null,
      fromEndDate: null,
      toStartDate: null,
      toEndDate: null,
      compareWithPlanning: true,
      showComments: true,
      percentDeviation: true,
      deviation: true,
    } satisfies KpiSettings;
  }
  if (variant === "chart") return { chartId: null };
  return {};
}

/** Settings keys a variant takes. */
const allowedKeys = (variant: SectionVariant): readonly string[] => Object.keys(defaultSettings(variant));

/**
 * A change of settings laid over the current ones; keys the variant does not take are field
 * problems (`settings.{key}`), and so is a range that ends before it starts.
 */
export function mergeSettings(variant: SectionVariant, current: SectionSettings, change: SectionSettings): { settings: SectionSettings; problems: Record<string, string[]> } {
  const problems: Record<string, string[]> = {};
  const allowed = new Set(allowedKeys(variant));
  for (const key of Object.keys(change)) if (!allowed.has(key)) problems[`settings.${key}`] = [SETTINGS_NOT_FOR_VARIANT];
  const settings: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(change)) if (allowed.has(key) && value !== undefined) settings[key] = value;
  const merged = settings as SectionSettings;
  for (const [start, end] of [["fromStartDate", "fromEndDate"], ["toStartDate", "toEndDate"]] as const) {
    const first = merged[start];
    const last = merged[end];
    if (first && last && first > last) problems[`settings.${end}`] = [RANGE_REVERSED];
  }
  return { settings: merged, problems };
}

export interface MonthSpan {
  readonly first: MonthIndex;
  readonly last: MonthIndex;
}

/**
 * The months a KPI section reports (`to`) and compares with (`from`). Unset, the reported range
 * is the twelve months to the report's end date; the comparison range is as long and ends the
 * month before the reported one starts. A range given half takes the other half from its length.
 */
export function sectionRanges(settings: SectionSettings, reportEnd: MonthIndex): { to: MonthSpan; from: MonthSpan } {
  const toLast = settings.toEndDate ? monthIndexOf(settings.toEndDate) : reportEnd;
  const toFirst = settings.toStartDate ? monthIndexOf(settings.toStartDate) : toLast - 11;
  const length = toLast - toFirst + 1;
  const fromLast = settings.fromEndDate ? monthIndexOf(settings.fromEndDate) : settings.fromStartDate ? monthIndexOf(settings.fromStartDate) + length - 1 : toFirst - 1;
  const fromFirst = settings.fromStartDate ? monthIndexOf(settings.fromStartDate) : fromLast - length + 1;
  return { to: { first: toFirst, last: toLast }, from: { first: fromFirst, last: fromLast } };
}

/** Months per column of a view type. */
export const BUCKET_OF_VIEW: Readonly<Record<SectionViewType, 1 | 3 | 12>> = { month: 1, quarter: 3, year: 12 };

/** At most this many months a range spans: ten years of monthly columns is already a lot. */
export const MAX_RANGE_MONTHS = 120;
