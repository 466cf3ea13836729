import { CHANGE_ACTIONS, CHANGE_ITEMS, CHANGE_LOG_DATES_ORDER, TIME_RANGE_DAYS, TIME_RANGES, type ChangeAction, type ChangeItem, type TimeRange } from "../../contracts/okr-insights";

/**
 * The change log's filter (spec section 7: order=old_first, startDate, endDate, action_type,
 * item_type, timeRange, p), read the same way by the server (the API's query) and the client (the
 * address, so a link keeps the filter). Dates are calendar days in the company's time zone.
 */
export interface ChangeLogFilter {
  readonly order: "new_first" | "old_first";
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly actionType: ChangeAction | null;
  readonly itemType: ChangeItem | null;
  readonly timeRange: TimeRange;
  readonly page: number;
}

export const DEFAULT_CHANGE_LOG_FILTER: ChangeLogFilter = { order: "new_first", startDate: null, endDate: null, actionType: null, itemType: null, timeRange: "all", page: 1 };

/** Field messages for a filter the API refuses (the end before the start). */
export function changeLogProblems(filter: Pick<ChangeLogFilter, "startDate" | "endDate">): Record<string, string[]> {
  if (filter.startDate !== null && filter.endDate !== null && filter.endDate < filter.startDate) return { endDate: [CHANGE_LOG_DATES_ORDER] };
  return {};
}

/** The calendar day `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The days the log shows, both ends included (null: open). A time range of N days is today and
 * the N − 1 days before it; with start and end dates as well, the log shows the days both allow.
 */
export function changeLogWindow(filter: Pick<ChangeLogFilter, "startDate" | "endDate" | "timeRange">, today: string): { from: string | null; to: string | null } {
  const rangeStart = filter.timeRange === "all" ? null : addDays(today, -(TIME_RANGE_DAYS[filter.timeRange] - 1));
  const starts = [rangeStart, filter.startDate].filter((date): date is string => date !== null).sort();
  return { from: starts.at(-1) ?? null, to: filter.endDate };
}

/** Pages of `pageSize` for `count` entries: at least one, so an empty log still shows page 1 of 1. */
export const pageCount = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (text: string | null): text is string => text !== null && DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);
const oneOf = <T extends string>(values: readonly T[], text: string | null): T | null => (text !== null && (values as readonly string[]).includes(text) ? (text as T) : null);

/** The filter in an address's query (the API's own names); anything unknown reads as its default. */
export function changeLogFilterOf(search: string): ChangeLogFilter {
  const query = new URLSearchParams(search);
  const page = query.get("p");
  return {
    order: query.get("order") === "old_first" ? "old_first" : "new_first",
    startDate: isDate(query.get("startDate")) ? query.get("startDate") : null,
    endDate: isDate(query.get("endDate")) ? query.get("endDate") : null,
    actionType: oneOf(CHANGE_ACTIONS, query.get("action_type")),
    itemType: oneOf(CHANGE_ITEMS, query.get("item_type")),
    timeRange: oneOf(TIME_RANGES, query.get("timeRange")) ?? "all",
    page: page !== null && /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

/** The filter as query parameters with the API's names: only what differs from the defaults. */
export function changeLogParams(filter: ChangeLogFilter): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.order === "old_first") params.order = "old_first";
  if (filter.startDate !== null) params.startDate = filter.startDate;
  if (filter.endDate !== null) params.endDate = filter.endDate;
  if (filter.actionType !== null) params.action_type = filter.actionType;
  if (filter.itemType !== null) params.item_type = filter.itemType;
  if (filter.timeRange !== "all") params.timeRange = filter.timeRange;
  if (filter.page > 1) params.p = String(filter.page);
  return params;
}

/** The address's query for a filter ("" for the defaults). */
export function changeLogSearch(filter: ChangeLogFilter): string {
  const text = new URLSearchParams(changeLogParams(filter)).toString();
  return text ? `?${text}` : "";
}
