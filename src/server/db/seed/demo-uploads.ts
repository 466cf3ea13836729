import { fiscalYearStart } from "../../../domain/fiscal-calendar";
import { monthDateOf, monthRange, type MonthIndex } from "../../../domain/months";
import type { Sheet, SheetCell } from "../../../domain/uploads/sheet";
import { dottedDateOf } from "../../../domain/uploads/upload-dates";
import { checkUpload } from "../../features/uploads/upload-check";
import { importUpload } from "../../features/uploads/upload-import";
import { permissionsOf } from "../../platform/auth/permissions";
import type { TenantContext } from "../tenancy";
import { seededRandom } from "./random";

/** The KPI whose actuals the demo has by region and product: what a deep drill opens. */
export const DEEP_DRILL_KPI = "new_bookings";
export const DEMO_REGIONS = ["DACH", "Nordics", "UK & Ireland"] as const;
export const DEMO_PRODUCT_LINES = ["Subscription", "Services"] as const;

/**
 * The demo company's upload history, made by the upload feature itself (check, then import, as
 * the Administrator), so its rows, problems, previews, events and values are exactly what a
 * person's uploads make:
 * - this fiscal year's planning of two sales KPIs, uploaded on the year's first day ('successful');
 * - the month before last's actuals of four sales KPIs, dated the 15th as the person's own sheet
 *   dates them, one named as that sheet names it and one left empty ('contains warnings');
 * - new bookings of the last twelve months by region and product line (values by dimension,
 *   'successful'), which add up to the KPI's own actual each month: what its deep drill shows.
 * The values they write are the seeded ones: each upload first takes out what it brings back, so
 * the figures of the demo are the same with or without the history.
 */
export async function seedDemoUploads(context: TenantContext, adminId: number, currentMonth: MonthIndex, fiscalYearOffset: number, now: Date): Promise<void> {
  const reader = await permissionsOf(context, adminId);
  const kpis = new Map((await context.db.selectFrom("kpis").select(["id", "key", "name"]).execute()).map((kpi) => [kpi.key, kpi] as const));
  const stored = async (series: "actual" | "planning", kpiId: number, months: readonly MonthIndex[]) => {
    const rows = await context.db.selectFrom("kpi_values").select(["month", "value"]).where("kpi_id", "=", kpiId).where("series", "=", series).where("dimension_key", "=", "").where("month", "in", months.map(monthDateOf)).execute();
    return new Map(rows.map((row) => [row.month, Number(row.value)] as const));
  };
  const upload = async (type: "reporting" | "planning" | "dimensions", fileName: string, sheet: Sheet, at: Date) => {
    const checked = await checkUpload(context, { userId: adminId, reader, type, fileName, sheet, chosen: null, now: at });
    await importUpload(context, { id: checked.id, userId: adminId, reader, choice: "all", now: new Date(at.getTime() + 4 * 60_000) });
  };
  const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000);

  // This fiscal year's planning, uploaded on its first day.
  const lastYear = fiscalYearStart(currentMonth, fiscalYearOffset);
  const planned = ["new_bookings", "deals_won"].flatMap((key) => (kpis.get(key) ? [kpis.get(key)!] : []));
  const planMonths = monthRange(lastYear, lastYear + 11);
  const planRows: SheetCell[][] = [];
  for (const kpi of planned) {
    const values = await plannedValues(context, kpi.id, planMonths);
    if (planMonths.some((month) => !values.has(monthDateOf(month)))) continue;
    planRows.push([text(String(kpi.id)), text(kpi.name), ...planMonths.map((month) => number(values.get(monthDateOf(month))!))]);
  }
  if (planRows.length > 0) {
    for (const kpi of planned) await context.db.deleteFrom("kpi_values").where("kpi_id", "=", kpi.id).where("series", "=", "planning").where("dimension_key", "=", "").where("month", "in", planMonths.map(monthDateOf)).execute();
    await upload("planning", `Sales plan FY ${new Date(monthDateOf(lastYear)).getUTCFullYear()}.xlsx`, sheetOf(["ID", "KPI", ...planMonths.map(dottedDateOf)], planRows), new Date(`${monthDateOf(lastYear)}T09:30:00Z`));
  }

  // The month before last's actuals, dated mid-month, one row under its own sheet's name, one left empty (warnings).
  const month = currentMonth - 2;
  const reported = ["new_bookings", "deals_won", "qualified_leads", "sales_cycle"].flatMap((key) => (kpis.get(key) ? [kpis.get(key)!] : []));
  const actualRows: SheetCell[][] = [];
  const written: number[] = [];
  for (const kpi of reported) {
    const value = (await stored("actual", kpi.id, [month])).get(monthDateOf(month));
    if (kpi.key === "sales_cycle" || value === undefined) actualRows.push([text(String(kpi.id)), text(kpi.name), EMPTY]);
    else {
      actualRows.push([text(String(kpi.id)), text(kpi.key === "qualified_leads" ? "SQLs" : kpi.name), number(value)]);
      written.push(kpi.id);
    }
  }
  if (written.length > 0) {
    await context.db.deleteFrom("kpi_values").where("kpi_id", "in", written).where("series", "=", "actual").where("dimension_key", "=", "").where("month", "=", monthDateOf(month)).execute();
    await upload("reporting", `Sales actuals ${dottedDateOf(month).slice(3)}.xlsx`, sheetOf(["ID", "KPI", `15${dottedDateOf(month).slice(2)}`], actualRows), daysBefore(35));
  }

  // New bookings by region and product line, the last twelve months, adding up to each month's actual.
  const drill = kpis.get(DEEP_DRILL_KPI);
  if (drill) {
    const months = monthRange(currentMonth - 12, currentMonth - 1);
    const actuals = await stored("actual", drill.id, months);
    const rows: SheetCell[][] = [];
    for (const item of months) {
      const total = actuals.get(monthDateOf(item));
      if (total === undefined) continue;
      for (const part of splitOf(total, `${drill.key}/${monthDateOf(item)}`)) rows.push([text(String(drill.id)), text(drill.name), text(dottedDateOf(item)), number(part.value), text(part.region), text(part.product)]);
    }
    if (rows.length > 0) await upload("dimensions", "New bookings by region and product.csv", sheetOf(["ID", "KPI", "Date", "Value", "Region", "Product line"], rows), daysBefore(6));
  }
}

/** A month's total split over regions and product lines by seeded shares, in cents, adding up exactly. */
export function splitOf(total: number, seed: string): { region: string; product: string; value: number }[] {
  const random = seededRandom(seed);
  const cells = DEMO_REGIONS.flatMap((region, r) => DEMO_PRODUCT_LINES.map((product, p) => ({ region, product, weight: [0.5, 0.3, 0.2][r]! * [0.7, 0.3][p]! * (0.8 + 0.4 * random.uniform()) })));
  const weights = cells.reduce((sum, cell) => sum + cell.weight, 0);
  const cents = Math.round(total * 100);
  let left = cents;
  return cells.map((cell, index) => {
    const part = index === cells.length - 1 ? left : Math.round((cents * cell.weight) / weights);
    left -= part;
    return { region: cell.region, product: cell.product, value: part / 100 };
  });
}

async function plannedValues(context: TenantContext, kpiId: number, months: readonly MonthIndex[]) {
  const rows = await context.db.selectFrom("kpi_values").select(["month", "value"]).where("kpi_id", "=", kpiId).where("series", "=", "planning").where("dimension_key", "=", "").where("month", "in", months.map(monthDateOf)).execute();
  return new Map(rows.map((row) => [row.month, Number(row.value)] as const));
}

const EMPTY: SheetCell = { kind: "empty" };
const text = (value: string): SheetCell => ({ kind: "text", text: value });
const number = (value: number): SheetCell => ({ kind: "number", value, percent: false });

function sheetOf(header: readonly string[], rows: readonly (readonly SheetCell[])[]): Sheet {
  return { header: { number: 1, cells: header.map(text) }, rows: rows.map((cells, index) => ({ number: index + 2, cells })) };
}
