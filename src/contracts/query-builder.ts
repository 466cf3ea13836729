import { Schema } from "@effect/schema";
import { RecordId, RequiredText, Text } from "./fields";

/**
 * The query builder (spec sections 2, 3, 4, 7, 8): user-written SQL that computes one KPI's
 * monthly values. The SQL reads only the views of the `qb` schema below; see docs/decisions.md,
 * "Query builder", for the security design and the result contract.
 */

// ── texts (spec section 5 and 8) ────────────────────────────────────────────
export const KPI_ALREADY_ASSIGNED = "The KPI is already assigned in another query";
export const SYNTAX_INCORRECT = "The query's syntax is incorrect.";
export const RUN_PROBLEM = "There was a problem running the query, please check the syntax...";
export const EVALUATION_FAILED_WARNING = "The query was saved, but calculating the KPI's values failed; the KPI keeps its previous values.";
export const KPI_NOT_CALCULABLE = "A calculated KPI gets its values from its formula; choose a KPI that stores its values.";
export const DEACTIVATE_BEFORE_DELETE = "Deactivate the query before deleting it.";
export const QUERY_ALREADY_ACTIVE = "The query is already active.";
export const QUERY_NOT_ACTIVE = "The query is not active.";

// ── limits ──────────────────────────────────────────────────────────────────
/** The longest query text: far above any KPI query, small enough to parse and check at once. */
export const MAX_SQL_LENGTH = 20_000;
export const MAX_TITLE_LENGTH = 200;
/** Rows a preview shows. */
export const PREVIEW_ROWS = 100;
/** Rows an evaluation may return: one per month, 100 years. */
export const MAX_RESULT_MONTHS = 1_200;

/** A query's state: a draft computes nothing; an active query's results are its KPI's actuals. */
export const QueryStatus = Schema.Literal("draft", "active");
export type QueryStatus = typeof QueryStatus.Type;

/** A row of the overview (spec: title, KPI name, KPI id, creator, created, updated, status, action). */
export const QuerySummary = Schema.Struct({
  id: Schema.Number,
  title: Schema.String,
  kpiId: Schema.Number,
  kpiName: Schema.String,
  creator: Schema.NullOr(Schema.String),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  status: QueryStatus,
  /** When the KPI's values were last calculated from it (null: never). */
  evaluatedAt: Schema.NullOr(Schema.String),
  /** Why the last nightly calculation of an active query failed (its KPI kept its values); null when it worked. */
  evaluationError: Schema.NullOr(Schema.String),
});
export type QuerySummary = typeof QuerySummary.Type;

export const QueryDetail = Schema.Struct({ ...QuerySummary.fields, sql: Schema.String });
export type QueryDetail = typeof QueryDetail.Type;

export const QueryList = Schema.Struct({ queries: Schema.Array(QuerySummary) });

const SqlText = RequiredText(MAX_SQL_LENGTH, "Write the query.");
const Title = RequiredText(MAX_TITLE_LENGTH, "Give the query a title.");

export const NewQuery = Schema.Struct({ title: Title, kpi: RecordId, sql: SqlText });
export type NewQuery = typeof NewQuery.Type;

export const QueryChange = Schema.Struct({ title: Schema.optional(Title), kpi: Schema.optional(RecordId), sql: Schema.optional(SqlText) });
export type QueryChange = typeof QueryChange.Type;

/**
 * What saving answers: the query, and when an active query's new text could not calculate its
 * KPI's values, the warning (the text is saved; the values stay as they were).
 */
export const SavedQuery = Schema.Struct({ query: QueryDetail, warning: Schema.NullOr(Schema.String) });
export type SavedQuery = typeof SavedQuery.Type;

/** Deactivating: keep the values the query calculated as the KPI's history, or delete them. */
export const Deactivation = Schema.Struct({ values: Schema.Literal("keep", "delete") });

/** The outcome of an activation: how many months the KPI's history now holds. */
export const Activated = Schema.Struct({ query: QueryDetail, months: Schema.Number });

export const RunRequest = Schema.Struct({
  sql: SqlText,
  /** The KPI the query is for: the run reads only values at most as sensitive as it (see decisions). */
  kpi: Schema.optional(RecordId),
});

/** A cell as JSON carries it: numbers, text (dates, timestamps and decimals as the database writes them), booleans, null. */
export const Cell = Schema.Union(Schema.Number, Schema.String, Schema.Boolean, Schema.Null);

export const RunResult = Schema.Struct({
  columns: Schema.Array(Schema.String),
  rows: Schema.Array(Schema.Array(Cell)),
  /** More rows than the preview shows. */
  truncated: Schema.Boolean,
  /** Whether the result fits the contract (month and value columns, one row per month); why not, if not. */
  monthlyValues: Schema.Struct({ ok: Schema.Boolean, months: Schema.Number, problems: Schema.Array(Schema.String) }),
});
export type RunResult = typeof RunResult.Type;

// ── the readable views (column fetch) ───────────────────────────────────────
export interface QbColumn {
  readonly name: string;
  /** As PostgreSQL's format_type writes it. */
  readonly type: string;
  readonly description: string;
}
export interface QbView {
  readonly name: string;
  readonly description: string;
  readonly columns: readonly QbColumn[];
}

/**
 * The views of the `qb` schema: all a query can read. Each shows only the caller's company and
 * only KPIs (and their values) at most as sensitive as the caller may read and as the query's KPI
 * is. Created by migration 0011; a test compares this list with the database.
 */
export const QB_VIEWS: readonly QbView[] = [
  {
    name: "kpis",
    description: "The KPIs you may read",
    columns: [
      { name: "id", type: "bigint", description: "The KPI id" },
      { name: "key", type: "text", description: "Its key, as formulas name it" },
      { name: "name", type: "text", description: "Its name" },
      { name: "unit", type: "text", description: "number, percentage, currency, seconds, days, months, years, positions or binary" },
      { name: "aggregation_type", type: "text", description: "cum (sums), ad (averages) or dd (last value)" },
      { name: "category_id", type: "bigint", description: "Its category (qb.kpi_categories.id)" },
      { name: "parent_id", type: "bigint", description: "Its parent KPI, if any" },
      { name: "sensitivity", type: "smallint", description: "0 (non-sensitive) to 3 (super sensitive)" },
      { name: "higher_is_better", type: "boolean", description: "Whether a higher value is good" },
      { name: "is_calculated", type: "boolean", description: "Whether a formula calculates it (such KPIs store no values)" },
    ],
  },
  {
    name: "kpi_categories",
    description: "The KPI categories",
    columns: [
      { name: "id", type: "bigint", description: "The category id" },
      { name: "name", type: "text", description: "Its name" },
      { name: "kind", type: "text", description: "kpi or financial" },
    ],
  },
  {
    name: "kpi_values",
    description: "The stored monthly values of the KPIs you may read",
    columns: [
      { name: "kpi_id", type: "bigint", description: "The KPI (qb.kpis.id)" },
      { name: "dimension_key", type: "text", description: "Empty for the KPI itself; a dimension's key otherwise" },
      { name: "series", type: "text", description: "actual or planning" },
      { name: "month", type: "date", description: "The first day of the month" },
      { name: "value", type: "double precision", description: "The value, in the company's currency for money" },
    ],
  },
  {
    name: "fx_rates",
    description: "The company's named FX rates",
    columns: [
      { name: "id", type: "bigint", description: "The FX rate id" },
      { name: "name", type: "text", description: "Its name" },
      { name: "currency", type: "character(3)", description: "The currency it converts to" },
    ],
  },
  {
    name: "fx_rate_values",
    description: "The dated values of the named FX rates",
    columns: [
      { name: "fx_rate_id", type: "bigint", description: "The FX rate (qb.fx_rates.id)" },
      { name: "valid_from", type: "date", description: "The first month it applies to" },
      { name: "rate", type: "double precision", description: "Units of the currency for one unit of the company's currency" },
    ],
  },
];

export const QbColumns = Schema.Struct({
  views: Schema.Array(Schema.Struct({ name: Schema.String, description: Schema.String, columns: Schema.Array(Schema.Struct({ name: Schema.String, type: Schema.String, description: Schema.String })) })),
});

/** Text of an optional search in the overview. */
export const QueryListQuery = Schema.Struct({ search: Schema.optional(Text(200)) });
