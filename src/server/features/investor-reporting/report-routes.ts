import { Schema } from "@effect/schema";
import {
  CREATABLE_VARIANTS,
  DuplicateReport,
  InvestorReport,
  NewReport,
  NewSection,
  NewTemplate,
  RecipientsRequest,
  ReportData,
  ReportPatch,
  ReportPdfRequest,
  ReportShareCandidates,
  ReportShares,
  ReportsResponse,
  ReportTemplate,
  SECTION_VARIANTS,
  SectionPatch,
  SectionPositions,
  SectionVariantsResponse,
  SendOutcome,
  SendReport,
  TemplatesResponse,
  KPI_VARIANTS,
} from "../../../contracts/investor-reporting";
import { ATTACHMENT_MAX_BYTES } from "../../../domain/investor-reporting/attachments";
import { SECTION_VARIANT_LABELS } from "../../../domain/investor-reporting/section-naming";
import { IdParams, needs, PathId, printedRecord, userRoute, type UserCall } from "../../platform/http/route";
import type { OutgoingMail } from "../../platform/mail/mailer";
import type { AppServices } from "../../services";
import { withReports } from "./report-access";
import { addAttachment, ATTACHMENT_MEDIA_TYPES, attachmentFile, removeAttachment } from "./report-attachments";
import { reportData } from "./report-data";
import { reportExport, reportWorkbook, XLSX } from "./report-export";
import { shareCandidates } from "./report-repository";
import { addSection, patchSection, removeSection, reorderSections } from "./report-sections";
import { createReport, deleteReport, duplicateReport, listReports, patchReport, reportView, setShares } from "./report-service";
import { pdfForSendingFailed, renderReportPdf } from "./report-pdf";
import { approveReport, changeRecipients, checkSending, prepareSending, sendOutcome } from "./report-status";
import { deleteTemplate, listTemplates, saveTemplate } from "./report-templates";
import { reportLinkRoutes } from "./report-link-route";

/**
 * Investor reporting (issue 14; spec section 7). Reading needs read_investor_reporting, changing
 * write_investor_reporting (which includes reading); a holding instance is refused (403) and a
 * report the caller may not see is 404 with the spec's text. Routes stay thin: the services are
 * report-service (reports), report-sections, report-status (approve, send, recipients),
 * report-attachments, report-templates, report-data and report-export.
 */
const READ = needs("read_investor_reporting");
const WRITE = needs("write_investor_reporting");
const SectionParams = Schema.Struct({ id: PathId, sectionId: PathId });
const FileParams = Schema.Struct({ id: PathId, fileId: PathId });

/** Delivers prepared mails one by one after the transaction, each outcome reported. */
async function deliver(services: AppServices, tenantId: string, mails: readonly OutgoingMail[]) {
  const outcomes = [];
  for (const mail of mails) outcomes.push({ to: mail.to, ...(await services.mailer.sendNow(tenantId, mail)) });
  return sendOutcome(outcomes);
}

const reports = <T>(call: UserCall<any, any, any>, work: Parameters<typeof withReports<T>>[2]) => withReports(call.inTenant, call.reader, work);

export const investorReportingRoutes = [
  userRoute({
    method: "GET",
    path: "/investor-reporting/reports/",
    summary: "The investor reports the user sees (writers: all of the company's; readers: visible ones shared with them), newest first",
    access: READ,
    response: ReportsResponse,
    handle: (call) => reports(call, async (context, reader) => ({ reports: await listReports(context, reader) })),
  }),
  userRoute({
    method: "POST",
    path: "/investor-reporting/reports/",
    summary: "Create a draft report, empty or from a schema template (templateId)",
    description: "A name another report of the company has (in any case) answers 400 with name: 'A report with this name already exists.'",
    access: WRITE,
    body: NewReport,
    response: InvestorReport,
    status: 201,
    handle: (call) => reports(call, (context, reader) => createReport(context, call.body, reader)),
  }),
  userRoute({
    method: "GET",
    path: "/investor-reporting/reports/{id}/",
    summary: "A report with its schema (sections), attachments and, for writers, recipients (with when they opened it) and shares",
    access: READ,
    print: printedRecord("investor-report"),
    params: IdParams,
    response: InvestorReport,
    handle: (call) => reports(call, (context, reader) => reportView(context, call.params.id, reader)),
  }),
  userRoute({
    method: "PATCH",
    path: "/investor-reporting/reports/{id}/",
    summary: "Update-meta: rename a report, move its end date, show or hide it (at any status)",
    access: WRITE,
    params: IdParams,
    body: ReportPatch,
    response: InvestorReport,
    handle: (call) => reports(call, (context, reader) => patchReport(context, call.params.id, call.body, reader)),
  }),
  userRoute({
    method: "DELETE",
    path: "/investor-reporting/reports/{id}/",
    summary: "Delete a report with its sections, recipients, attachments and frozen figures",
    access: WRITE,
    params: IdParams,
    status: 204,
    handle: (call) => reports(call, (context, reader) => deleteReport(context, call.params.id, reader)),
  }),
  userRoute({
    method: "POST",
    path: "/investor-reporting/reports/{id}/duplicate/",
    summary: "Copy a report as a new draft: sections, texts, attachments and shares (not recipients, status or frozen figures)",
    access: WRITE,
    params: IdParams,
    body: DuplicateReport,
    response: InvestorReport,
    status: 201,
    handle: (call) => reports(call, (context, reader) => duplicateReport(context, call.params.id, call.body.name, reader)),
  }),
  userRoute({
    method: "PUT",
    path: "/investor-reporting/reports/{id}/shares/",
    summary: "Replace the users a report is shared with (they read it while it is visible)",
    access: WRITE,
    params: IdParams,
    body: ReportShares,
    response: InvestorReport,
    handle: (call) => reports(call, (context, reader) => setShares(context, call.params.id, call.body.userIds, reader)),
  }),
  userRoute({
    method: "GET",
    path: "/investor-reporting/share-candidates/",
    summary: "The active people a report can be shared with: those who may read investor reports, by name",
    description: "For writers, who share reports; names only, no e-mail addresses.",
    access: WRITE,
    response: ReportShareCandidates,
    handle: (call) => reports(call, async (context) => ({ users: await shareCandidates(context) })),
  }),
  userRoute({
    method: "GET",
    path: "/investor-reporting/section-variants/",
    summary: "The section variants, which can be created yet, and their views",
    access: READ,
    response: SectionVariantsResponse,
    handle: (call) =>
      reports(call, async () => ({
        variants: SECTION_VARIANTS.map((variant) => ({
          variant,
          label: SECTION_VARIANT_LABELS[variant],
          creatable: CREATABLE_VARIANTS.includes(variant),
          views: KPI_VARIANTS.includes(variant) ? (["actual_comparison", "flexible_columns"] as const) : (["actual_comparison"] as const),
        })),
      })),
  }),
  userRoute({
    method: "POST",
    path: "/investor-reporting/reports/{id}/sections/",
    summary: "Add a section at the end (a draft only); without a name it is the next 'Section n'",
    description: "KPI sections default to show comments, percent deviation and deviation and compare with planning. deepdrill and chartgenius cannot be created yet (400).",
    access: WRITE,
    params: IdParams,
    body: NewSection,
    response: InvestorReport,
    status: 201,
    handle: (call) => reports(call, (context, reader) => addSection(context, call.params.id, call.body, reader)),
  }),
  userRoute({
    method: "PUT",
    path: "/investor-reporting/reports/{id}/sections/positions/",
    summary: "Sort the sections: every section id of the report once, in the new order (a draft only)",
    access: WRITE,
    params: IdParams,
    body: SectionPositions,
    response: InvestorReport,
    handle: (call) => reports(call, (context, reader) => reorderSections(context, call.params.id, call.body.ids, reader)),
  }),
  userRoute({
    method: "PATCH",
    path: "/investor-reporting/reports/{id}/sections/{sectionId}/",
    summary: "Change a section's name, view, settings or (text sections) content (a draft only)",
    access: WRITE,
    params: SectionParams,
    body: SectionPatch,
    response: InvestorReport,
    handle: (call) => reports(call, (context, reader) => patchSection(context, call.params.id, call.params.sectionId, call.body, reader)),
  }),
  userRoute({
    method: "DELETE",
    path: "/investor-reporting/reports/{id}/sections/{sectionId}/",
    summary: "Remove a section; the ones after it move up (a draft only)",
    access: WRITE,
    params: SectionParams,
    response: InvestorReport,
    handle: (call) => reports(call, (context, reader) => removeSection(context, call.params.id, call.params.sectionId, reader)),
  }),
  userRoute({
    method: "GET",
    path: "/investor-reporting/reports/{id}/data/",
    summary: "Each section's data by slug: frozen at approval for an approved or sent report, recalculated for a draft",
    description: "Figures in the company's local currency; only the KPIs the reader may read.",
    access: READ,
    print: printedRecord("investor-report"),
    params: IdParams,
    response: ReportData,
    handle: (call) => reports(call, (context, reader) => reportData(context, call.params.id, reader)),
  }),
  userRoute({
    method: "POST",
    path: "/investor-reporting/reports/{id}/approve/",
    summary: "Approve a draft: its figures are computed and stored now and served from then on (ReportApproved)",
    access: WRITE,
    params: IdParams,
    response: InvestorReport,
    handle: (call) => reports(call, (context, reader) => approveReport(context, call.params.id, reader)),
  }),
  userRoute({
    method: "POST",
    path: "/investor-reporting/reports/{id}/send/",
    summary: "Send an approved report: each recipient gets a mail with a personal link (ReportSent)",
    description:
      "Answers 'Successfully sent {count} e-mails.' and whose mail failed. A blank subject is 400 'Subject is a required field'. With attachPdf the board pack is rendered once (in the chosen theme) and attached to every mail; if it cannot be rendered nothing is sent and the answer says why.",
    access: WRITE,
    params: IdParams,
    body: SendReport,
    response: SendOutcome,
    handle: async (call) => {
      let pdf = null;
      if (call.body.attachPdf) {
        // Refusals (status, no recipients) before the render; a failed render sends nothing.
        await reports(call, (context, reader) => checkSending(context, call.params.id, reader));
        const rendered = await renderReportPdf(call, call.params.id, call.body.theme).catch((error: unknown) => {
          throw pdfForSendingFailed(error);
        });
        pdf = { fileName: rendered.fileName, mediaType: "application/pdf", content: rendered.bytes };
      }
      const mails = await reports(call, (context, reader) => prepareSending(context, call.params.id, call.body, reader, call.services.config.publicUrl, new Date(), pdf));
      return deliver(call.services, call.user.tenantId, mails);
    },
  }),
  userRoute({
    method: "POST",
    path: "/investor-reporting/reports/{id}/recipients/",
    summary: "Change the recipients (action add, remove, set) or mail them their personal link again (notify, a sent report)",
    access: WRITE,
    params: IdParams,
    body: RecipientsRequest,
    response: Schema.Struct({ report: InvestorReport, notified: SendOutcome }),
    handle: async (call) => {
      const { report, mails } = await reports(call, (context, reader) => changeRecipients(context, call.params.id, call.body, reader, call.services.config.publicUrl));
      return { report, notified: await deliver(call.services, call.user.tenantId, mails) };
    },
  }),
  userRoute({
    method: "GET",
    path: "/investor-reporting/schema-templates/",
    summary: "The company's report templates (sections without figures)",
    access: READ,
    response: TemplatesResponse,
    handle: (call) => reports(call, async (context) => ({ templates: await listTemplates(context) })),
  }),
  userRoute({
    method: "POST",
    path: "/investor-reporting/schema-templates/",
    summary: "Save a report's schema (its sections' names, variants, views and settings) as a template",
    access: WRITE,
    body: NewTemplate,
    response: ReportTemplate,
    status: 201,
    handle: (call) => reports(call, (context, reader) => saveTemplate(context, call.body, reader)),
  }),
  userRoute({
    method: "DELETE",
    path: "/investor-reporting/schema-templates/{id}/",
    summary: "Delete a report template (reports made from it keep their sections)",
    access: WRITE,
    params: IdParams,
    status: 204,
    handle: (call) => reports(call, (context) => deleteTemplate(context, call.params.id)),
  }),
  userRoute({
    method: "POST",
    path: "/investor-reporting/reports/{id}/export/xlsx/",
    summary: "Export-excel: the report as a workbook, a sheet per section with the data the reader is served",
    access: READ,
    params: IdParams,
    response: { mediaType: XLSX, description: "An Excel workbook" },
    handle: async (call) => {
      // Read in the transaction, written after it: the workbook is not built with the transaction open.
      const data = await reports(call, (context, reader) => reportExport(context, call.params.id, reader));
      const file = await reportWorkbook(data);
      return call.reply.header("content-type", XLSX).header("content-disposition", `attachment; filename="${file.fileName}"`).send(file.bytes);
    },
  }),
  userRoute({
    method: "POST",
    path: "/investor-reporting/reports/{id}/export/pdf/",
    summary: "Export-pdf: the board pack (cover, contents, sections, page numbers) as an A4 landscape PDF in the chosen theme (dark by default), the report's PDF attachments appended",
    description:
      "What the reader is served: frozen figures for an approved or sent report. An attachment that is not a readable PDF is left out and named on a closing page. 503 while the PDF service is busy, 504 when the report took too long to render.",
    access: READ,
    params: IdParams,
    body: ReportPdfRequest,
    response: { mediaType: "application/pdf", description: "The board pack as a PDF" },
    handle: async (call) => {
      const pdf = await renderReportPdf(call, call.params.id, call.body.theme);
      return call.reply.header("content-type", "application/pdf").header("content-disposition", `attachment; filename="${pdf.fileName}"`).header("cache-control", "no-store").send(pdf.bytes);
    },
  }),
  userRoute<typeof IdParams.Type, undefined, import("../../platform/http/route").UploadedFile>({
    method: "POST",
    path: "/investor-reporting/reports/{id}/files/",
    summary: "Upload an attachment to a draft report (PDF, image, Office file, CSV, text), within the report's size budget",
    description: "Past the budget: 400 'Cannot add the attachment, because it exceeds the allowed size.'",
    access: WRITE,
    params: IdParams,
    upload: { field: "file", maxBytes: ATTACHMENT_MAX_BYTES, mediaTypes: [...new Set(Object.values(ATTACHMENT_MEDIA_TYPES))] },
    bodyLimit: ATTACHMENT_MAX_BYTES + 64 * 1024,
    response: InvestorReport,
    status: 201,
    handle: (call) => reports(call, (context, reader) => addAttachment(context, call.params.id, call.body, reader)),
  }),
  userRoute({
    method: "GET",
    path: "/investor-reporting/reports/{id}/files/{fileId}/",
    summary: "Download an attachment of a report the user sees",
    access: READ,
    params: FileParams,
    response: { mediaType: "application/octet-stream", description: "The attached file" },
    handle: async (call) => {
      const file = await reports(call, (context, reader) => attachmentFile(context, call.params.id, call.params.fileId, reader));
      const asciiName = file.fileName.replaceAll(/[^\x20-\x7e]/g, "_");
      return call.reply
        .header("content-type", file.mediaType)
        .header("content-disposition", `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .send(file.bytes);
    },
  }),
  userRoute({
    method: "DELETE",
    path: "/investor-reporting/reports/{id}/files/{fileId}/",
    summary: "Remove an attachment of a draft report",
    access: WRITE,
    params: FileParams,
    response: InvestorReport,
    handle: (call) => reports(call, (context, reader) => removeAttachment(context, call.params.id, call.params.fileId, reader)),
  }),
  ...reportLinkRoutes,
];
