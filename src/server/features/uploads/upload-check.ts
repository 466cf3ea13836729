import { sql } from "kysely";
import type { ColumnMapping, UploadCheck, UploadType } from "../../../contracts/uploads";
import { monthDateOf, monthIndexOf } from "../../../domain/months";
import { checkFxSheet } from "../../../domain/uploads/check-fx-sheet";
import { checkKpiSheet, type KpiUploadType, type UploadKpi } from "../../../domain/uploads/check-kpi-sheet";
import type { CheckedRow, CheckedUpload } from "../../../domain/uploads/check-parts";
import { NO_MAPPING } from "../../../domain/uploads/column-mapping";
import type { Sheet } from "../../../domain/uploads/sheet";
import { previewOf, uploadCounts, uploadState } from "../../../domain/uploads/upload-result";
import { NO_ACTIVE_FORECAST } from "../../../domain/uploads/upload-texts";
import type { TenantContext } from "../../db/tenancy";
import { badRequest } from "../../platform/http/errors";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead, mayWrite, type Reader } from "../kpis/kpi-service";
import { activeForecastsByCategory } from "../forecasting/active-forecasts";
import { loadUpload, type StoredRow } from "./upload-store";

/** Rows of the preview kept with an upload: enough to see what a file does, bounded per upload. */
export const PREVIEW_ROWS = 100;

export interface CheckInput {
  readonly userId: number;
  readonly reader: Reader;
  readonly type: UploadType;
  readonly fileName: string;
  readonly sheet: Sheet;
  /** The headers the person chose for this upload (null: their remembered ones, else the usual names). */
  readonly chosen: ColumnMapping | null;
  readonly now: Date;
}

/**
 * The check step: validates the file's rows against the company's KPIs (or FX rates) and the
 * uploader's permissions, and stores the outcome as a checked upload with its problems and what
 * its valid rows would write. No KPI value, plan, forecast or rate is written here.
 */
export async function checkUpload(context: TenantContext, input: CheckInput): Promise<UploadCheck> {
  const { db, tenantId } = context;
  const remembered = await db.selectFrom("upload_mappings").select("mapping").where("user_id", "=", input.userId).where("type", "=", input.type).executeTakeFirst();
  const mapping = input.chosen ?? ((remembered?.mapping as ColumnMapping | undefined) ?? NO_MAPPING);
  let forecastTargets: Map<number, number> | null = null;
  let checked: CheckedUpload;
  if (input.type === "fx") {
    checked = checkFxSheet(input.sheet, await db.selectFrom("fx_rates").select(["id", "name"]).execute());
  } else {
    if (input.type === "forecasting") {
      // Values go into the active forecast of each KPI's category (forecasting/active-forecasts).
      forecastTargets = await activeForecastsByCategory(context);
      if (forecastTargets.size === 0) throw badRequest({ file: [NO_ACTIVE_FORECAST] });
    }
    const kpis = new Map<number, UploadKpi>(
      (await loadKpis(context)).map((kpi) => [kpi.id, { id: kpi.id, name: kpi.name, unit: kpi.unit, calculated: kpi.formula !== null, readable: mayRead(input.reader, kpi), writable: mayWrite(input.reader, kpi) }]),
    );
    const options = { type: input.type, kpis, currentMonth: input.now.getUTCFullYear() * 12 + input.now.getUTCMonth(), mapping };
    const first = checkKpiSheet(input.sheet, options);
    // Again with what is stored, so values the file does not change are not written again.
    const stored = await storedValues(context, input.type, first.rows);
    checked = checkKpiSheet(input.sheet, { ...options, stored: (kpi, key, month) => stored.get(`${kpi}/${key}/${month}`) });
  }

  const counts = uploadCounts(checked.rows, checked);
  const validRows: StoredRow[] = checked.rows
    .filter((row) => row.valid)
    .map((row) => ({ row: row.row, target: row.target, label: row.label, dimensionKey: row.dimensionKey, values: row.values.map((value) => [value.month, value.value]), ...(row.createsRate ? { createsRate: row.createsRate } : {}) }));
  const inserted = await db
    .insertInto("uploads")
    .values({
      tenant_id: tenantId,
      user_id: input.userId,
      type: input.type,
      file_name: input.fileName,
      state: uploadState(checked),
      layout: checked.layout,
      columns: JSON.stringify(checked.columns),
      mapping: JSON.stringify(checked.mapping),
      problems: JSON.stringify(checked.problems),
      checked_rows: JSON.stringify(validRows),
      preview: JSON.stringify(previewOf(checked.rows, PREVIEW_ROWS)),
      row_count: counts.rows,
      valid_row_count: counts.validRows,
      value_count: counts.values,
      unchanged_count: counts.unchanged,
      error_count: counts.errors,
      warning_count: counts.warnings,
      forecast_id: null,
      forecast_targets: forecastTargets === null ? null : JSON.stringify(Object.fromEntries(forecastTargets)),
      created_at: input.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (input.chosen && JSON.stringify(input.chosen) !== JSON.stringify(remembered?.mapping ?? null)) {
    const json = JSON.stringify(input.chosen);
    await db
      .insertInto("upload_mappings")
      .values({ tenant_id: tenantId, user_id: input.userId, type: input.type, mapping: json, updated_at: input.now })
      .onConflict((oc) => oc.columns(["tenant_id", "user_id", "type"]).doUpdateSet({ mapping: json, updated_at: input.now }))
      .execute();
    await context.appendEvent({ type: "UploadMappingRemembered", payload: { userId: input.userId, type: input.type, mapping: input.chosen } });
  }
  await context.appendEvent({
    type: "UploadChecked",
    payload: { id: inserted.id, userId: input.userId, type: input.type, fileName: input.fileName, state: uploadState(checked), rows: counts.rows, validRows: counts.validRows },
  });
  return loadUpload(context, inserted.id, input.userId);
}

/**
 * The stored values the file's rows touch (KPI, dimension key, month → value), in one query: the
 * type's series for those KPIs over the months the file names.
 */
async function storedValues(context: TenantContext, type: KpiUploadType, rows: readonly CheckedRow[]): Promise<Map<string, number>> {
  const kpiIds = [...new Set(rows.flatMap((row) => (row.target === null ? [] : [row.target])))];
  const months = rows.flatMap((row) => row.values.map((value) => value.month));
  const stored = new Map<string, number>();
  if (kpiIds.length === 0 || months.length === 0) return stored;
  const [from, to] = [monthDateOf(Math.min(...months)), monthDateOf(Math.max(...months))];
  const ids = sql<number[]>`${kpiIds}::bigint[]`;
  const found =
    type === "forecasting"
      ? await context.db
          .selectFrom("forecast_values")
          .innerJoin("forecasts", (join) => join.onRef("forecasts.tenant_id", "=", "forecast_values.tenant_id").onRef("forecasts.id", "=", "forecast_values.forecast_id"))
          .innerJoin("kpis", (join) => join.onRef("kpis.tenant_id", "=", "forecast_values.tenant_id").onRef("kpis.id", "=", "forecast_values.kpi_id").onRef("kpis.category_id", "=", "forecasts.category_id"))
          .select(["forecast_values.kpi_id", sql<string>`''`.as("dimension_key"), "forecast_values.month", "forecast_values.value"])
          .where("forecasts.is_active", "=", true)
          .where("forecast_values.kpi_id", "=", sql<number>`any(${ids})`)
          .where("forecast_values.month", ">=", from)
          .where("forecast_values.month", "<=", to)
          .execute()
      : await context.db
          .selectFrom("kpi_values")
          .select(["kpi_id", "dimension_key", "month", "value"])
          .where("series", "=", type === "planning" ? "planning" : "actual")
          .where(type === "dimensions" ? sql<boolean>`dimension_key <> ''` : sql<boolean>`dimension_key = ''`)
          .where("kpi_id", "=", sql<number>`any(${ids})`)
          .where("month", ">=", from)
          .where("month", "<=", to)
          .execute();
  for (const row of found) stored.set(`${row.kpi_id}/${row.dimension_key}/${monthIndexOf(row.month)}`, row.value);
  return stored;
}
