import { Schema } from "@effect/schema";
import { CHANGE_ACTIONS, CHANGE_ITEMS, ChangeLogResponse, LIST_COLUMNS, OkrListResponse, TeamAnalyticsResponse, TIME_RANGES } from "../okr-insights";
import { OKR_LEVELS } from "../okrs";

/**
 * The OKR list view, team analytics and change log (issue 16, scopes 3–5). Each screen loads
 * what its address says; OkrChanged from the server (another person's change) makes the open
 * screen read again.
 */

const Column = Schema.Literal(...LIST_COLUMNS);

/** The list view's filter (null: any). */
export const OkrListFilter = Schema.Struct({
  level: Schema.NullOr(Schema.Literal(...OKR_LEVELS)),
  unitId: Schema.NullOr(Schema.Number),
  from: Schema.NullOr(Schema.String),
  to: Schema.NullOr(Schema.String),
  statusId: Schema.NullOr(Schema.Number),
  responsibleId: Schema.NullOr(Schema.Number),
});
export type OkrListFilter = typeof OkrListFilter.Type;

/** The change log's filter (domain/okr-insights/change-log-query.ts reads and writes it in addresses). */
export const ChangeLogFilterMessage = Schema.Struct({
  order: Schema.Literal("new_first", "old_first"),
  startDate: Schema.NullOr(Schema.String),
  endDate: Schema.NullOr(Schema.String),
  actionType: Schema.NullOr(Schema.Literal(...CHANGE_ACTIONS)),
  itemType: Schema.NullOr(Schema.Literal(...CHANGE_ITEMS)),
  timeRange: Schema.Literal(...TIME_RANGES),
  page: Schema.Number,
});

// ── commands ────────────────────────────────────────────────────────────────
export class LoadOkrList extends Schema.TaggedStruct("LoadOkrList", { filter: OkrListFilter }) {}
export class LoadOkrListColumns extends Schema.TaggedStruct("LoadOkrListColumns", {}) {}
/** The person's columns in order; null goes back to the defaults. */
export class SaveOkrListColumns extends Schema.TaggedStruct("SaveOkrListColumns", { columns: Schema.NullOr(Schema.Array(Column)) }) {}
/** A period (null ends: the server's default, the current quarter). */
export class LoadOkrTeamAnalytics extends Schema.TaggedStruct("LoadOkrTeamAnalytics", { from: Schema.NullOr(Schema.String), to: Schema.NullOr(Schema.String) }) {}
export class LoadOkrChangeLog extends Schema.TaggedStruct("LoadOkrChangeLog", { filter: ChangeLogFilterMessage }) {}

export const OkrInsightsCommand = Schema.Union(LoadOkrList, LoadOkrListColumns, SaveOkrListColumns, LoadOkrTeamAnalytics, LoadOkrChangeLog);
export type OkrInsightsCommand = typeof OkrInsightsCommand.Type;

// ── events ──────────────────────────────────────────────────────────────────
/** `key`: which filter or period the load is for (JSON of the command's question). */
export class OkrListLoadStarted extends Schema.TaggedStruct("OkrListLoadStarted", { key: Schema.String }) {}
export class OkrListLoaded extends Schema.TaggedStruct("OkrListLoaded", { key: Schema.String, list: OkrListResponse }) {}
export class OkrListLoadFailed extends Schema.TaggedStruct("OkrListLoadFailed", { key: Schema.String, message: Schema.String }) {}
export class OkrListColumnsLoaded extends Schema.TaggedStruct("OkrListColumnsLoaded", { columns: Schema.Array(Column), isDefault: Schema.Boolean }) {}
export class OkrListColumnsLoadFailed extends Schema.TaggedStruct("OkrListColumnsLoadFailed", { message: Schema.String }) {}
/** Shown at once (the defaults spelled out when going back to them); `previous` comes back if the save fails. */
export class OkrListColumnsSaveStarted extends Schema.TaggedStruct("OkrListColumnsSaveStarted", { columns: Schema.Array(Column), isDefault: Schema.Boolean, previous: Schema.Array(Column), previousIsDefault: Schema.Boolean }) {}
export class OkrListColumnsSaved extends Schema.TaggedStruct("OkrListColumnsSaved", { columns: Schema.Array(Column), isDefault: Schema.Boolean }) {}
export class OkrListColumnsSaveFailed extends Schema.TaggedStruct("OkrListColumnsSaveFailed", { message: Schema.String, previous: Schema.Array(Column), previousIsDefault: Schema.Boolean }) {}
export class OkrTeamAnalyticsLoadStarted extends Schema.TaggedStruct("OkrTeamAnalyticsLoadStarted", { key: Schema.String }) {}
export class OkrTeamAnalyticsLoaded extends Schema.TaggedStruct("OkrTeamAnalyticsLoaded", { key: Schema.String, analytics: TeamAnalyticsResponse }) {}
export class OkrTeamAnalyticsLoadFailed extends Schema.TaggedStruct("OkrTeamAnalyticsLoadFailed", { key: Schema.String, message: Schema.String }) {}
export class OkrChangeLogLoadStarted extends Schema.TaggedStruct("OkrChangeLogLoadStarted", { key: Schema.String }) {}
export class OkrChangeLogLoaded extends Schema.TaggedStruct("OkrChangeLogLoaded", { key: Schema.String, log: ChangeLogResponse }) {}
export class OkrChangeLogLoadFailed extends Schema.TaggedStruct("OkrChangeLogLoadFailed", { key: Schema.String, message: Schema.String }) {}
/** An OKR changed (OkrChanged from the server): the open screen reads again. */
export class OkrInsightsChangedElsewhere extends Schema.TaggedStruct("OkrInsightsChangedElsewhere", {}) {}

export const OkrInsightsEvent = Schema.Union(
  OkrListLoadStarted,
  OkrListLoaded,
  OkrListLoadFailed,
  OkrListColumnsLoaded,
  OkrListColumnsLoadFailed,
  OkrListColumnsSaveStarted,
  OkrListColumnsSaved,
  OkrListColumnsSaveFailed,
  OkrTeamAnalyticsLoadStarted,
  OkrTeamAnalyticsLoaded,
  OkrTeamAnalyticsLoadFailed,
  OkrChangeLogLoadStarted,
  OkrChangeLogLoaded,
  OkrChangeLogLoadFailed,
  OkrInsightsChangedElsewhere,
);
export type OkrInsightsEvent = typeof OkrInsightsEvent.Type;
