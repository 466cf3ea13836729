import ExcelJS from "exceljs";
import { UPLOAD_TYPE_LABELS, type UploadType } from "../../../contracts/uploads";
import { spreadsheetText } from "../../../domain/exports/spreadsheet-text";
import { dimensionsOf } from "../../../domain/kpi/dimension-key";
import { NUMBER_INPUT_HINT } from "../../../domain/kpi/number-input";
import type { MonthIndex } from "../../../domain/months";
import { dottedDateOf } from "../../../domain/uploads/upload-dates";
import { CSV, XLSX } from "./upload-files";

/**
 * The downloadable templates, one per upload type, filled with what is stored so a person edits
 * and uploads them back:
 * - actuals, planning, forecasting: a row per KPI the person may write (ID, KPI), a column per
 *   month of the fiscal year headed dd.mm.yyyy (spec section 5 dates FX columns so; one format
 *   for every upload), the stored values in the cells;
 * - actuals by dimension: a row per value (ID, KPI, Date, Value, then a column per dimension),
 *   the stored ones of the year, and a sheet listing the KPIs;
 * - FX rates: a row per named rate (FX rate, Currency), a column per date it has a rate from.
 * Text the company wrote (KPI and rate names, dimension values) is escaped against formula
 * injection; numbers stay numbers.
 */
export interface TemplateData {
  readonly type: UploadType;
  readonly fiscalYear: string;
  readonly months: readonly MonthIndex[];
  readonly kpis: readonly { readonly id: number; readonly name: string; readonly unit: string }[];
  /** KPI id → month → value (the type's series). */
  readonly values: ReadonlyMap<number, ReadonlyMap<MonthIndex, number>>;
  /** Actuals by dimension of the year. */
  readonly dimensionValues: readonly { readonly kpi: number; readonly month: MonthIndex; readonly dimensionKey: string; readonly value: number }[];
  readonly fxRates: readonly { readonly name: string; readonly currency: string; readonly rates: readonly { readonly month: MonthIndex; readonly rate: number }[] }[];
}

type Cell = string | number | null;

export interface TemplateFile {
  readonly bytes: Buffer;
  readonly fileName: string;
  readonly mediaType: string;
}

/** Dimension columns offered when the company has none yet: the usual ones, renamed at will. */
const SUGGESTED_DIMENSIONS = ["Region", "Product"];

export async function buildTemplate(data: TemplateData, format: "xlsx" | "csv"): Promise<TemplateFile> {
  const table = tableOf(data);
  const fileName = `meridian-${data.type}-template-${data.fiscalYear.replaceAll(/[^0-9A-Za-z]+/g, "-")}.${format}`;
  if (format === "csv") return { bytes: Buffer.from(`\uFEFF${table.map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`, "utf8"), fileName, mediaType: CSV };
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Meridian";
  const sheet = workbook.addWorksheet(UPLOAD_TYPE_LABELS[data.type]);
  for (const row of table) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  // The header stays text: a date-formatted cell would show in each reader's locale.
  sheet.getRow(1).numFmt = "@";
  sheet.views = [{ state: "frozen", xSplit: data.type === "dimensions" ? 0 : 2, ySplit: 1 }];
  sheet.columns.forEach((column, index) => (column.width = index === 1 ? 34 : 14));
  const help = workbook.addWorksheet("Read me");
  for (const line of helpLines(data)) help.addRow([line]);
  help.getColumn(1).width = 120;
  if (data.type === "dimensions") {
    const list = workbook.addWorksheet("KPIs");
    list.addRow(["ID", "KPI", "Unit"]).font = { bold: true };
    for (const kpi of data.kpis) list.addRow([kpi.id, spreadsheetText(kpi.name), kpi.unit]);
  }
  return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), fileName, mediaType: XLSX };
}

function tableOf(data: TemplateData): Cell[][] {
  switch (data.type) {
    case "fx": {
      const months = [...new Set(data.fxRates.flatMap((rate) => rate.rates.map((item) => item.month)))].sort((a, b) => a - b);
      const columns = months.length > 0 ? months : [data.months[0]!];
      return [
        ["FX rate", "Currency", ...columns.map(dottedDateOf)],
        ...data.fxRates.map((rate) => [spreadsheetText(rate.name), rate.currency, ...columns.map((month) => rate.rates.find((item) => item.month === month)?.rate ?? null)]),
      ];
    }
    case "dimensions": {
      const names = [...new Set(data.dimensionValues.flatMap((item) => dimensionsOf(item.dimensionKey).map(([name]) => name)))].sort();
      const dimensions = names.length > 0 ? names : SUGGESTED_DIMENSIONS;
      const kpiName = new Map(data.kpis.map((kpi) => [kpi.id, kpi.name] as const));
      return [
        ["ID", "KPI", "Date", "Value", ...dimensions.map(spreadsheetText)],
        ...data.dimensionValues.map((item) => {
          const values = new Map(dimensionsOf(item.dimensionKey));
          return [item.kpi, spreadsheetText(kpiName.get(item.kpi) ?? ""), dottedDateOf(item.month), item.value, ...dimensions.map((name) => spreadsheetText(values.get(name) ?? ""))];
        }),
      ];
    }
    default:
      return [
        ["ID", "KPI", ...data.months.map(dottedDateOf)],
        ...data.kpis.map((kpi) => [kpi.id, spreadsheetText(kpi.name), ...data.months.map((month) => data.values.get(kpi.id)?.get(month) ?? null)]),
      ];
  }
}

function helpLines(data: TemplateData): string[] {
  const common = [
    `Meridian upload template: ${UPLOAD_TYPE_LABELS[data.type]}, ${data.fiscalYear}.`,
    "Only the first sheet is read. Keep its first row (the header); the upload checks every row before anything is written.",
    `Numbers: ${NUMBER_INPUT_HINT} An empty cell changes nothing.`,
    "Dates are written dd.mm.yyyy, such as 01.04.2026; values are monthly, so a date names its month.",
    "Type values, not formulas: a cell with a formula is refused.",
  ];
  switch (data.type) {
    case "fx":
      return [
        ...common,
        "A row per named FX rate; each dated column is the rate from that date on (units of the rate's currency for one unit of the corporate currency).",
        "A row replaces the rate's dated values with its own: a single column applies to all dates, and the earliest date applies to earlier dates.",
      ];
    case "dimensions":
      return [
        ...common,
        "A row per value: the KPI's ID, the month, the value, and its dimensions. Name the dimension columns as you like (Region, Product, …); every column after Value is a dimension.",
        "The sheet KPIs lists the KPIs you may write.",
      ];
    default:
      return [...common, "A row per KPI you may write, identified by its ID (the name is for reading); a column per month."];
  }
}

function csvField(value: Cell): string {
  if (value === null) return "";
  const text = typeof value === "number" ? String(value) : value;
  return /[",\r\n;]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
