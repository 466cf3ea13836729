import { PDFDocument, rgb, StandardFonts, type PDFFont } from "pdf-lib";
import type { PrintHandoff, PrintResource, PrintTheme } from "../../../contracts/print";
import { exportFileName } from "../../../domain/exports/file-name";
import type { TenantContext } from "../../db/tenancy";
import { HttpError } from "../../platform/http/errors";
import type { UserCall } from "../../platform/http/route";
import { printBaseUrl, printTokenFor } from "../print/print-routes";
import { printRouteOf } from "../print/printable";
import { withReports, type ReportReader } from "./report-access";
import { reportData } from "./report-data";
import { reportView } from "./report-service";

/**
 * The board pack as a PDF (spec section 7 export-pdf; issue 14 scope 4): the print route
 * /print/investor-reporting/{id} rendered by the print pipeline as the caller (a print token of
 * this one report, so the PDF shows what the caller may read and no more), then the PDF files the
 * report's attachments sections list appended after the sections, in their order. An attachment
 * that is not a PDF pdf-lib can read (damaged, encrypted) is left out and named on a closing page:
 * the export never fails for a file someone uploaded.
 */
export interface ReportPdf {
  readonly bytes: Buffer;
  readonly fileName: string;
  /** Pages appended from attachments, and the attachments that could not be appended. */
  readonly appendedPages: number;
  readonly skipped: readonly string[];
}

export const SKIPPED_TITLE = "Attachments that could not be added";
export const SKIPPED_LEAD = "These attached files are not readable PDF documents (damaged or protected), so they are not part of this board pack:";

export async function renderReportPdf(call: UserCall<unknown, unknown, unknown>, reportId: number, theme: PrintTheme): Promise<ReportPdf> {
  const resource: PrintResource = { kind: "investor-report", id: reportId };
  const { token, title } = await printTokenFor(call, resource);
  // Read before printing: the files to append (the reader's own view of the report).
  const attachments = await withReports(call.inTenant, call.reader, (context, reader) => pdfAttachmentsOf(context, reportId, reader));
  const handoff: PrintHandoff = { token, theme, orientation: "landscape" };
  const printed = await call.services.printer.print({ baseUrl: printBaseUrl(call.services, call.request), path: printRouteOf(resource, "print"), handoff });
  const { bytes, appendedPages, skipped } = await appendAttachments(printed, attachments, theme);
  return { bytes, fileName: exportFileName(title, "pdf", "report"), appendedPages, skipped };
}

interface AttachedFile {
  readonly fileName: string;
  readonly bytes: Buffer;
}

/** The PDF files the report's attachments sections list (as the reader is served them), each once, in order. */
export async function pdfAttachmentsOf(context: TenantContext, reportId: number, reader: ReportReader): Promise<AttachedFile[]> {
  const report = await reportView(context, reportId, reader);
  const data = await reportData(context, reportId, reader);
  const ids: number[] = [];
  for (const section of report.schema.sections) {
    const served = data.data[section.slug];
    if (served?.kind !== "attachments") continue;
    for (const file of served.attachments) if (file.mediaType === "application/pdf" && !ids.includes(file.id)) ids.push(file.id);
  }
  if (ids.length === 0) return [];
  const rows = await context.db.selectFrom("investor_report_attachments").select(["id", "file_name", "bytes"]).where("report_id", "=", reportId).where("id", "in", ids).execute();
  return ids.flatMap((id) => rows.filter((row) => row.id === id).map((row) => ({ fileName: row.file_name, bytes: Buffer.from(row.bytes) })));
}

/** The printed pages, then each readable attachment's pages, then (if any was not) a closing page naming them. */
export async function appendAttachments(printed: Buffer, attachments: readonly AttachedFile[], theme: PrintTheme): Promise<{ bytes: Buffer; appendedPages: number; skipped: string[] }> {
  if (attachments.length === 0) return { bytes: printed, appendedPages: 0, skipped: [] };
  const pack = await PDFDocument.load(printed);
  let appendedPages = 0;
  const skipped: string[] = [];
  for (const file of attachments) {
    try {
      const source = await PDFDocument.load(file.bytes, { updateMetadata: false });
      const pages = await pack.copyPages(source, source.getPageIndices());
      for (const page of pages) pack.addPage(page);
      appendedPages += pages.length;
    } catch {
      skipped.push(file.fileName);
    }
  }
  if (skipped.length > 0) await closingPage(pack, skipped, theme);
  return { bytes: Buffer.from(await pack.save()), appendedPages, skipped };
}

/** A4 landscape in the theme's colours, like the printed pages. */
async function closingPage(pack: PDFDocument, fileNames: readonly string[], theme: PrintTheme) {
  const [width, height] = [841.89, 595.28];
  const page = pack.addPage([width, height]);
  const colours = theme === "dark" ? { background: rgb(0.07, 0.08, 0.1), text: rgb(0.93, 0.94, 0.96), muted: rgb(0.65, 0.68, 0.73) } : { background: rgb(1, 1, 1), text: rgb(0.1, 0.11, 0.13), muted: rgb(0.35, 0.37, 0.42) };
  page.drawRectangle({ x: 0, y: 0, width, height, color: colours.background });
  const bold = await pack.embedFont(StandardFonts.HelveticaBold);
  const regular = await pack.embedFont(StandardFonts.Helvetica);
  let y = height - 72;
  page.drawText(SKIPPED_TITLE, { x: 48, y, size: 20, font: bold, color: colours.text });
  y -= 32;
  for (const line of wrap(SKIPPED_LEAD, regular, 11, width - 96)) {
    page.drawText(line, { x: 48, y, size: 11, font: regular, color: colours.muted });
    y -= 16;
  }
  y -= 8;
  for (const name of fileNames) {
    if (y < 48) break;
    page.drawText(`• ${printable(name)}`, { x: 56, y, size: 11, font: regular, color: colours.text });
    y -= 18;
  }
}

/** The standard fonts encode WinAnsi only: other characters become "?" rather than failing the export. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, "?");

function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > maxWidth && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A render that failed while sending: nothing was sent, and the answer says why. */
export function pdfForSendingFailed(error: unknown): HttpError {
  const reason = error instanceof HttpError && typeof error.body.detail === "string" ? error.body.detail : error instanceof Error ? error.message : String(error);
  const status = error instanceof HttpError ? error.statusCode : 502;
  return new HttpError(status, { detail: `${PDF_FOR_SENDING_FAILED} ${reason}` });
}
export const PDF_FOR_SENDING_FAILED = "The PDF board pack could not be made, so no e-mail was sent.";
