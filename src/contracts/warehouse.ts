import { Schema } from "@effect/schema";
import { IsoDate, MonthDate, RequiredText } from "./fields";

/**
 * The warehouse API (/warehouse-api): analytics over a company's uploaded raw business data.
 * The rules behind every figure are in src/domain/warehouse/; these are the wire shapes.
 */

/** A deal's stages in the order a deal moves through them; lost can end any of them. */
export const DEAL_STAGES = ["lead", "mql", "sql", "proposal", "negotiation", "won", "lost"] as const;
export const OPEN_STAGES = ["lead", "mql", "sql", "proposal", "negotiation"] as const;
/** The kinds of raw data, one CSV file each. */
export const RAW_DATA_KINDS = ["deals", "employees", "products", "sales-targets"] as const;
/** The list view variants (spec section 7). */
export const LIST_VIEW_VARIANTS = ["financial", "recurring-revenue", "product-management", "project-profitability", "mql-sql", "employee-count"] as const;
/** What became of a snapshot's deals. */
export const SNAPSHOT_OUTCOMES = ["won", "lost", "advanced", "moved back", "unchanged", "removed", "new"] as const;
/** What a list view column holds. */
export const COLUMN_KINDS = ["text", "month", "date", "count", "money", "percent", "number"] as const;

/** The longest period an analytics request covers. */
export const MAX_PERIOD_MONTHS = 120;

const oneOf = <const T extends readonly string[]>(values: T, message: string) =>
  Schema.String.pipe(Schema.filter((value): value is T[number] => values.includes(value), { message: () => message, jsonSchema: { enum: values } }));

const Stage = Schema.Literal(...DEAL_STAGES);
const OpenStage = Schema.Literal(...OPEN_STAGES);
const Amount = Schema.Number;
const Percent = Schema.NullOr(Schema.Number);

// ── requests ─────────────────────────────────────────────────────────────────
/** The months an analytics view covers, both included (first days of months). */
export const PeriodQuery = Schema.Struct({ from: MonthDate, to: MonthDate });
export type PeriodQuery = typeof PeriodQuery.Type;
export const PERIOD_BACKWARDS = "The period must not end before it starts.";
export const PERIOD_TOO_LONG = `The period may cover at most ${MAX_PERIOD_MONTHS} months.`;

/** The pipeline of a day; today when left out. */
export const PipelineQuery = Schema.Struct({ date: Schema.optional(IsoDate) });

export const ListViewParams = Schema.Struct({
  variant: oneOf(LIST_VIEW_VARIANTS, `Choose one of: ${LIST_VIEW_VARIANTS.join(", ")}.`),
});

export const RawDataParams = Schema.Struct({
  kind: oneOf(RAW_DATA_KINDS, `Choose one of: ${RAW_DATA_KINDS.join(", ")}.`),
});

export const DataIssuesQuery = Schema.Struct({
  kind: Schema.optional(oneOf(RAW_DATA_KINDS, `Choose one of: ${RAW_DATA_KINDS.join(", ")}.`)),
});

/** POST /snapshots/: a name, and the day whose pipeline to keep (today when left out). */
export const NewSnapshot = Schema.Struct({ name: RequiredText(100), date: Schema.optional(IsoDate) });
export type NewSnapshot = typeof NewSnapshot.Type;
export const SNAPSHOT_NAME_TAKEN = "A snapshot with this name already exists.";
export const SNAPSHOT_IN_FUTURE = "A snapshot keeps a pipeline that was: choose today or an earlier day.";

// ── answers ──────────────────────────────────────────────────────────────────
export const DealSizeAnswer = Schema.Struct({
  count: Schema.Number,
  total: Amount,
  average: Schema.NullOr(Amount),
  median: Schema.NullOr(Amount),
  largest: Schema.NullOr(Amount),
  buckets: Schema.Array(Schema.Struct({ from: Amount, to: Amount, count: Schema.Number })),
  months: Schema.Array(Schema.Struct({ month: Schema.String, count: Schema.Number, total: Amount, average: Schema.NullOr(Amount) })),
});
export type DealSizeAnswer = typeof DealSizeAnswer.Type;

export const StagesAnswer = Schema.Struct({
  count: Schema.Number,
  amount: Amount,
  stages: Schema.Array(Schema.Struct({ stage: Stage, label: Schema.String, count: Schema.Number, amount: Amount, share: Percent, averageDays: Schema.NullOr(Schema.Number) })),
});
export type StagesAnswer = typeof StagesAnswer.Type;

export const StagePercentagesAnswer = Schema.Struct({
  count: Schema.Number,
  won: Schema.Number,
  lost: Schema.Number,
  open: Schema.Number,
  winRate: Percent,
  stages: Schema.Array(Schema.Struct({ stage: Stage, label: Schema.String, reached: Schema.Number, percentOfLeads: Percent, percentOfPrevious: Percent })),
});
export type StagePercentagesAnswer = typeof StagePercentagesAnswer.Type;

export const SalesTargetAnswer = Schema.Struct({
  won: Amount,
  target: Amount,
  attainment: Percent,
  months: Schema.Array(
    Schema.Struct({ month: Schema.String, won: Amount, target: Schema.NullOr(Amount), cumulativeWon: Amount, cumulativeTarget: Amount, attainment: Percent }),
  ),
});
export type SalesTargetAnswer = typeof SalesTargetAnswer.Type;

/** GET /warehouse-api/sales/marimekko/: the period's deals by stage (column width) and size band (domain/warehouse/sales-mix.ts). */
export const StageSizeMixAnswer = Schema.Struct({
  count: Schema.Number,
  amount: Amount,
  bands: Schema.Array(Schema.Struct({ key: Schema.String, from: Amount, to: Schema.NullOr(Amount) })),
  stages: Schema.Array(
    Schema.Struct({
      stage: Stage,
      label: Schema.String,
      count: Schema.Number,
      amount: Amount,
      share: Percent,
      segments: Schema.Array(Schema.Struct({ band: Schema.String, count: Schema.Number, amount: Amount, share: Percent })),
    }),
  ),
});
export type StageSizeMixAnswer = typeof StageSizeMixAnswer.Type;

/** GET /warehouse-api/sales/development-share/: won value by product category, month by month as shares. */
export const DevelopmentShareAnswer = Schema.Struct({
  won: Amount,
  categories: Schema.Array(Schema.Struct({ key: Schema.String, label: Schema.String, amount: Amount, share: Percent })),
  months: Schema.Array(Schema.Struct({ month: Schema.String, won: Amount, values: Schema.Array(Schema.Struct({ amount: Amount, share: Percent })) })),
});
export type DevelopmentShareAnswer = typeof DevelopmentShareAnswer.Type;

/** GET /warehouse-api/recommendations/: what the period's figures suggest doing (domain/warehouse/recommendations.ts). */
export const RecommendationsAnswer = Schema.Struct({
  recommendations: Schema.Array(
    Schema.Struct({
      rule: Schema.Literal("target-gap", "target-reached", "excluded-rows", "overdue-deals", "weakest-step", "concentration"),
      tone: Schema.Literal("warning", "info", "good"),
      title: Schema.String,
      text: Schema.String,
      href: Schema.NullOr(Schema.String),
    }),
  ),
});
export type RecommendationsAnswer = typeof RecommendationsAnswer.Type;

const StageAmounts = Schema.Struct({ lead: Amount, mql: Amount, sql: Amount, proposal: Amount, negotiation: Amount });

export const PipelineAnswer = Schema.Struct({
  date: Schema.String,
  count: Schema.Number,
  amount: Amount,
  weighted: Amount,
  stages: Schema.Array(Schema.Struct({ stage: OpenStage, label: Schema.String, count: Schema.Number, amount: Amount, weighted: Amount })),
  closeMonths: Schema.Array(Schema.Struct({ key: Schema.String, label: Schema.String, amount: Amount, byStage: StageAmounts })),
});
export type PipelineAnswer = typeof PipelineAnswer.Type;

const Cell = Schema.NullOr(Schema.Union(Schema.String, Schema.Number));
export const ListViewAnswer = Schema.Struct({
  variant: Schema.Literal(...LIST_VIEW_VARIANTS),
  title: Schema.String,
  description: Schema.String,
  columns: Schema.Array(Schema.Struct({ key: Schema.String, label: Schema.String, kind: Schema.Literal(...COLUMN_KINDS) })),
  rows: Schema.Array(Schema.Struct({ key: Schema.String, cells: Schema.Record({ key: Schema.String, value: Cell }) })),
});
export type ListViewAnswer = typeof ListViewAnswer.Type;

export const DataIssuesAnswer = Schema.Struct({
  /** Rows per kind, and how many of them no metric reads. */
  kinds: Schema.Array(Schema.Struct({ kind: Schema.Literal(...RAW_DATA_KINDS), rows: Schema.Number, issues: Schema.Number, excludedRows: Schema.Number })),
  issues: Schema.Array(
    Schema.Struct({ kind: Schema.Literal(...RAW_DATA_KINDS), key: Schema.String, rule: Schema.String, field: Schema.String, message: Schema.String, excluded: Schema.Boolean }),
  ),
  /** Issues beyond the listed ones (the list stops at a thousand). */
  more: Schema.Number,
});
export type DataIssuesAnswer = typeof DataIssuesAnswer.Type;

export const SnapshotSummary = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  asOf: Schema.String,
  takenAt: Schema.String,
  takenBy: Schema.NullOr(Schema.String),
  count: Schema.Number,
  amount: Amount,
  weighted: Amount,
});
export type SnapshotSummary = typeof SnapshotSummary.Type;

export const SnapshotComparisonAnswer = Schema.Struct({
  snapshot: SnapshotSummary,
  stages: Schema.Array(Schema.Struct({ stage: OpenStage, label: Schema.String, thenCount: Schema.Number, thenAmount: Amount, nowCount: Schema.Number, nowAmount: Amount })),
  outcomes: Schema.Array(Schema.Struct({ outcome: Schema.Literal(...SNAPSHOT_OUTCOMES), count: Schema.Number, amount: Amount })),
  deals: Schema.Array(
    Schema.Struct({
      key: Schema.String,
      name: Schema.String,
      thenStage: Schema.NullOr(OpenStage),
      nowStage: Schema.NullOr(Stage),
      thenAmount: Schema.NullOr(Amount),
      nowAmount: Schema.NullOr(Amount),
      outcome: Schema.Literal(...SNAPSHOT_OUTCOMES),
    }),
  ),
});
export type SnapshotComparisonAnswer = typeof SnapshotComparisonAnswer.Type;

export const RawDataAnswer = Schema.Struct({
  kinds: Schema.Array(
    Schema.Struct({
      kind: Schema.Literal(...RAW_DATA_KINDS),
      label: Schema.String,
      rows: Schema.Number,
      columns: Schema.Array(Schema.Struct({ name: Schema.String, required: Schema.Boolean, help: Schema.String })),
      lastUpload: Schema.NullOr(Schema.Struct({ fileName: Schema.String, rows: Schema.Number, at: Schema.String, by: Schema.NullOr(Schema.String) })),
    }),
  ),
});
export type RawDataAnswer = typeof RawDataAnswer.Type;

export const UploadAnswer = Schema.Struct({ kind: Schema.Literal(...RAW_DATA_KINDS), rows: Schema.Number, issues: Schema.Number, detail: Schema.String });
export type UploadAnswer = typeof UploadAnswer.Type;

/** The 400 of an upload with unreadable cells: nothing was written; `rows` lists every problem by row and column. */
export const UPLOAD_HAS_ERRORS = "The file has errors. Nothing was imported: correct the rows listed and upload it again.";
