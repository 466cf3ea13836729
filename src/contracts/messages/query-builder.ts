import { Schema } from "@effect/schema";
import { QbColumns, QueryDetail, QuerySummary, RunResult } from "../query-builder";

/** The query builder (/query-builder and /query-builder/{queryId}). */

const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });

// ── commands ────────────────────────────────────────────────────────────────
export class LoadQueries extends Schema.TaggedStruct("LoadQueries", {}) {}
export class LoadQuery extends Schema.TaggedStruct("LoadQuery", { queryId: Schema.Number }) {}
export class LoadQbColumns extends Schema.TaggedStruct("LoadQbColumns", {}) {}
/** Saves a new query (queryId null) or changes one; an active query's values are calculated again. */
export class SaveQuery extends Schema.TaggedStruct("SaveQuery", { queryId: Schema.NullOr(Schema.Number), title: Schema.String, kpiId: Schema.Number, sql: Schema.String }) {}
/** Runs SQL as a preview, for the KPI it is meant for (null: none chosen yet). */
export class RunQuery extends Schema.TaggedStruct("RunQuery", { sql: Schema.String, kpiId: Schema.NullOr(Schema.Number) }) {}
export class ActivateQuery extends Schema.TaggedStruct("ActivateQuery", { queryId: Schema.Number }) {}
export class DeactivateQuery extends Schema.TaggedStruct("DeactivateQuery", { queryId: Schema.Number, values: Schema.Literal("keep", "delete") }) {}
export class DeleteQuery extends Schema.TaggedStruct("DeleteQuery", { queryId: Schema.Number }) {}

export const QueryBuilderCommand = Schema.Union(LoadQueries, LoadQuery, LoadQbColumns, SaveQuery, RunQuery, ActivateQuery, DeactivateQuery, DeleteQuery);

// ── events ──────────────────────────────────────────────────────────────────
export class QueriesLoadStarted extends Schema.TaggedStruct("QueriesLoadStarted", {}) {}
export class QueriesLoaded extends Schema.TaggedStruct("QueriesLoaded", { queries: Schema.Array(QuerySummary) }) {}
export class QueriesLoadFailed extends Schema.TaggedStruct("QueriesLoadFailed", { message: Schema.String }) {}
export class QueryLoadStarted extends Schema.TaggedStruct("QueryLoadStarted", { queryId: Schema.Number }) {}
export class QueryLoaded extends Schema.TaggedStruct("QueryLoaded", { query: QueryDetail }) {}
export class QueryLoadFailed extends Schema.TaggedStruct("QueryLoadFailed", { queryId: Schema.Number, message: Schema.String, notFound: Schema.Boolean }) {}
export class QbColumnsLoaded extends Schema.TaggedStruct("QbColumnsLoaded", { views: QbColumns.fields.views }) {}
export class QbColumnsLoadFailed extends Schema.TaggedStruct("QbColumnsLoadFailed", { message: Schema.String }) {}
/** The server's answer to a save: the query as it now is, and the warning when calculating its values failed. */
export class QuerySaved extends Schema.TaggedStruct("QuerySaved", { query: QueryDetail, warning: Schema.NullOr(Schema.String), created: Schema.Boolean }) {}
export class QueryRunStarted extends Schema.TaggedStruct("QueryRunStarted", {}) {}
export class QueryRan extends Schema.TaggedStruct("QueryRan", { result: RunResult }) {}
/** A preview that did not run: the message ("There was a problem running the query…") and the reasons. */
export class QueryRunFailed extends Schema.TaggedStruct("QueryRunFailed", { message: Schema.String, reasons: Schema.Array(Schema.String) }) {}
/** Activated (with the months the KPI now holds) or deactivated: the query as it now is. */
export class QueryStatusChanged extends Schema.TaggedStruct("QueryStatusChanged", { query: QueryDetail, months: Schema.NullOr(Schema.Number) }) {}
export class QueryRemoved extends Schema.TaggedStruct("QueryRemoved", { queryId: Schema.Number }) {}
export class QueryActionFailed extends Schema.TaggedStruct("QueryActionFailed", { action: Schema.String, message: Schema.String, fields: FieldMessages }) {}

export const QueryBuilderEvent = Schema.Union(
  QueriesLoadStarted,
  QueriesLoaded,
  QueriesLoadFailed,
  QueryLoadStarted,
  QueryLoaded,
  QueryLoadFailed,
  QbColumnsLoaded,
  QbColumnsLoadFailed,
  QuerySaved,
  QueryRunStarted,
  QueryRan,
  QueryRunFailed,
  QueryStatusChanged,
  QueryRemoved,
  QueryActionFailed,
);
