import { sql } from "kysely";
import type { UploadCheck, UploadType } from "../../../contracts/uploads";
import { monthDateOf } from "../../../domain/months";
import type { CheckedRow } from "../../../domain/uploads/check-parts";
import { rowsToImport, type ImportChoice } from "../../../domain/uploads/upload-result";
import { ALREADY_IMPORTED, CHECK_OUTDATED, HAS_ERRORS, NO_ACTIVE_FORECAST, NOTHING_VALID } from "../../../domain/uploads/upload-texts";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead, mayWrite, type Reader } from "../kpis/kpi-service";
import { activeForecastsByCategory, categoriesOfKpis } from "../forecasting/active-forecasts";
import { requireUploadType } from "./upload-access";
import { loadUpload, type StoredRow } from "./upload-store";

/** Rows per statement: far below PostgreSQL's 65,535 bind parameters. */
const CHUNK = 2_000;

export const CANNOT_CANCEL_IMPORTED = "An imported upload stays in the history; it cannot be cancelled.";

/**
 * The confirm step: writes a checked upload's rows in one transaction with their domain events
 * (the same events a hand edit makes, so open dashboards follow at once). All rows by default,
 * refused when any row has an error; or only the valid rows when the person chooses so. What the
 * check decided is checked again where it may have changed since (the KPIs, the person's
 * permissions, the active forecast, the FX rates): a change makes the person check the file again.
 */
export async function importUpload(context: TenantContext, input: { id: number; userId: number; reader: Reader; choice: ImportChoice; now: Date }): Promise<UploadCheck> {
  const { db } = context;
  const upload = await db
    .selectFrom("uploads")
    .select(["type", "status", "error_count", "checked_rows", "forecast_targets"])
    .where("id", "=", input.id)
    .where("user_id", "=", input.userId)
    .forUpdate()
    .executeTakeFirst();
  if (!upload) throw notFound();
  if (upload.status === "imported") throw new HttpError(409, { detail: ALREADY_IMPORTED });
  requireUploadType(input.reader, upload.type);
  const stored = upload.checked_rows as StoredRow[];
  const rows: CheckedRow[] = stored.map((row) => ({ ...row, valid: true, unchanged: 0, values: row.values.map(([month, value]) => ({ month, value })) }));
  const decision = rowsToImport(rows, upload.error_count, input.choice);
  if (decision.kind === "refused") throw badRequest({ detail: [decision.reason === "has-errors" ? HAS_ERRORS : NOTHING_VALID] });
  const targets = await requireStillWritable(context, upload.type, (upload.forecast_targets as Record<string, number> | null) ?? {}, decision.rows, input.reader);

  const written = await write(context, upload.type, targets, decision.rows, input.userId, input.id);
  await db
    .updateTable("uploads")
    .set({ status: "imported", imported_at: input.now, imported_rows: input.choice, imported_value_count: written, checked_rows: "[]" })
    .where("id", "=", input.id)
    .execute();
  await context.appendEvent({ type: "UploadImported", payload: { id: input.id, userId: input.userId, type: upload.type, rows: input.choice, values: written } });
  return loadUpload(context, input.id, input.userId);
}

/** Cancels a checked upload: it is deleted (nothing of it was written). */
export async function cancelUpload(context: TenantContext, id: number, userId: number) {
  const upload = await context.db.selectFrom("uploads").select("status").where("id", "=", id).where("user_id", "=", userId).forUpdate().executeTakeFirst();
  if (!upload) throw notFound();
  if (upload.status === "imported") throw new HttpError(409, { detail: CANNOT_CANCEL_IMPORTED });
  await context.db.deleteFrom("uploads").where("id", "=", id).execute();
  await context.appendEvent({ type: "UploadCancelled", payload: { id, userId } });
}

/**
 * Refuses when what the check decided has changed; for a forecast upload answers the forecast each
 * KPI's values go into (the active forecast of its category, as it was at the check).
 */
async function requireStillWritable(context: TenantContext, type: UploadType, checkedTargets: Readonly<Record<string, number>>, rows: readonly CheckedRow[], reader: Reader): Promise<Map<number, number>> {
  const outdated = () => new HttpError(409, { detail: CHECK_OUTDATED });
  const targets = new Map<number, number>();
  if (type === "fx") {
    const rates = await context.db.selectFrom("fx_rates").select(["id", "name"]).execute();
    const ids = new Set(rates.map((rate) => rate.id));
    const names = new Set(rates.map((rate) => rate.name.trim().toLowerCase()));
    // A rate to create that someone created meanwhile would be a second rate of that name.
    if (rows.some((row) => (row.createsRate ? names.has(row.createsRate.name.trim().toLowerCase()) : !ids.has(row.target!)))) throw outdated();
    return targets;
  }
  if (type === "forecasting") {
    const [active, categories] = await Promise.all([activeForecastsByCategory(context), categoriesOfKpis(context)]);
    for (const row of rows) {
      const category = categories.get(row.target!);
      const forecast = category === undefined ? undefined : active.get(category);
      if (forecast === undefined) throw badRequest({ detail: [NO_ACTIVE_FORECAST] });
      if (checkedTargets[String(category)] !== forecast) throw outdated();
      targets.set(row.target!, forecast);
    }
  }
  const kpis = new Map((await loadKpis(context)).map((kpi) => [kpi.id, kpi] as const));
  for (const row of rows) {
    const kpi = kpis.get(row.target!);
    if (!kpi || kpi.formula !== null || !mayRead(reader, kpi) || !mayWrite(reader, kpi)) throw outdated();
  }
  return targets;
}

/** Writes the rows; returns the number of values written (removals included). */
async function write(context: TenantContext, type: UploadType, forecastTargets: ReadonlyMap<number, number>, rows: readonly CheckedRow[], userId: number, uploadId: number): Promise<number> {
  if (type === "fx") {
    for (const row of rows) {
      if (row.values.length === 0) continue; // "no rate given": the rate stays as it is
      const rates = row.values.map((value) => ({ validFrom: monthDateOf(value.month), rate: value.value! }));
      if (row.createsRate) {
        // A rate the company does not have yet: created with its rates, as Currency settings would.
        const { name, currency } = row.createsRate;
        const created = await context.db.insertInto("fx_rates").values({ tenant_id: context.tenantId, name, currency }).returning("id").executeTakeFirstOrThrow();
        await context.db.insertInto("fx_rate_values").values(rates.map((rate) => ({ tenant_id: context.tenantId, fx_rate_id: created.id, valid_from: rate.validFrom, rate: rate.rate }))).execute();
        await context.db.updateTable("tenants").set({ multi_currency: true }).where("id", "=", context.tenantId).execute();
        await context.appendEvent({ type: "CurrencyCreated", payload: { id: created.id, name, code: currency, rates, uploadId } });
        continue;
      }
      await context.db.deleteFrom("fx_rate_values").where("fx_rate_id", "=", row.target!).execute();
      await context.db.insertInto("fx_rate_values").values(rates.map((rate) => ({ tenant_id: context.tenantId, fx_rate_id: row.target!, valid_from: rate.validFrom, rate: rate.rate }))).execute();
      await context.appendEvent({ type: "CurrencyChanged", payload: { id: row.target, rates, uploadId } });
    }
    return rows.reduce((sum, row) => sum + row.values.length, 0);
  }
  const values = rows.flatMap((row) => row.values.map((value) => ({ kpi: row.target!, dimensionKey: row.dimensionKey, date: monthDateOf(value.month), value: value.value })));
  if (values.length === 0) return 0;
  if (type === "forecasting") await writeForecasts(context, forecastTargets, values, uploadId);
  else await writeKpiValues(context, type === "planning" ? "planning" : "actual", values);
  const by = userId;
  switch (type) {
    case "reporting":
      await context.appendEvent({ type: "KpiValueEdited", payload: { values: values.map(({ kpi, date, value }) => ({ kpi, date, value })), by, uploadId } });
      break;
    case "planning":
      await context.appendEvent({ type: "PlanningValueEdited", payload: { values: values.map(({ kpi, date, value }) => ({ kpi, date, value })), by, uploadId } });
      break;
    case "forecasting":
      for (const forecastId of new Set(forecastTargets.values())) {
        const ofForecast = values.filter((value) => forecastTargets.get(value.kpi) === forecastId);
        if (ofForecast.length) await context.appendEvent({ type: "ForecastValueEdited", payload: { forecastId, values: ofForecast.map(({ kpi, date, value }) => ({ kpi, date, value })), by, uploadId } });
      }
      break;
    case "dimensions": {
      // Values by dimension can be many: the event names the KPIs and months, each with its count.
      const perKpi = new Map<number, { months: Set<string>; count: number }>();
      for (const value of values) {
        const entry = perKpi.get(value.kpi) ?? { months: new Set<string>(), count: 0 };
        entry.months.add(value.date);
        entry.count += 1;
        perKpi.set(value.kpi, entry);
      }
      const kpis = [...perKpi].map(([kpi, entry]) => ({ kpi, months: [...entry.months].sort(), count: entry.count }));
      await context.appendEvent({ type: "KpiDimensionValuesUploaded", payload: { values: kpis, by, uploadId } });
      break;
    }
  }
  return values.length;
}

type Value = { kpi: number; dimensionKey: string; date: string; value: number | null };

async function writeKpiValues({ db, tenantId }: TenantContext, series: "actual" | "planning", values: readonly Value[]) {
  const removed = values.filter((value) => value.value === null);
  const kept = values.filter((value) => value.value !== null);
  for (let start = 0; start < removed.length; start += CHUNK) {
    const chunk = removed.slice(start, start + CHUNK);
    await db
      .deleteFrom("kpi_values")
      .where("series", "=", series)
      .where(sql<boolean>`(kpi_id, dimension_key, month) in (select * from unnest(${chunk.map((value) => value.kpi)}::bigint[], ${chunk.map((value) => value.dimensionKey)}::text[], ${chunk.map((value) => value.date)}::date[]))`)
      .execute();
  }
  const now = new Date();
  for (let start = 0; start < kept.length; start += CHUNK) {
    const chunk = kept.slice(start, start + CHUNK);
    await db
      .insertInto("kpi_values")
      .values(chunk.map((value) => ({ tenant_id: tenantId, kpi_id: value.kpi, dimension_key: value.dimensionKey, series, month: value.date, value: value.value!, updated_at: now })))
      .onConflict((oc) => oc.columns(["tenant_id", "kpi_id", "dimension_key", "series", "month"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: now })))
      .execute();
  }
}

/**
 * A forecast upload: each KPI's values go into the active forecast of its category, marked as set
 * by hand, and the KPI keeps them when a forecast is recomputed (override_forecasting, as after an
 * adjustment in the forecast grid). The values also become the company's forecasting spreadsheet
 * (forecast_sheet_values), which spreadsheet-service forecasts read.
 */
async function writeForecasts({ db, tenantId }: TenantContext, targets: ReadonlyMap<number, number>, values: readonly Value[], uploadId: number) {
  const removed = values.filter((value) => value.value === null);
  const kept = values.filter((value) => value.value !== null);
  for (let start = 0; start < removed.length; start += CHUNK) {
    const chunk = removed.slice(start, start + CHUNK);
    const rows = sql`select * from unnest(${chunk.map((value) => targets.get(value.kpi)!)}::bigint[], ${chunk.map((value) => value.kpi)}::bigint[], ${chunk.map((value) => value.date)}::date[])`;
    await db.deleteFrom("forecast_values").where(sql<boolean>`(forecast_id, kpi_id, month) in (${rows})`).execute();
    await db.deleteFrom("forecast_sheet_values").where(sql<boolean>`(kpi_id, month) in (select * from unnest(${chunk.map((value) => value.kpi)}::bigint[], ${chunk.map((value) => value.date)}::date[]))`).execute();
  }
  const now = new Date();
  for (let start = 0; start < kept.length; start += CHUNK) {
    const chunk = kept.slice(start, start + CHUNK);
    await db
      .insertInto("forecast_values")
      .values(chunk.map((value) => ({ tenant_id: tenantId, forecast_id: targets.get(value.kpi)!, kpi_id: value.kpi, month: value.date, value: value.value!, adjusted: true })))
      .onConflict((oc) => oc.columns(["tenant_id", "forecast_id", "kpi_id", "month"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), adjusted: true })))
      .execute();
    await db
      .insertInto("forecast_sheet_values")
      .values(chunk.map((value) => ({ tenant_id: tenantId, kpi_id: value.kpi, month: value.date, value: value.value!, upload_id: uploadId, updated_at: now })))
      .onConflict((oc) => oc.columns(["tenant_id", "kpi_id", "month"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), upload_id: uploadId, updated_at: now })))
      .execute();
  }
  const kpis = [...new Set(values.map((value) => value.kpi))];
  if (kpis.length) await db.updateTable("kpis").set({ override_forecasting: true }).where("id", "in", kpis).execute();
}
