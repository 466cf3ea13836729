import ExcelJS from "exceljs";
import type { InvestorReport, ReportData, SectionData } from "../../../contracts/investor-reporting";
import type { HistoryBucket } from "../../../contracts/kpis";
import { SECTION_VARIANT_LABELS } from "../../../domain/investor-reporting/section-naming";
import { exportFileName } from "../../../domain/exports/file-name";
import { spreadsheetText } from "../../../domain/exports/spreadsheet-text";
import type { TenantContext } from "../../db/tenancy";
import type { ReportReader } from "./report-access";
import { reportData } from "./report-data";
import { reportView } from "./report-service";
import { richTextLines } from "./rich-text";

export const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * POST /investor-reporting/reports/{id}/export/xlsx/ (spec: export-excel): a first sheet naming
 * the report, its status, end date and currency and listing the sections, then a sheet per
 * section in the report's order with the data the reader is served (frozen for an approved or
 * sent report). Everything people wrote is escaped against formula injection; figures stay numbers.
 */
export interface ReportExport {
  readonly report: InvestorReport;
  readonly data: ReportData;
}

/** Read in the reader's transaction; the workbook is built after it. */
export async function reportExport(context: TenantContext, id: number, reader: ReportReader): Promise<ReportExport> {
  return { report: await reportView(context, id, reader), data: await reportData(context, id, reader) };
}

const NUMBER_FORMAT = "#,##0.00";

export async function reportWorkbook({ report, data }: ReportExport): Promise<{ bytes: Buffer; fileName: string }> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Meridian";
  const sections = report.schema.sections;
  const names = sheetNames(sections.map((section) => section.name));
  const overview = workbook.addWorksheet("Report");
  overview.addRows([["Report", spreadsheetText(report.name)], ["Status", report.status], ["End date", report.endDate], ["Currency", data.currency], ["Figures computed", data.computedAt], [], ["Sheet", "Section type", "Section"]]);
  overview.getRow(7).font = { bold: true };
  sections.forEach((section, index) => overview.addRow([spreadsheetText(names[index]!), SECTION_VARIANT_LABELS[section.variant] ?? section.variant, spreadsheetText(section.name)]));
  overview.getColumn(1).width = 34;
  overview.getColumn(2).width = 20;
  overview.getColumn(3).width = 40;
  sections.forEach((section, index) => {
    const sheet = workbook.addWorksheet(names[index]!);
    sheet.addRow([spreadsheetText(section.name)]).font = { bold: true };
    fillSection(sheet, data.data[section.slug], data.currency);
  });
  return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), fileName: exportFileName(report.name, "xlsx", "report") };
}

function fillSection(sheet: ExcelJS.Worksheet, data: SectionData | undefined, currency: string) {
  if (!data) {
    sheet.addRow(["This section has no data."]);
    return;
  }
  switch (data.kind) {
    case "text":
      for (const line of richTextLines(data.content.html)) sheet.addRow([spreadsheetText(line.style === "bullet" ? `• ${line.text}` : line.text)]).font = { bold: line.style === "heading" };
      sheet.getColumn(1).width = 100;
      return;
    case "attachments":
      sheet.addRow(["File", "Type", "Bytes"]).font = { bold: true };
      for (const file of data.attachments) sheet.addRow([spreadsheetText(file.fileName), file.mediaType, file.size]);
      sheet.getColumn(1).width = 50;
      return;
    case "chart":
      sheet.addRow(["Chart", data.name === null ? "No saved chart" : spreadsheetText(data.name)]);
      sheet.addRow(["Currency", currency]);
      bucketRows(sheet, data.kpis.map((kpi) => ({ name: kpi.name, unit: kpi.unit, range: "Chart", buckets: kpi.buckets })));
      return;
    case "kpis":
      sheet.addRow(["Reported", `${data.to.startDate} to ${data.to.endDate}`]);
      sheet.addRow(["Compared with", `${data.from.startDate} to ${data.from.endDate}`]);
      sheet.addRow(["Currency", currency]);
      bucketRows(sheet, data.kpis.flatMap((kpi) => [{ name: kpi.name, unit: kpi.unit, range: "Reported", buckets: kpi.history }, { name: kpi.name, unit: kpi.unit, range: "Compared", buckets: kpi.comparison }]));
      return;
  }
}

function bucketRows(sheet: ExcelJS.Worksheet, lines: readonly { name: string; unit: string; range: string; buckets: readonly HistoryBucket[] }[]) {
  sheet.addRow(["KPI", "Unit", "Range", "Period", "From", "To", "Actual", "Plan", "Forecast", "Last year", "Deviation", "Deviation %"]).font = { bold: true };
  for (const line of lines) {
    for (const bucket of line.buckets) {
      const deviation = bucket.actual !== null && bucket.planning !== null ? bucket.actual - bucket.planning : null;
      const percent = deviation !== null && bucket.planning ? (deviation / Math.abs(bucket.planning)) * 100 : null;
      const row = sheet.addRow([spreadsheetText(line.name), line.unit, line.range, bucket.label, bucket.startDate, bucket.endDate, bucket.actual, bucket.planning, bucket.forecast, bucket.lastYear, deviation, percent]);
      for (let cell = 7; cell <= 12; cell += 1) row.getCell(cell).numFmt = NUMBER_FORMAT;
    }
  }
  sheet.getColumn(1).width = 30;
}

/** A sheet name per section: its number and name without the characters Excel refuses, at most 31 characters, unique. */
export function sheetNames(sectionNames: readonly string[]): string[] {
  const used = new Set(["report"]);
  return sectionNames.map((text, index) => {
    const label = text.replace(/[\\/?*[\]:]/g, " ").replace(/^'+|'+$/g, "").trim() || "Section";
    let name = `${index + 1} ${label}`.slice(0, 31).trim();
    for (let copy = 2; used.has(name.toLowerCase()); copy += 1) name = `${`${index + 1} ${label}`.slice(0, 26).trim()} (${copy})`;
    used.add(name.toLowerCase());
    return name;
  });
}
