import { Schema } from "@effect/schema";
import { AccountingSetup, AccountRow, BookingsPage, LineSide, OpenPositionKind, OpenPositionsPage } from "../accounting";

/** The accounting import wizard (/integration/{name}/wizard). */

// ── commands ────────────────────────────────────────────────────────────────
export class LoadAccountingSetup extends Schema.TaggedStruct("LoadAccountingSetup", {}) {}
export class SaveAccountingStatement extends Schema.TaggedStruct("SaveAccountingStatement", {
  categoryId: Schema.Number,
  lines: Schema.Array(Schema.Struct({ kpi: Schema.Number, side: LineSide })),
}) {}
/** The ZIP archive; the file itself is not kept in a session log. */
export class UploadAccountingArchive extends Schema.TaggedStruct("UploadAccountingArchive", {
  file: Schema.declare((value: unknown): value is Blob => typeof Blob !== "undefined" && value instanceof Blob),
  fileName: Schema.String,
}) {}
export class UseSampleArchive extends Schema.TaggedStruct("UseSampleArchive", {}) {}
export class DownloadSampleArchive extends Schema.TaggedStruct("DownloadSampleArchive", {}) {}
export class DeleteAccountingImport extends Schema.TaggedStruct("DeleteAccountingImport", { importId: Schema.Number }) {}
export class LoadAccountingBookings extends Schema.TaggedStruct("LoadAccountingBookings", {
  importId: Schema.Number,
  offset: Schema.Number,
  limit: Schema.Number,
  account: Schema.NullOr(Schema.String),
  month: Schema.NullOr(Schema.String),
}) {}
export class LoadOpenPositions extends Schema.TaggedStruct("LoadOpenPositions", { importId: Schema.Number, kind: OpenPositionKind, offset: Schema.Number, limit: Schema.Number }) {}
export class LoadAccountingAccounts extends Schema.TaggedStruct("LoadAccountingAccounts", { importId: Schema.Number }) {}
export class SaveAccountMapping extends Schema.TaggedStruct("SaveAccountMapping", {
  accounts: Schema.Array(Schema.Struct({ account: Schema.String, category: Schema.NullOr(Schema.Number) })),
}) {}
export class CompleteAccountingSetup extends Schema.TaggedStruct("CompleteAccountingSetup", {}) {}

export const AccountingCommand = Schema.Union(
  LoadAccountingSetup,
  SaveAccountingStatement,
  UploadAccountingArchive,
  UseSampleArchive,
  DownloadSampleArchive,
  DeleteAccountingImport,
  LoadAccountingBookings,
  LoadOpenPositions,
  LoadAccountingAccounts,
  SaveAccountMapping,
  CompleteAccountingSetup,
);

// ── events ──────────────────────────────────────────────────────────────────
/** What a change of the wizard was: each has its own busy state and its own place for errors. */
export const AccountingChange = Schema.Literal("statement", "upload", "delete", "mapping", "complete");
export type AccountingChange = typeof AccountingChange.Type;

export class AccountingSetupLoadStarted extends Schema.TaggedStruct("AccountingSetupLoadStarted", {}) {}
export class AccountingSetupLoaded extends Schema.TaggedStruct("AccountingSetupLoaded", { setup: AccountingSetup }) {}
export class AccountingSetupLoadFailed extends Schema.TaggedStruct("AccountingSetupLoadFailed", { message: Schema.String }) {}

/** A change was sent: the upload is "being checked", the import "being deleted". */
export class AccountingChangeStarted extends Schema.TaggedStruct("AccountingChangeStarted", { change: AccountingChange, fileName: Schema.NullOr(Schema.String) }) {}
/** The server's answer after a change: the whole setup as it now is, and for a completion what it wrote. */
export class AccountingSetupChanged extends Schema.TaggedStruct("AccountingSetupChanged", {
  change: AccountingChange,
  setup: AccountingSetup,
  written: Schema.NullOr(Schema.Struct({ values: Schema.Number, firstMonth: Schema.NullOr(Schema.String), lastMonth: Schema.NullOr(Schema.String) })),
}) {}
/**
 * A refused change: the message, field messages (a mapping's 'Please select a category' by
 * account), an archive's bad rows and its missing files.
 */
export class AccountingChangeFailed extends Schema.TaggedStruct("AccountingChangeFailed", {
  change: AccountingChange,
  message: Schema.String,
  fields: Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) }),
  rows: Schema.Array(Schema.String),
  missing: Schema.Array(Schema.String),
}) {}

export const AccountingList = Schema.Literal("bookings", "debtor", "creditor", "accounts");
export type AccountingList = typeof AccountingList.Type;

export class AccountingListLoadStarted extends Schema.TaggedStruct("AccountingListLoadStarted", { list: AccountingList }) {}
export class AccountingBookingsLoaded extends Schema.TaggedStruct("AccountingBookingsLoaded", {
  importId: Schema.Number,
  account: Schema.NullOr(Schema.String),
  month: Schema.NullOr(Schema.String),
  page: BookingsPage,
}) {}
export class OpenPositionsLoaded extends Schema.TaggedStruct("OpenPositionsLoaded", { importId: Schema.Number, page: OpenPositionsPage }) {}
export class AccountingAccountsLoaded extends Schema.TaggedStruct("AccountingAccountsLoaded", { importId: Schema.Number, accounts: Schema.Array(AccountRow) }) {}
/** The server took these categories: the accounts' read model has them before the list is loaded again. */
export class AccountMappingSaved extends Schema.TaggedStruct("AccountMappingSaved", {
  accounts: Schema.Array(Schema.Struct({ account: Schema.String, category: Schema.NullOr(Schema.Number) })),
}) {}
export class AccountingListLoadFailed extends Schema.TaggedStruct("AccountingListLoadFailed", { list: AccountingList, message: Schema.String }) {}

export const AccountingEvent = Schema.Union(
  AccountingSetupLoadStarted,
  AccountingSetupLoaded,
  AccountingSetupLoadFailed,
  AccountingChangeStarted,
  AccountingSetupChanged,
  AccountingChangeFailed,
  AccountingListLoadStarted,
  AccountingBookingsLoaded,
  OpenPositionsLoaded,
  AccountingAccountsLoaded,
  AccountMappingSaved,
  AccountingListLoadFailed,
);
