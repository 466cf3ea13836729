import { Schema } from "@effect/schema";
import { HistoryBucket, KpiAggregatesResult } from "./kpis";
import { List, MonthDate, RecordId, RequiredText, Text } from "./fields";

/**
 * Investor reporting (issue 14; spec sections 3–9): a company's reports to its investors. A
 * report has ordered sections, each of a variant with its settings; its data is computed per
 * section slug. Status: draft → approved → sent. An approved or sent report is frozen: the data of
 * every section is stored at approval and served from then on; a draft is recalculated on load.
 *
 * Access (spec section 6; not on a holding instance, which answers 403): writers
 * (write_investor_reporting) and staff see and change every report of the company; readers
 * (read_investor_reporting) see the visible reports shared with them. Any other report id answers
 * 404 REPORT_NOT_FOUND. Figures are in the company's local currency, each KPI as its reader may
 * read it (its effective sensitivity).
 */

export const REPORT_STATUSES = ["draft", "approved", "sent"] as const;
export const ReportStatus = Schema.Literal(...REPORT_STATUSES);
export type ReportStatus = typeof ReportStatus.Type;

/**
 * Section variants (spec section 3). deepdrill and chartgenius are declared for the issues that
 * fill them; creating one answers 400 until then (CREATABLE_VARIANTS lists the others).
 */
export const SECTION_VARIANTS = ["financial_reporting", "kpi", "planning", "forecasting", "chart", "text", "attachments", "deepdrill", "chartgenius"] as const;
export const SectionVariant = Schema.Literal(...SECTION_VARIANTS);
export type SectionVariant = typeof SectionVariant.Type;
export const CREATABLE_VARIANTS: readonly SectionVariant[] = ["financial_reporting", "kpi", "planning", "forecasting", "chart", "text", "attachments"];
/** Variants whose data are KPI figures (category, KPIs, ranges, comparison). */
export const KPI_VARIANTS: readonly SectionVariant[] = ["financial_reporting", "kpi", "planning", "forecasting"];

/** How a KPI section is laid out (spec: selectedView). */
export const SectionView = Schema.Literal("actual_comparison", "flexible_columns");
export type SectionView = typeof SectionView.Type;

/** The period one column of a KPI section covers: a month, a quarter or a (fiscal) year. */
export const SectionViewType = Schema.Literal("month", "quarter", "year");
export type SectionViewType = typeof SectionViewType.Type;

/** Spec section 9: texts and defaults. */
export const REPORT_NAME_TAKEN_CLIENT = "This report name is already taken";
export const REPORT_NAME_TAKEN_API = "A report with this name already exists.";
export const DEFAULT_EXPORT_THEME = "dark";
export const DEFAULT_EXPORT_STATUS = "approved";

/**
 * A section's settings; which apply depends on the variant (KPI variants: category, KPIs, view
 * type, the reported range `to…` and the comparison range `from…`, the switches; chart: chartId).
 * Left out on creation they take the variant's defaults (a new KPI section shows comments,
 * percent deviation and deviation and compares with planning, spec section 9). Ranges are months
 * (YYYY-MM-01); left null the reported range is the twelve months to the report's end date and
 * the comparison range the twelve before them.
 */
export const SectionSettings = Schema.Struct({
  categoryId: Schema.optional(Schema.NullOr(RecordId)),
  kpiIds: Schema.optional(List(RecordId, 100)),
  viewType: Schema.optional(SectionViewType),
  fromStartDate: Schema.optional(Schema.NullOr(MonthDate)),
  fromEndDate: Schema.optional(Schema.NullOr(MonthDate)),
  toStartDate: Schema.optional(Schema.NullOr(MonthDate)),
  toEndDate: Schema.optional(Schema.NullOr(MonthDate)),
  compareWithPlanning: Schema.optional(Schema.Boolean),
  showComments: Schema.optional(Schema.Boolean),
  percentDeviation: Schema.optional(Schema.Boolean),
  deviation: Schema.optional(Schema.Boolean),
  chartId: Schema.optional(Schema.NullOr(RecordId)),
});
export type SectionSettings = typeof SectionSettings.Type;

/**
 * A text section's content: rich text as HTML. The server keeps only what its allow-list passes
 * (paragraphs, two heading levels, bold, italic, underline, strike, lists, quotes, http(s) and
 * mailto links; `server/features/investor-reporting/rich-text.ts`), so stored HTML is safe to show.
 */
export const RICH_TEXT_MAX = 100_000;
export const TextContent = Schema.Struct({ html: Text(RICH_TEXT_MAX) });
export type TextContent = typeof TextContent.Type;
export const EMPTY_TEXT: TextContent = { html: "" };

export const ReportSection = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  /** Keys the section's data; unique in the report and never reused. */
  slug: Schema.String,
  variant: SectionVariant,
  selectedView: SectionView,
  position: Schema.Number,
  settings: SectionSettings,
  /** Text sections only; null for the others. */
  content: Schema.NullOr(TextContent),
});
export type ReportSection = typeof ReportSection.Type;

export const ReportUser = Schema.Struct({ id: Schema.Number, name: Schema.String });

/** A recipient and, once sent, when their personal link was first and last opened. */
export const ReportRecipient = Schema.Struct({
  id: Schema.Number,
  email: Schema.String,
  name: Schema.String,
  lastSentAt: Schema.NullOr(Schema.String),
  firstOpenedAt: Schema.NullOr(Schema.String),
  lastOpenedAt: Schema.NullOr(Schema.String),
  openCount: Schema.Number,
});
export type ReportRecipient = typeof ReportRecipient.Type;

export const ReportAttachment = Schema.Struct({ id: Schema.Number, fileName: Schema.String, mediaType: Schema.String, size: Schema.Number, uploadedAt: Schema.String });
export type ReportAttachment = typeof ReportAttachment.Type;

/** Who changed the status, when. */
export const StatusStamp = Schema.NullOr(Schema.Struct({ by: ReportUser, at: Schema.String }));

export const ReportSummary = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  status: ReportStatus,
  isVisible: Schema.Boolean,
  /** The month the report runs to (YYYY-MM-01). */
  endDate: Schema.String,
  owner: ReportUser,
  approved: StatusStamp,
  sent: StatusStamp,
  updatedAt: Schema.String,
  /** The reader may change it (writers and staff). */
  canEdit: Schema.Boolean,
});
export type ReportSummary = typeof ReportSummary.Type;

/** GET /investor-reporting/reports/{id}/: recipients and shares only for writers (empty for readers). */
export const InvestorReport = Schema.Struct({
  ...ReportSummary.fields,
  schema: Schema.Struct({ sections: Schema.Array(ReportSection) }),
  attachments: Schema.Array(ReportAttachment),
  recipients: Schema.Array(ReportRecipient),
  shares: Schema.Array(ReportUser),
});
export type InvestorReport = typeof InvestorReport.Type;

export const ReportsResponse = Schema.Struct({ reports: Schema.Array(ReportSummary) });

/** POST /investor-reporting/reports/: a new draft, empty or with a template's sections. */
export const NewReport = Schema.Struct({
  name: RequiredText(150, "Enter a name for the report."),
  endDate: MonthDate,
  templateId: Schema.optional(RecordId),
});
/** PATCH /investor-reporting/reports/{id}/ (update-meta): name, end date, visibility. */
export const ReportPatch = Schema.Struct({
  name: Schema.optional(RequiredText(150, "Enter a name for the report.")),
  endDate: Schema.optional(MonthDate),
  isVisible: Schema.optional(Schema.Boolean),
});
export const DuplicateReport = Schema.Struct({ name: RequiredText(150, "Enter a name for the report.") });
/** PUT /investor-reporting/reports/{id}/shares/: the readers it is shared with, the whole list. */
export const ReportShares = Schema.Struct({ userIds: List(RecordId, 500) });
/** GET /investor-reporting/share-candidates/: the active people who may read investor reports, by name (no e-mail addresses). */
export const ReportShareCandidates = Schema.Struct({ users: Schema.Array(ReportUser) });

/** POST /investor-reporting/reports/{id}/sections/: name left out: the next "Section n". */
export const NewSection = Schema.Struct({
  variant: SectionVariant,
  name: Schema.optional(RequiredText(150, "Enter a name for the section.")),
  selectedView: Schema.optional(SectionView),
  settings: Schema.optional(SectionSettings),
  content: Schema.optional(TextContent),
});
export const SectionPatch = Schema.Struct({
  name: Schema.optional(RequiredText(150, "Enter a name for the section.")),
  selectedView: Schema.optional(SectionView),
  settings: Schema.optional(SectionSettings),
  content: Schema.optional(TextContent),
});
/** PUT /investor-reporting/reports/{id}/sections/positions/: every section id once, in the new order. */
export const SectionPositions = Schema.Struct({ ids: List(RecordId, 50) });

export const SectionVariantInfo = Schema.Struct({ variant: SectionVariant, label: Schema.String, creatable: Schema.Boolean, views: Schema.Array(SectionView) });
export const SectionVariantsResponse = Schema.Struct({ variants: Schema.Array(SectionVariantInfo) });

/** One KPI's figures in a section: history over the reported range, the comparison range, aggregates at its end. */
export const SectionKpiData = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  unit: Schema.String,
  /** Whether more is better (revenue) or worse (a cost): colours a deviation. Absent in figures frozen before it was kept. */
  higherIsBetter: Schema.optional(Schema.Boolean),
  history: Schema.Array(HistoryBucket),
  comparison: Schema.Array(HistoryBucket),
  aggregates: Schema.NullOr(KpiAggregatesResult),
});
const Range = Schema.Struct({ startDate: Schema.String, endDate: Schema.String });
export const SectionData = Schema.Union(
  Schema.Struct({
    kind: Schema.Literal("kpis"),
    categoryId: Schema.NullOr(Schema.Number),
    viewType: SectionViewType,
    to: Range,
    from: Range,
    compareWithPlanning: Schema.Boolean,
    showComments: Schema.Boolean,
    percentDeviation: Schema.Boolean,
    deviation: Schema.Boolean,
    kpis: Schema.Array(SectionKpiData),
  }),
  Schema.Struct({
    kind: Schema.Literal("chart"),
    chartId: Schema.NullOr(Schema.Number),
    name: Schema.NullOr(Schema.String),
    series: Schema.Array(Schema.String),
    kpis: Schema.Array(Schema.Struct({ id: Schema.Number, name: Schema.String, unit: Schema.String, buckets: Schema.Array(HistoryBucket) })),
  }),
  Schema.Struct({ kind: Schema.Literal("text"), content: TextContent }),
  Schema.Struct({ kind: Schema.Literal("attachments"), attachments: Schema.Array(ReportAttachment) }),
);
export type SectionData = typeof SectionData.Type;

/** GET /investor-reporting/reports/{id}/data/: each section's data by slug, frozen or recalculated. */
export const ReportData = Schema.Struct({
  status: ReportStatus,
  source: Schema.Literal("frozen", "recalculated"),
  /** When the figures were computed: the approval for a frozen report, now for a draft. */
  computedAt: Schema.String,
  currency: Schema.String,
  data: Schema.Record({ key: Schema.String, value: SectionData }),
});
export type ReportData = typeof ReportData.Type;

export const RecipientInput = Schema.Struct({ email: Schema.String.pipe(Schema.filter((text) => /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,60}$/.test(text.trim()) || "Enter a valid e-mail address.")), name: Schema.optionalWith(Text(150), { default: () => "" }) });
/** POST /investor-reporting/reports/{id}/recipients/ */
export const RecipientsRequest = Schema.Struct({
  action: Schema.Literal("notify", "remove", "add", "set"),
  recipients: List(RecipientInput, 200),
});

/** POST /investor-reporting/reports/{id}/send/: subject required (SUBJECT_REQUIRED), attachPdf, theme. */
export const SendReport = Schema.Struct({
  subject: Schema.String.pipe(Schema.filter((text) => (text.trim().length > 0 ? text.length <= 200 || "must be at most 200 characters" : "Subject is a required field"))),
  message: Schema.optionalWith(Text(10_000), { default: () => "" }),
  attachPdf: Schema.optionalWith(Schema.Boolean, { default: () => false }),
  theme: Schema.optionalWith(Schema.Literal("light", "dark"), { default: () => DEFAULT_EXPORT_THEME as "dark" }),
});
/**
 * POST /investor-reporting/reports/{id}/export/pdf/: the board pack as a PDF (spec: export-pdf with
 * theme and status; default theme dark, DEFAULT_EXPORT_THEME). Answers application/pdf.
 */
export const ReportPdfRequest = Schema.Struct({
  theme: Schema.optionalWith(Schema.Literal("light", "dark"), { default: () => DEFAULT_EXPORT_THEME as "dark" }),
});

/** Sending's answer: 'Successfully sent {count} e-mails.' and whose mail failed. */
export const SendOutcome = Schema.Struct({ detail: Schema.String, sent: Schema.Number, failures: Schema.Array(Schema.Struct({ email: Schema.String, error: Schema.String })) });

export const ReportTemplate = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  sections: Schema.Array(Schema.Struct({ name: Schema.String, variant: SectionVariant, selectedView: SectionView, settings: SectionSettings })),
  createdAt: Schema.String,
});
export type ReportTemplate = typeof ReportTemplate.Type;
export const TemplatesResponse = Schema.Struct({ templates: Schema.Array(ReportTemplate) });
/** POST /investor-reporting/schema-templates/: a report's schema (sections without figures or texts) saved under a name. */
export const NewTemplate = Schema.Struct({ name: RequiredText(150, "Enter a name for the template."), reportId: RecordId });
