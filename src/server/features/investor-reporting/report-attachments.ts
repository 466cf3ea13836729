import type { InvestorReport } from "../../../contracts/investor-reporting";
import { fitsAttachmentBudget } from "../../../domain/investor-reporting/attachments";
import { ATTACHMENT_NOT_FOUND, ATTACHMENT_TOO_LARGE } from "../../../domain/investor-reporting/texts";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";
import type { UploadedFile } from "../../platform/http/route";
import type { ReportReader } from "./report-access";
import { reportFor, sharedReadersOf, touchReport } from "./report-repository";
import { openDraft } from "./report-sections";
import { reportView } from "./report-service";

/**
 * A report's attachments (spec section 7: files upload, download, delete): kept in the database
 * with the report, within one size budget per report (ATTACHMENT_TOO_LARGE past it). Only the
 * listed kinds are taken, so a download never serves a page a browser would run. Like sections,
 * attachments change only while the report is a draft.
 */
export const ATTACHMENT_MEDIA_TYPES: Readonly<Record<string, string>> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  csv: "text/csv",
  txt: "text/plain",
};
export const ATTACHMENT_TYPE_REFUSED = "Attach a PDF, an image (PNG, JPEG), an Office file (xlsx, docx, pptx), CSV or plain text.";

export async function addAttachment(context: TenantContext, reportId: number, file: UploadedFile, reader: ReportReader): Promise<InvestorReport> {
  await openDraft(context, reportId, reader);
  const extension = /\.([a-z0-9]{1,5})$/i.exec(file.filename)?.[1]?.toLowerCase() ?? "";
  // The kind goes by the file's name; the stored media type is ours, not the one the browser sent.
  const mediaType = ATTACHMENT_MEDIA_TYPES[extension];
  if (!mediaType) throw badRequest({ file: [ATTACHMENT_TYPE_REFUSED] });
  const sizes = (await context.db.selectFrom("investor_report_attachments").select("size").where("report_id", "=", reportId).execute()).map((row) => row.size);
  if (!fitsAttachmentBudget(sizes, file.bytes.length)) throw badRequest({ file: [ATTACHMENT_TOO_LARGE] });
  const fileName = file.filename.replaceAll(/[\u0000-\u001f"\\/]/g, "_").slice(-255) || `attachment.${extension}`;
  const created = await context.db
    .insertInto("investor_report_attachments")
    .values({ tenant_id: context.tenantId, report_id: reportId, file_name: fileName, media_type: mediaType, size: file.bytes.length, bytes: file.bytes, uploaded_by: reader.userId || null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await touchReport(context, reportId);
  await context.appendEvent({ type: "InvestorReportAttachmentAdded", payload: { reportId, attachmentId: created.id, readers: await sharedReadersOf(context, reportId) } });
  return reportView(context, reportId, reader);
}

export async function removeAttachment(context: TenantContext, reportId: number, attachmentId: number, reader: ReportReader): Promise<InvestorReport> {
  await openDraft(context, reportId, reader);
  const removed = await context.db.deleteFrom("investor_report_attachments").where("report_id", "=", reportId).where("id", "=", attachmentId).returning("id").executeTakeFirst();
  if (!removed) throw notFound(ATTACHMENT_NOT_FOUND);
  await touchReport(context, reportId);
  await context.appendEvent({ type: "InvestorReportAttachmentRemoved", payload: { reportId, attachmentId, readers: await sharedReadersOf(context, reportId) } });
  return reportView(context, reportId, reader);
}

/** An attachment of a report the reader sees. */
export async function attachmentFile(context: TenantContext, reportId: number, attachmentId: number, reader: ReportReader): Promise<{ fileName: string; mediaType: string; bytes: Buffer }> {
  await reportFor(context, reportId, reader);
  const row = await context.db.selectFrom("investor_report_attachments").select(["file_name", "media_type", "bytes"]).where("report_id", "=", reportId).where("id", "=", attachmentId).executeTakeFirst();
  if (!row) throw notFound(ATTACHMENT_NOT_FOUND);
  return { fileName: row.file_name, mediaType: row.media_type, bytes: Buffer.from(row.bytes) };
}
