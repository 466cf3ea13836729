import { Schema } from "@effect/schema";
import { List, RecordId, Text, WholeNumberFromString } from "./fields";

/**
 * The accounting import wizard's API (/api/integration/accounting/…): the setup as one read
 * model, the financial statement, the import (a ZIP of CSV files), its bookings, open positions
 * and accounts, the category mapping and the completion that writes the P&L actuals.
 */

export const LineSide = Schema.Literal("income", "expense");
export type LineSide = typeof LineSide.Type;

export const SetupStatus = Schema.Literal("not_started", "completed");
export type SetupStatus = typeof SetupStatus.Type;

export const StatementLine = Schema.Struct({ kpi: RecordId, side: LineSide });

/** A KPI that can be a statement line: stored (not calculated), money, of a financial category. */
export const StatementKpi = Schema.Struct({
  id: Schema.Number,
  name: Schema.String,
  parentId: Schema.NullOr(Schema.Number),
  /** The side it takes unless chosen: income where higher is better, else expense. */
  defaultSide: LineSide,
  /** The person may write its values (its sensitivity): only such KPIs can be lines. */
  writable: Schema.Boolean,
});

export const StatementCategory = Schema.Struct({ id: Schema.Number, name: Schema.String, kpis: Schema.Array(StatementKpi) });

export const ImportSummary = Schema.Struct({
  id: Schema.Number,
  fileName: Schema.String,
  uploadedAt: Schema.String,
  uploadedBy: Schema.NullOr(Schema.String),
  firstMonth: Schema.NullOr(Schema.String),
  lastMonth: Schema.NullOr(Schema.String),
  accounts: Schema.Number,
  bookings: Schema.Number,
  debtors: Schema.Number,
  creditors: Schema.Number,
});
export type ImportSummary = typeof ImportSummary.Type;

export const AccountingSetup = Schema.Struct({
  status: SetupStatus,
  completedAt: Schema.NullOr(Schema.String),
  statement: Schema.Struct({ categoryId: Schema.NullOr(Schema.Number), lines: Schema.Array(StatementLine) }),
  categories: Schema.Array(StatementCategory),
  import: Schema.NullOr(ImportSummary),
  /** P&L accounts of the import that need a category, and how many still lack one. */
  mapping: Schema.Struct({ needed: Schema.Number, missing: Schema.Number }),
  /** The demo company has a sample archive (the wizard offers "Use the sample archive"). */
  sampleAvailable: Schema.Boolean,
});
export type AccountingSetup = typeof AccountingSetup.Type;

export const SaveStatementRequest = Schema.Struct({
  categoryId: RecordId,
  lines: List(StatementLine, 500, { min: 1, tooFew: "Choose at least one KPI of the statement." }),
});

export const Page = Schema.Struct({
  offset: Schema.optional(WholeNumberFromString(0, 10_000_000)),
  limit: Schema.optional(WholeNumberFromString(1, 500)),
});

const Month = Schema.String.pipe(Schema.filter((text) => /^\d{4}-(0[1-9]|1[0-2])$/.test(text) || "must be a month like 2026-04", { jsonSchema: { pattern: "^\\d{4}-(0[1-9]|1[0-2])$" } }));

export const BookingsQuery = Schema.Struct({
  ...Page.fields,
  /** Only bookings that debit or credit this account. */
  account: Schema.optional(Text(20)),
  /** Only bookings of this month (YYYY-MM). */
  month: Schema.optional(Month),
});

export const Booking = Schema.Struct({
  line: Schema.Number,
  date: Schema.String,
  debitAccount: Schema.String,
  creditAccount: Schema.String,
  amount: Schema.Number,
  documentNumber: Schema.String,
  text: Schema.String,
});
export type Booking = typeof Booking.Type;

export const BookingsPage = Schema.Struct({ count: Schema.Number, offset: Schema.Number, limit: Schema.Number, results: Schema.Array(Booking) });
export type BookingsPage = typeof BookingsPage.Type;

export const OpenPositionKind = Schema.Literal("debtor", "creditor");
export type OpenPositionKind = typeof OpenPositionKind.Type;

export const OpenPositionsQuery = Schema.Struct({ ...Page.fields, kind: OpenPositionKind });

export const OpenPosition = Schema.Struct({
  line: Schema.Number,
  number: Schema.String,
  name: Schema.String,
  documentNumber: Schema.String,
  documentDate: Schema.String,
  dueDate: Schema.NullOr(Schema.String),
  amount: Schema.Number,
});
export type OpenPosition = typeof OpenPosition.Type;

export const OpenPositionsPage = Schema.Struct({
  kind: OpenPositionKind,
  count: Schema.Number,
  offset: Schema.Number,
  limit: Schema.Number,
  /** The open amount of all positions of the kind, not only this page's. */
  total: Schema.Number,
  results: Schema.Array(OpenPosition),
});
export type OpenPositionsPage = typeof OpenPositionsPage.Type;

export const AccountRow = Schema.Struct({
  number: Schema.String,
  name: Schema.String,
  type: Schema.Literal("revenue", "expense", "asset", "liability", "equity"),
  bookings: Schema.Number,
  /** Debits − credits over the import. */
  balance: Schema.Number,
  /** A P&L account with bookings: it needs a category. */
  needsCategory: Schema.Boolean,
  /** The chosen category: a statement line's KPI id, null for "not part of the statement"; absent: none chosen yet. */
  category: Schema.optional(Schema.NullOr(Schema.Number)),
});
export type AccountRow = typeof AccountRow.Type;

export const AccountsList = Schema.Struct({ results: Schema.Array(AccountRow) });

export const SaveMappingRequest = Schema.Struct({
  accounts: List(Schema.Struct({ account: Text(20), category: Schema.NullOr(RecordId) }), 20_000),
});

export const CompletedSetup = Schema.Struct({
  setup: AccountingSetup,
  /** KPI months written, and the months they cover. */
  written: Schema.Struct({ values: Schema.Number, firstMonth: Schema.NullOr(Schema.String), lastMonth: Schema.NullOr(Schema.String) }),
});

// ── texts ───────────────────────────────────────────────────────────────────
export const ARCHIVE_HAS_ERRORS = "The archive has errors. Nothing was imported: correct the rows listed and upload it again.";
export const CHOOSE_STATEMENT_FIRST = "Set up the financial statement first.";
export const UPLOAD_FIRST = "Upload the raw data first.";
export const NOT_A_STATEMENT_LINE = "is not a line of the financial statement";
export const NO_SUCH_ACCOUNT = "is not an account of the current import";
export const NO_SAMPLE = "There is no sample archive for this company.";
export const LINE_NOT_WRITABLE = "You may not write the values of this KPI.";
export const NOT_A_STATEMENT_KPI = "must be a KPI of the chosen category that holds money and is not calculated";
