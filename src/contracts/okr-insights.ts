import { Schema } from "@effect/schema";
import { IsoDate, List, RecordIdFromString, WholeNumberFromString } from "./fields";
import { KR_DIRECTIONS, KrKpi, OKR_LEVELS, OkrPerson, StatusOption } from "./okrs";

/**
 * The OKR list view, team analytics and change log (issue 16, scopes 3–5; spec sections 7 and 9).
 * Read-only views over the OKR tables (migration 0034); every figure comes from
 * domain/okrs/progress.ts, so they agree with the objective screens. Level rules as for
 * objectives: corporate needs read_corporate_okrs, team read_team_okrs, employee
 * read_employee_okrs or being the objective's owner.
 */

// ── list view ───────────────────────────────────────────────────────────────

/** The list view's columns. The first eight are the spec's defaults (section 9), in its order. */
export const LIST_COLUMNS = ["name", "kpi", "start_target_actual", "progress", "status", "updated", "responsible", "link", "level", "unit", "period", "confidence"] as const;
export type ListColumn = (typeof LIST_COLUMNS)[number];
export const DEFAULT_LIST_COLUMNS: readonly ListColumn[] = ["name", "kpi", "start_target_actual", "progress", "status", "updated", "responsible", "link"];
export const LIST_COLUMN_LABELS: Readonly<Record<ListColumn, string>> = {
  name: "Name",
  kpi: "KPI",
  start_target_actual: "Start / target / actual",
  progress: "Progress",
  status: "Status",
  updated: "Updated",
  responsible: "Responsible",
  link: "Link",
  level: "Level",
  unit: "Unit",
  period: "Period",
  confidence: "Confidence",
};
export const COLUMNS_DUPLICATE = "Choose each column once.";
export const COLUMNS_EMPTY = "Choose at least one column.";

const ColumnList = List(Schema.Literal(...LIST_COLUMNS), LIST_COLUMNS.length, { min: 1, tooFew: COLUMNS_EMPTY }).pipe(
  Schema.filter((columns) => new Set(columns).size === columns.length || COLUMNS_DUPLICATE),
);

/** GET /api/okrs/list/columns/: the person's columns in their order (the defaults until they choose). */
export const ListColumnsResponse = Schema.Struct({ columns: Schema.Array(Schema.Literal(...LIST_COLUMNS)), isDefault: Schema.Boolean });
export type ListColumnsResponse = typeof ListColumnsResponse.Type;

/** PUT /api/okrs/list/columns/: the columns to show, in order; null goes back to the defaults. */
export const ListColumnsRequest = Schema.Struct({ columns: Schema.NullOr(ColumnList) });
export type ListColumnsRequest = typeof ListColumnsRequest.Type;

export const PERIOD_ORDER_TEXT = "The end date must be on or after the start date.";

/** GET /api/okrs/list/: objectives overlapping from–to (both optional), of a level, unit, status, responsible person. */
export const OkrListQuery = Schema.Struct({
  level: Schema.optional(Schema.Literal(...OKR_LEVELS)),
  unitId: Schema.optional(RecordIdFromString),
  from: Schema.optional(IsoDate),
  to: Schema.optional(IsoDate),
  statusId: Schema.optional(RecordIdFromString),
  responsibleId: Schema.optional(RecordIdFromString),
});
export type OkrListQuery = typeof OkrListQuery.Type;

const Unit = Schema.Struct({ id: Schema.Number, name: Schema.String });

/** A key result as a row of the list view. */
export const ListKeyResult = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  direction: Schema.Literal(...KR_DIRECTIONS),
  unit: Schema.String,
  start: Schema.Number,
  target: Schema.Number,
  actual: Schema.NullOr(Schema.Number),
  progress: Schema.NullOr(Schema.Number),
  /** The feeding KPI (null: tracked by hand, or a KPI the reader may not read). */
  kpi: Schema.NullOr(KrKpi),
  kpiFed: Schema.Boolean,
  confidence: Schema.NullOr(Schema.Number),
});
export type ListKeyResult = typeof ListKeyResult.Type;

/** One row: a key result under its objective, or an objective without key results (keyResult null). */
export const OkrListRow = Schema.Struct({
  objectiveId: Schema.Number,
  objectiveTitle: Schema.String,
  level: Schema.Literal(...OKR_LEVELS),
  unit: Schema.NullOr(Unit),
  owner: Schema.NullOr(OkrPerson),
  startsOn: Schema.String,
  endsOn: Schema.String,
  objectiveProgress: Schema.NullOr(Schema.Number),
  keyResult: Schema.NullOr(ListKeyResult),
  /** The key result's status, else its objective's. */
  status: Schema.NullOr(StatusOption),
  updatedAt: Schema.String,
  /** The key result's responsible person, or the objective's responsibles on an objective row. */
  responsible: Schema.Array(OkrPerson),
});
export type OkrListRow = typeof OkrListRow.Type;

export const OkrListResponse = Schema.Struct({
  rows: Schema.Array(OkrListRow),
  /** What the filters offer: the company's statuses, the units with team objectives, the responsible people. */
  statuses: Schema.Array(StatusOption),
  units: Schema.Array(Unit),
  people: Schema.Array(OkrPerson),
});
export type OkrListResponse = typeof OkrListResponse.Type;

// ── team analytics ──────────────────────────────────────────────────────────

/** GET /api/okrs/team-analytics/?from=&to=: the period (default: the current calendar quarter). */
export const TeamAnalyticsQuery = Schema.Struct({ from: Schema.optional(IsoDate), to: Schema.optional(IsoDate) });
export type TeamAnalyticsQuery = typeof TeamAnalyticsQuery.Type;
/** The longest period analytics covers (check-ins per week stay readable). */
export const MAX_ANALYTICS_DAYS = 731;
export const ANALYTICS_PERIOD_TOO_LONG = "Choose a period of at most two years.";

export const WeekCount = Schema.Struct({ weekStart: Schema.String, checkIns: Schema.Number });
export type WeekCount = typeof WeekCount.Type;

export const TeamFigures = Schema.Struct({
  /** "corporate", or the unit ("unit:12"). */
  key: Schema.String,
  kind: Schema.Literal("corporate", "department", "team", "all"),
  unitId: Schema.NullOr(Schema.Number),
  name: Schema.String,
  objectives: Schema.Number,
  keyResults: Schema.Number,
  atRisk: Schema.Number,
  /** Mean objective progress, 0–100 (objectives with a value), null without any. */
  averageProgress: Schema.NullOr(Schema.Number),
  /** Mean progress expected by today on the even line through each objective's period. */
  expectedProgress: Schema.NullOr(Schema.Number),
  /** Mean of the key results' latest confidence (0–10), null before any check-in. */
  averageConfidence: Schema.NullOr(Schema.Number),
  checkIns: Schema.Number,
  /** Share (0–1) of key results checked in within the last 14 days; null without key results. */
  recentCheckInShare: Schema.NullOr(Schema.Number),
  weeks: Schema.Array(WeekCount),
});
export type TeamFigures = typeof TeamFigures.Type;

export const AtRiskObjective = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  level: Schema.Literal(...OKR_LEVELS),
  unitName: Schema.String,
  progress: Schema.NullOr(Schema.Number),
  expected: Schema.Number,
  lowestConfidence: Schema.NullOr(Schema.Number),
  reasons: Schema.Array(Schema.Literal("low_confidence", "behind")),
});
export type AtRiskObjective = typeof AtRiskObjective.Type;

export const TeamAnalyticsResponse = Schema.Struct({
  from: Schema.String,
  to: Schema.String,
  today: Schema.String,
  teams: Schema.Array(TeamFigures),
  total: TeamFigures,
  atRisk: Schema.Array(AtRiskObjective),
});
export type TeamAnalyticsResponse = typeof TeamAnalyticsResponse.Type;

// ── change log ──────────────────────────────────────────────────────────────

/** Spec section 9. */
export const CHANGE_LOG_PAGE_SIZE = 50;
export const CHANGE_ACTIONS = ["created", "updated", "deleted", "moved", "copied", "checked_in"] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];
export const CHANGE_ITEMS = ["objective", "key_result", "milestone"] as const;
export type ChangeItem = (typeof CHANGE_ITEMS)[number];
/** The time ranges the change log offers (docs/decisions.md): the last 7, 30, 90 or 365 days, or all. */
export const TIME_RANGES = ["7d", "30d", "90d", "365d", "all"] as const;
export type TimeRange = (typeof TIME_RANGES)[number];
export const TIME_RANGE_DAYS: Readonly<Record<Exclude<TimeRange, "all">, number>> = { "7d": 7, "30d": 30, "90d": 90, "365d": 365 };
export const CHANGE_LOG_DATES_ORDER = "The end date must be on or after the start date.";

/** GET /api/okrs/changelog/ (spec section 7): newest first unless order=old_first; p from 1. */
export const ChangeLogQuery = Schema.Struct({
  order: Schema.optional(Schema.Literal("old_first", "new_first")),
  startDate: Schema.optional(IsoDate),
  endDate: Schema.optional(IsoDate),
  action_type: Schema.optional(Schema.Literal(...CHANGE_ACTIONS)),
  item_type: Schema.optional(Schema.Literal(...CHANGE_ITEMS)),
  timeRange: Schema.optional(Schema.Literal(...TIME_RANGES)),
  p: Schema.optional(WholeNumberFromString(1, 100_000)),
});
export type ChangeLogQuery = typeof ChangeLogQuery.Type;

/** One field of a change: what it was and what it became (any JSON value the service wrote). */
export const FieldChange = Schema.Struct({ field: Schema.String, from: Schema.Unknown, to: Schema.Unknown });
export type FieldChange = typeof FieldChange.Type;

export const ChangeLogEntry = Schema.Struct({
  id: Schema.Number,
  at: Schema.String,
  user: Schema.NullOr(OkrPerson),
  actionType: Schema.Literal(...CHANGE_ACTIONS),
  itemType: Schema.Literal(...CHANGE_ITEMS),
  itemId: Schema.Number,
  itemTitle: Schema.String,
  level: Schema.Literal(...OKR_LEVELS),
  /** The objective, while it still exists (its current title). */
  objective: Schema.NullOr(Schema.Struct({ id: Schema.Number, title: Schema.String })),
  details: Schema.Array(FieldChange),
});
export type ChangeLogEntry = typeof ChangeLogEntry.Type;

export const ChangeLogResponse = Schema.Struct({
  count: Schema.Number,
  page: Schema.Number,
  pageSize: Schema.Number,
  entries: Schema.Array(ChangeLogEntry),
});
export type ChangeLogResponse = typeof ChangeLogResponse.Type;
