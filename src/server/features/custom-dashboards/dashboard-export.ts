import ExcelJS from "exceljs";
import type { ChartSeries } from "../../../contracts/charts";
import { exportFileName } from "../../../domain/exports/file-name";
import { spreadsheetText } from "../../../domain/exports/spreadsheet-text";
import { monthLabel } from "../../../domain/months";
import type { DashboardExport, ExportCard, ExportKpi } from "./dashboard-export-data";

export const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * POST /api/custom-dashboards/{id}/export/xlsx/: a first sheet naming the dashboard, its reporting
 * month and currency and listing the cards, then one sheet per card in the dashboard's order with
 * that card's data. Everything people wrote (names, titles, texts) is escaped against formula
 * injection; figures stay numbers. The route reads the data in the reader's transaction
 * (dashboardExport) and builds the workbook after it, so ExcelJS never holds a transaction open.
 */
export async function dashboardWorkbook(data: DashboardExport): Promise<{ bytes: Buffer; fileName: string }> {
  return { bytes: await workbookOf(data), fileName: exportFileName(data.dashboard.name, "xlsx") };
}

const SERIES_LABELS: Readonly<Record<ChartSeries, string>> = { actual: "Actual", planning: "Plan", forecast: "Forecast", lastYear: "Last year" };
const CARD_TYPE_LABELS = { text: "Text", kpi: "KPI", kpiChart: "KPI chart", chart: "Chart" } as const;
const NUMBER_FORMAT = "#,##0.00";

export async function workbookOf(data: DashboardExport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Meridian";
  const names = sheetNames(data.cards);
  const overview = workbook.addWorksheet("Dashboard");
  overview.addRows([
    ["Dashboard", spreadsheetText(data.dashboard.name)],
    ["Reporting month", monthLabel(data.reportingMonth)],
    ["Currency", data.currency],
    [],
    ["Sheet", "Card type", "Title"],
  ]);
  overview.getRow(5).font = { bold: true };
  data.cards.forEach((entry, index) => overview.addRow([spreadsheetText(names[index]!), CARD_TYPE_LABELS[entry.card.content.type], spreadsheetText(entry.card.title)]));
  overview.getColumn(1).width = 34;
  overview.getColumn(2).width = 16;
  overview.getColumn(3).width = 40;
  data.cards.forEach((entry, index) => fillCardSheet(workbook.addWorksheet(names[index]!), entry, data));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function fillCardSheet(sheet: ExcelJS.Worksheet, entry: ExportCard, data: DashboardExport) {
  if (entry.card.title) sheet.addRow([spreadsheetText(entry.card.title)]).font = { bold: true };
  switch (entry.kind) {
    case "text":
      for (const line of entry.text.split(/\r?\n/)) sheet.addRow([spreadsheetText(line)]);
      sheet.getColumn(1).width = 100;
      return;
    case "unavailable":
      sheet.addRow([entry.message]);
      sheet.getColumn(1).width = 60;
      return;
    case "kpi": {
      kpiHeader(sheet, entry.kpi, data);
      sheet.addRow(["Reporting month", monthLabel(data.reportingMonth)]);
      const { month, aggregates } = entry;
      const rows: [string, number | null | undefined][] = [
        ["Actual (month)", month?.actual],
        ["Plan (month)", month?.planning],
        ["Forecast (month)", month?.forecast],
        ["Last year (month)", month?.lastYear],
        ["Actual (year to date)", aggregates?.ytd.actualValue],
        ["Plan (year to date)", aggregates?.ytd.planningValue],
        ["Forecast (year to date)", aggregates?.ytd.forecastValue],
        ["Last year (year to date)", aggregates?.ytd.lastYearValue],
        ["Last twelve months", aggregates?.ltm.value],
      ];
      for (const [label, value] of rows) sheet.addRow([label, value ?? null]).getCell(2).numFmt = NUMBER_FORMAT;
      sheet.getColumn(1).width = 28;
      sheet.getColumn(2).width = 18;
      return;
    }
    case "history": {
      if (entry.chartName !== null) sheet.addRow(["Chart", spreadsheetText(entry.chartName)]);
      sheet.addRow(["Currency", data.currency]);
      const header = sheet.addRow(["KPI", "Unit", "Period", "From", "To", ...entry.series.map((series) => SERIES_LABELS[series])]);
      header.font = { bold: true };
      for (const { kpi, buckets } of entry.kpis) {
        for (const bucket of buckets) {
          const row = sheet.addRow([spreadsheetText(kpi.name), kpi.unit, bucket.label, bucket.startDate, bucket.endDate, ...entry.series.map((series) => bucket[series] ?? null)]);
          entry.series.forEach((_series, index) => (row.getCell(6 + index).numFmt = NUMBER_FORMAT));
        }
      }
      sheet.getColumn(1).width = 30;
      sheet.getColumn(3).width = 14;
      return;
    }
  }
}

function kpiHeader(sheet: ExcelJS.Worksheet, kpi: ExportKpi, data: DashboardExport) {
  sheet.addRow(["KPI", spreadsheetText(kpi.name)]);
  sheet.addRow(["Unit", kpi.unit === "currency" ? `currency (${data.currency})` : kpi.unit]);
}

/**
 * A sheet name per card, in order: its number and title (or type), without the characters Excel
 * refuses in sheet names, at most 31 characters, unique in the workbook.
 */
export function sheetNames(cards: readonly ExportCard[]): string[] {
  const used = new Set(["dashboard"]);
  return cards.map((entry, index) => {
    const label = (entry.card.title || CARD_TYPE_LABELS[entry.card.content.type]).replace(/[\\/?*[\]:]/g, " ").replace(/^'+|'+$/g, "").trim() || "Card";
    let name = `${index + 1} ${label}`.slice(0, 31).trim();
    for (let copy = 2; used.has(name.toLowerCase()); copy += 1) name = `${`${index + 1} ${label}`.slice(0, 26).trim()} (${copy})`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** A file name from the dashboard's name: letters, digits and dashes only. */
