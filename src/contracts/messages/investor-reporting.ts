import { Schema } from "@effect/schema";
import { InvestorReport, ReportData, ReportSummary, ReportTemplate, SectionSettings, SectionVariant, SectionVariantInfo, SectionView, SendOutcome } from "../investor-reporting";

/**
 * Investor reporting (/investor-reporting/{reportId?}/{tab?}, /print/investor-reporting/{reportId}):
 * the list of reports, one report with its sections, and its data (frozen at approval, else
 * recalculated on each load); creating, changing, sorting, approving and sending them.
 */

const ReportId = Schema.Number;
const SectionId = Schema.Number;
const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });
const Theme = Schema.Literal("light", "dark");
const ReportUserSchema = Schema.Struct({ id: Schema.Number, name: Schema.String });

/**
 * What a person did, for the busy and failed states of the dialog or control that asked for it.
 * One action runs at a time per kind; `reportId` says which report it was about (null: the list).
 */
export const ReportAction = Schema.Literal(
  "create",
  "duplicate",
  "delete",
  "edit",
  "share",
  "add-section",
  "edit-section",
  "remove-section",
  "sort-sections",
  "approve",
  "send",
  "recipients",
  "upload",
  "remove-attachment",
  "save-template",
  "delete-template",
);
export type ReportAction = typeof ReportAction.Type;

// ── commands ────────────────────────────────────────────────────────────────
export class LoadInvestorReports extends Schema.TaggedStruct("LoadInvestorReports", {}) {}
export class LoadInvestorReport extends Schema.TaggedStruct("LoadInvestorReport", { reportId: ReportId }) {}
/** The sections' figures: a draft is recalculated by the server on each load. */
export class LoadInvestorReportData extends Schema.TaggedStruct("LoadInvestorReportData", { reportId: ReportId }) {}
/** The section variants and which can be created yet. */
export class LoadSectionVariants extends Schema.TaggedStruct("LoadSectionVariants", {}) {}
export class LoadReportTemplates extends Schema.TaggedStruct("LoadReportTemplates", {}) {}
/** The company's people a report can be shared with (by name). */
export class LoadReportShareCandidates extends Schema.TaggedStruct("LoadReportShareCandidates", {}) {}

/** A new draft, empty or with a template's sections. */
export class CreateInvestorReport extends Schema.TaggedStruct("CreateInvestorReport", { name: Schema.String, endDate: Schema.String, templateId: Schema.NullOr(Schema.Number) }) {}
export class DuplicateInvestorReport extends Schema.TaggedStruct("DuplicateInvestorReport", { reportId: ReportId, name: Schema.String }) {}
export class DeleteInvestorReport extends Schema.TaggedStruct("DeleteInvestorReport", { reportId: ReportId, name: Schema.String }) {}
/** Update-meta: the name, the end date and whether readers see it (each optional). */
export class EditInvestorReport extends Schema.TaggedStruct("EditInvestorReport", {
  reportId: ReportId,
  name: Schema.optional(Schema.String),
  endDate: Schema.optional(Schema.String),
  isVisible: Schema.optional(Schema.Boolean),
}) {}
/** The whole list of readers a report is shared with. */
export class ShareInvestorReport extends Schema.TaggedStruct("ShareInvestorReport", { reportId: ReportId, userIds: Schema.Array(Schema.Number) }) {}

export class AddReportSection extends Schema.TaggedStruct("AddReportSection", { reportId: ReportId, variant: SectionVariant }) {}
export class EditReportSection extends Schema.TaggedStruct("EditReportSection", {
  reportId: ReportId,
  sectionId: SectionId,
  name: Schema.optional(Schema.String),
  selectedView: Schema.optional(SectionView),
  settings: Schema.optional(SectionSettings),
}) {}
/** A text section's rich text as typed; saved after a pause in typing. */
export class EditReportText extends Schema.TaggedStruct("EditReportText", { reportId: ReportId, sectionId: SectionId, html: Schema.String }) {}
export class RemoveReportSection extends Schema.TaggedStruct("RemoveReportSection", { reportId: ReportId, sectionId: SectionId, name: Schema.String }) {}
/** A section to a new place in the order (0 first): a drop, or a key on its handle. */
export class MoveReportSection extends Schema.TaggedStruct("MoveReportSection", { reportId: ReportId, sectionId: SectionId, position: Schema.Number }) {}

export class ApproveInvestorReport extends Schema.TaggedStruct("ApproveInvestorReport", { reportId: ReportId }) {}
export class SendInvestorReport extends Schema.TaggedStruct("SendInvestorReport", { reportId: ReportId, subject: Schema.String, message: Schema.String, attachPdf: Schema.Boolean, theme: Theme }) {}
export class ChangeReportRecipients extends Schema.TaggedStruct("ChangeReportRecipients", {
  reportId: ReportId,
  action: Schema.Literal("notify", "remove", "add", "set"),
  recipients: Schema.Array(Schema.Struct({ email: Schema.String, name: Schema.String })),
}) {}

/** The file itself is not kept in a session log. */
export class UploadReportAttachment extends Schema.TaggedStruct("UploadReportAttachment", {
  reportId: ReportId,
  file: Schema.declare((value: unknown): value is Blob => typeof Blob !== "undefined" && value instanceof Blob),
  fileName: Schema.String,
}) {}
export class RemoveReportAttachment extends Schema.TaggedStruct("RemoveReportAttachment", { reportId: ReportId, fileId: Schema.Number, fileName: Schema.String }) {}
export class DownloadReportAttachment extends Schema.TaggedStruct("DownloadReportAttachment", { reportId: ReportId, fileId: Schema.Number, fileName: Schema.String }) {}

export class SaveReportTemplate extends Schema.TaggedStruct("SaveReportTemplate", { reportId: ReportId, name: Schema.String }) {}
export class DeleteReportTemplate extends Schema.TaggedStruct("DeleteReportTemplate", { templateId: Schema.Number, name: Schema.String }) {}
/** The board pack as a PDF (theme: dark by default) or the workbook, downloaded. */
export class ExportInvestorReport extends Schema.TaggedStruct("ExportInvestorReport", { reportId: ReportId, name: Schema.String, format: Schema.Literal("pdf", "xlsx"), theme: Theme }) {}

export const InvestorReportingCommand = Schema.Union(
  LoadInvestorReports,
  LoadInvestorReport,
  LoadInvestorReportData,
  LoadSectionVariants,
  LoadReportTemplates,
  LoadReportShareCandidates,
  CreateInvestorReport,
  DuplicateInvestorReport,
  DeleteInvestorReport,
  EditInvestorReport,
  ShareInvestorReport,
  AddReportSection,
  EditReportSection,
  EditReportText,
  RemoveReportSection,
  MoveReportSection,
  ApproveInvestorReport,
  SendInvestorReport,
  ChangeReportRecipients,
  UploadReportAttachment,
  RemoveReportAttachment,
  DownloadReportAttachment,
  SaveReportTemplate,
  DeleteReportTemplate,
  ExportInvestorReport,
);

// ── events ──────────────────────────────────────────────────────────────────
export class InvestorReportsLoadStarted extends Schema.TaggedStruct("InvestorReportsLoadStarted", {}) {}
export class InvestorReportsLoaded extends Schema.TaggedStruct("InvestorReportsLoaded", { reports: Schema.Array(ReportSummary) }) {}
export class InvestorReportsLoadFailed extends Schema.TaggedStruct("InvestorReportsLoadFailed", { message: Schema.String }) {}
export class InvestorReportLoadStarted extends Schema.TaggedStruct("InvestorReportLoadStarted", { reportId: ReportId }) {}
export class InvestorReportLoaded extends Schema.TaggedStruct("InvestorReportLoaded", { report: InvestorReport }) {}
/** notFound: unknown, another company's, or not shared with the reader (the spec's one text for all). */
export class InvestorReportLoadFailed extends Schema.TaggedStruct("InvestorReportLoadFailed", { reportId: ReportId, message: Schema.String, notFound: Schema.Boolean }) {}
export class InvestorReportDataLoadStarted extends Schema.TaggedStruct("InvestorReportDataLoadStarted", { reportId: ReportId }) {}
export class InvestorReportDataLoaded extends Schema.TaggedStruct("InvestorReportDataLoaded", { reportId: ReportId, data: ReportData }) {}
export class InvestorReportDataLoadFailed extends Schema.TaggedStruct("InvestorReportDataLoadFailed", { reportId: ReportId, message: Schema.String }) {}
export class SectionVariantsLoaded extends Schema.TaggedStruct("SectionVariantsLoaded", { variants: Schema.Array(SectionVariantInfo) }) {}
export class SectionVariantsLoadFailed extends Schema.TaggedStruct("SectionVariantsLoadFailed", { message: Schema.String }) {}
export class ReportTemplatesLoaded extends Schema.TaggedStruct("ReportTemplatesLoaded", { templates: Schema.Array(ReportTemplate) }) {}
export class ReportTemplatesLoadFailed extends Schema.TaggedStruct("ReportTemplatesLoadFailed", { message: Schema.String }) {}
export class ReportShareCandidatesLoaded extends Schema.TaggedStruct("ReportShareCandidatesLoaded", { users: Schema.Array(ReportUserSchema) }) {}
export class ReportShareCandidatesLoadFailed extends Schema.TaggedStruct("ReportShareCandidatesLoadFailed", { message: Schema.String }) {}

export class InvestorReportActionStarted extends Schema.TaggedStruct("InvestorReportActionStarted", { action: ReportAction, reportId: Schema.NullOr(ReportId) }) {}
export class InvestorReportActionFailed extends Schema.TaggedStruct("InvestorReportActionFailed", { action: ReportAction, reportId: Schema.NullOr(ReportId), message: Schema.String, fields: FieldMessages }) {}
/** Created or duplicated: the new draft. */
export class InvestorReportCreated extends Schema.TaggedStruct("InvestorReportCreated", { report: InvestorReport, duplicateOf: Schema.NullOr(ReportId) }) {}
export class InvestorReportDeleted extends Schema.TaggedStruct("InvestorReportDeleted", { reportId: ReportId, name: Schema.String }) {}
/** Renamed, its end date moved, shown or hidden. */
export class InvestorReportEdited extends Schema.TaggedStruct("InvestorReportEdited", { report: InvestorReport }) {}
export class InvestorReportShared extends Schema.TaggedStruct("InvestorReportShared", { report: InvestorReport }) {}
export class ReportSectionAdded extends Schema.TaggedStruct("ReportSectionAdded", { report: InvestorReport, sectionId: Schema.NullOr(SectionId) }) {}
export class ReportSectionEdited extends Schema.TaggedStruct("ReportSectionEdited", { report: InvestorReport, sectionId: SectionId }) {}
export class ReportSectionRemoved extends Schema.TaggedStruct("ReportSectionRemoved", { report: InvestorReport, sectionId: SectionId, name: Schema.String }) {}
/** The new order on screen at once (`previous` is the old one); saved after. */
export class ReportSectionsReordered extends Schema.TaggedStruct("ReportSectionsReordered", { reportId: ReportId, ids: Schema.Array(SectionId), previous: Schema.Array(SectionId) }) {}
export class ReportSectionsSaved extends Schema.TaggedStruct("ReportSectionsSaved", { report: InvestorReport }) {}
/** Typed text, not saved yet: the section says "Saving…". */
export class ReportTextEdited extends Schema.TaggedStruct("ReportTextEdited", { reportId: ReportId, sectionId: SectionId, html: Schema.String }) {}
/** Saved: `sentHtml` was sent, `html` is what the server kept of it (its allow-list), the section's content from now on. */
export class ReportTextSaved extends Schema.TaggedStruct("ReportTextSaved", { reportId: ReportId, sectionId: SectionId, sentHtml: Schema.String, html: Schema.String }) {}
export class ReportTextSaveFailed extends Schema.TaggedStruct("ReportTextSaveFailed", { reportId: ReportId, sectionId: SectionId, message: Schema.String }) {}

/** ReportApproved on the client: the report as approved, who and when in its `approved` stamp. */
export class InvestorReportApproved extends Schema.TaggedStruct("InvestorReportApproved", { report: InvestorReport }) {}
/** ReportSent on the client: the server's answer ('Successfully sent {count} e-mails.' and the failures). */
export class InvestorReportSent extends Schema.TaggedStruct("InvestorReportSent", { reportId: ReportId, outcome: SendOutcome }) {}
export class ReportRecipientsChanged extends Schema.TaggedStruct("ReportRecipientsChanged", { report: InvestorReport, action: Schema.Literal("notify", "remove", "add", "set"), notified: SendOutcome }) {}
export class ReportAttachmentAdded extends Schema.TaggedStruct("ReportAttachmentAdded", { report: InvestorReport, fileName: Schema.String }) {}
export class ReportAttachmentRemoved extends Schema.TaggedStruct("ReportAttachmentRemoved", { report: InvestorReport, fileName: Schema.String }) {}
export class ReportAttachmentDownloaded extends Schema.TaggedStruct("ReportAttachmentDownloaded", { reportId: ReportId, fileName: Schema.String }) {}
export class ReportAttachmentDownloadFailed extends Schema.TaggedStruct("ReportAttachmentDownloadFailed", { reportId: ReportId, fileName: Schema.String, message: Schema.String }) {}
export class ReportTemplateSaved extends Schema.TaggedStruct("ReportTemplateSaved", { template: ReportTemplate }) {}
export class ReportTemplateDeleted extends Schema.TaggedStruct("ReportTemplateDeleted", { templateId: Schema.Number, name: Schema.String }) {}
export class InvestorReportExportStarted extends Schema.TaggedStruct("InvestorReportExportStarted", { reportId: ReportId, format: Schema.Literal("pdf", "xlsx") }) {}
export class InvestorReportExported extends Schema.TaggedStruct("InvestorReportExported", { reportId: ReportId, format: Schema.Literal("pdf", "xlsx"), fileName: Schema.String }) {}
export class InvestorReportExportFailed extends Schema.TaggedStruct("InvestorReportExportFailed", { reportId: ReportId, format: Schema.Literal("pdf", "xlsx"), message: Schema.String }) {}

export const InvestorReportingEvent = Schema.Union(
  InvestorReportsLoadStarted,
  InvestorReportsLoaded,
  InvestorReportsLoadFailed,
  InvestorReportLoadStarted,
  InvestorReportLoaded,
  InvestorReportLoadFailed,
  InvestorReportDataLoadStarted,
  InvestorReportDataLoaded,
  InvestorReportDataLoadFailed,
  SectionVariantsLoaded,
  SectionVariantsLoadFailed,
  ReportTemplatesLoaded,
  ReportTemplatesLoadFailed,
  ReportShareCandidatesLoaded,
  ReportShareCandidatesLoadFailed,
  InvestorReportActionStarted,
  InvestorReportActionFailed,
  InvestorReportCreated,
  InvestorReportDeleted,
  InvestorReportEdited,
  InvestorReportShared,
  ReportSectionAdded,
  ReportSectionEdited,
  ReportSectionRemoved,
  ReportSectionsReordered,
  ReportSectionsSaved,
  ReportTextEdited,
  ReportTextSaved,
  ReportTextSaveFailed,
  InvestorReportApproved,
  InvestorReportSent,
  ReportRecipientsChanged,
  ReportAttachmentAdded,
  ReportAttachmentRemoved,
  ReportAttachmentDownloaded,
  ReportAttachmentDownloadFailed,
  ReportTemplateSaved,
  ReportTemplateDeleted,
  InvestorReportExportStarted,
  InvestorReportExported,
  InvestorReportExportFailed,
);
