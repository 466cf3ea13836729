import { sql } from "kysely";
import {
  FORECAST_METHOD_LABELS,
  FORECAST_SOURCE_LABELS,
  type CreateForecastRequest,
  type ForecastCategory,
  type ForecastComputed,
  type ForecastDetail,
  type ForecastPatch,
  type ForecastPatched,
  type ForecastReports,
  type ForecastSources,
  type ForecastSummary,
  type ForecastSwitched,
  type KpiForecasts,
  type KpiNote,
} from "../../../contracts/forecasting";
import { forecastAccuracy } from "../../../domain/forecasting/accuracy";
import { projectLinear } from "../../../domain/forecasting/linear-progression";
import {
  ACTIVE_FORECAST_DELETE,
  FORECAST_NAME_TAKEN,
  NEEDS_TWO_MONTHS,
  SPREADSHEET_NEEDS_DATA,
  SPREADSHEET_NO_KPI_DATA,
  SYSTEM_FORECAST_DELETE,
  VALUE_OUTSIDE_TIMEFRAME,
  VALUES_FORBIDDEN,
} from "../../../domain/forecasting/texts";
import { timeframeProblems } from "../../../domain/forecasting/timeframes";
import { convert, type DatedRate } from "../../../domain/kpi/fx";
import { monthDateOf, monthIndexAt, monthIndexOf, monthRange, type MonthIndex } from "../../../domain/months";
import type { Permission } from "../../../domain/permissions/catalogue";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { loadFxRate, loadKpis, type KpiRow } from "../kpis/kpi-repository";
import { mayRead, mayWrite, type Reader } from "../kpis/kpi-service";

const CHUNK = 2_000;
const isUniqueViolation = (error: unknown) => typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";

/** May write forecasts at all: create, activate, switch, deactivate, recompute, delete. */
export const mayWriteForecasts = (reader: Reader) => reader.isStaff || reader.permissions.has("write_forecasts" as Permission);

type ForecastRow = {
  id: number;
  category_id: number;
  name: string;
  source: "meridian" | "spreadsheet";
  method: "linear_progression";
  is_system: boolean;
  is_active: boolean;
  actuals_from: string;
  actuals_to: string;
  forecast_from: string;
  forecast_to: string;
  created_at: Date;
  activated_at: Date | null;
  created_by_name: string | null;
};

function forecastsQuery({ db }: TenantContext) {
  return db
    .selectFrom("forecasts")
    .leftJoin("users", (join) => join.onRef("users.tenant_id", "=", "forecasts.tenant_id").onRef("users.id", "=", "forecasts.created_by"))
    .select([
      "forecasts.id",
      "forecasts.category_id",
      "forecasts.name",
      "forecasts.source",
      "forecasts.method",
      "forecasts.is_system",
      "forecasts.is_active",
      "forecasts.actuals_from",
      "forecasts.actuals_to",
      "forecasts.forecast_from",
      "forecasts.forecast_to",
      "forecasts.created_at",
      "forecasts.activated_at",
      sql<string | null>`nullif(trim(users.first_name || ' ' || users.last_name), '')`.as("created_by_name"),
    ]);
}

export function summaryOf(row: ForecastRow): ForecastSummary {
  const spreadsheet = row.source === "spreadsheet";
  return {
    id: row.id,
    categoryId: row.category_id,
    name: row.name,
    source: row.source,
    method: row.method,
    isSystem: row.is_system,
    isActive: row.is_active,
    actualsFrom: spreadsheet ? null : row.actuals_from,
    actualsTo: spreadsheet ? null : row.actuals_to,
    forecastFrom: row.forecast_from,
    forecastTo: row.forecast_to,
    createdAt: new Date(row.created_at).toISOString(),
    createdBy: row.created_by_name,
    activatedAt: row.activated_at ? new Date(row.activated_at).toISOString() : null,
  };
}

async function loadForecast(context: TenantContext, id: number, forUpdate = false): Promise<ForecastRow> {
  let query = forecastsQuery(context).where("forecasts.id", "=", id);
  if (forUpdate) query = query.forUpdate("forecasts");
  const row = await query.executeTakeFirst();
  if (!row) throw notFound();
  return row as ForecastRow;
}

async function categoryOf(context: TenantContext, id: number): Promise<ForecastCategory> {
  const categories = await forecastCategories(context);
  const category = categories.find((candidate) => candidate.id === id);
  if (!category) throw notFound();
  return category;
}

/** GET /forecasting/categories/: every KPI category with its active forecast. */
export async function forecastCategories({ db }: TenantContext): Promise<ForecastCategory[]> {
  const [categories, forecasts] = await Promise.all([
    db.selectFrom("kpi_categories").select(["id", "name", "kind"]).orderBy("position").orderBy("id").execute(),
    db.selectFrom("forecasts").select(["id", "name", "category_id", "is_active"]).execute(),
  ]);
  return categories.map((category) => {
    const own = forecasts.filter((forecast) => forecast.category_id === category.id);
    const active = own.find((forecast) => forecast.is_active);
    return { id: category.id, name: category.name, kind: category.kind, activeForecast: active ? { id: active.id, name: active.name } : null, forecastCount: own.length };
  });
}

/** GET /forecasting/{categoryId}/reports/: the category's forecasts, the active one first, then the newest. */
export async function forecastReports(context: TenantContext, categoryId: number, reader: Reader): Promise<ForecastReports> {
  const category = await categoryOf(context, categoryId);
  const rows = await forecastsQuery(context).where("forecasts.category_id", "=", categoryId).orderBy("forecasts.is_active", "desc").orderBy("forecasts.created_at", "desc").orderBy("forecasts.id", "desc").execute();
  return { category, forecasts: rows.map((row) => summaryOf(row as ForecastRow)), mayWrite: mayWriteForecasts(reader) };
}

/** The months with a stored actual, per KPI, from `first` on. */
async function actualsOf({ db }: TenantContext, kpiIds: readonly number[], first: MonthIndex, last: MonthIndex): Promise<Map<number, Map<MonthIndex, number>>> {
  const result = new Map<number, Map<MonthIndex, number>>(kpiIds.map((id) => [id, new Map()]));
  if (kpiIds.length === 0) return result;
  const rows = await db
    .selectFrom("kpi_values")
    .select(["kpi_id", "month", "value"])
    .where("series", "=", "actual")
    .where("dimension_key", "=", "")
    .where("kpi_id", "in", [...kpiIds])
    .where("month", ">=", monthDateOf(first))
    .where("month", "<=", monthDateOf(last))
    .execute();
  for (const row of rows) result.get(row.kpi_id)?.set(monthIndexOf(row.month), row.value);
  return result;
}

async function sheetOf({ db }: TenantContext, kpiIds: readonly number[]): Promise<Map<number, Map<MonthIndex, number>>> {
  const result = new Map<number, Map<MonthIndex, number>>(kpiIds.map((id) => [id, new Map()]));
  if (kpiIds.length === 0) return result;
  const rows = await db.selectFrom("forecast_sheet_values").select(["kpi_id", "month", "value"]).where("kpi_id", "in", [...kpiIds]).execute();
  for (const row of rows) result.get(row.kpi_id)?.set(monthIndexOf(row.month), row.value);
  return result;
}

/** The stored (not calculated) KPIs of a category: the ones a forecast holds values for. */
async function forecastKpis(context: TenantContext, categoryId: number): Promise<KpiRow[]> {
  return (await loadKpis(context)).filter((kpi) => kpi.category_id === categoryId && kpi.formula === null);
}

/** Whether the company's forecasting spreadsheet holds any value (spec section 5: a spreadsheet-service forecast needs data in the integration). */
async function sheetHasData({ db }: TenantContext): Promise<boolean> {
  return (await db.selectFrom("forecast_sheet_values").select("kpi_id").limit(1).executeTakeFirst()) !== undefined;
}

export async function sourcesAvailable(context: TenantContext) {
  const sheet = await sheetHasData(context);
  return [
    { source: "meridian" as const, label: FORECAST_SOURCE_LABELS.meridian, available: true, message: null },
    { source: "spreadsheet" as const, label: FORECAST_SOURCE_LABELS.spreadsheet, available: sheet, message: sheet ? null : SPREADSHEET_NEEDS_DATA },
  ];
}

/** GET /forecasting/{categoryId}/sources/ */
export async function forecastSources(context: TenantContext, categoryId: number, reader: Reader, now: Date): Promise<ForecastSources> {
  await categoryOf(context, categoryId);
  const currentMonth = monthIndexAt(now);
  const kpis = (await forecastKpis(context, categoryId)).filter((kpi) => mayRead(reader, kpi));
  const ids = kpis.map((kpi) => kpi.id);
  const [actuals, sheet] = await Promise.all([actualsOf(context, ids, currentMonth - 120, currentMonth - 1), sheetOf(context, ids)]);
  const months = (values: Map<MonthIndex, number> | undefined) => [...(values?.keys() ?? [])].sort((a, b) => a - b).map(monthDateOf);
  return {
    sources: await sourcesAvailable(context),
    methods: [{ method: "linear_progression", label: FORECAST_METHOD_LABELS.linear_progression }],
    lastActualMonth: monthDateOf(currentMonth - 1),
    kpis: kpis.map((kpi) => ({ id: kpi.id, name: kpi.name, actualMonths: months(actuals.get(kpi.id)), sheetMonths: months(sheet.get(kpi.id)) })),
  };
}

interface Computed {
  readonly values: { kpi: number; month: MonthIndex; value: number }[];
  readonly notes: KpiNote[];
}

/** The values a forecast's source and method give every KPI of its category; notes for the KPIs left out. */
async function compute(context: TenantContext, forecast: Pick<ForecastRow, "category_id" | "source" | "actuals_from" | "actuals_to" | "forecast_from" | "forecast_to">, kpis: readonly KpiRow[]): Promise<Computed> {
  const ids = kpis.map((kpi) => kpi.id);
  const forecastTimeframe = [monthIndexOf(forecast.forecast_from), monthIndexOf(forecast.forecast_to)] as const;
  const values: Computed["values"] = [];
  const notes: KpiNote[] = [];
  if (forecast.source === "spreadsheet") {
    const sheet = await sheetOf(context, ids);
    for (const kpi of kpis) {
      let found = 0;
      for (const [month, value] of sheet.get(kpi.id)!) {
        if (month < forecastTimeframe[0] || month > forecastTimeframe[1]) continue;
        values.push({ kpi: kpi.id, month, value });
        found++;
      }
      if (found === 0) notes.push({ kpi: kpi.id, name: kpi.name, message: SPREADSHEET_NO_KPI_DATA });
    }
    return { values, notes };
  }
  const actualsTimeframe = [monthIndexOf(forecast.actuals_from), monthIndexOf(forecast.actuals_to)] as const;
  const actuals = await actualsOf(context, ids, actualsTimeframe[0], actualsTimeframe[1]);
  for (const kpi of kpis) {
    const projection = projectLinear(actuals.get(kpi.id)!, actualsTimeframe, forecastTimeframe);
    if (projection.kind === "too-few-months") {
      notes.push({ kpi: kpi.id, name: kpi.name, message: `${NEEDS_TWO_MONTHS} It has ${projection.basisMonths === 0 ? "none" : projection.basisMonths === 1 ? "1 month" : `${projection.basisMonths} months`} in the actuals timeframe.` });
      continue;
    }
    for (const [month, value] of projection.values) values.push({ kpi: kpi.id, month, value });
  }
  return { values, notes };
}

/** Writes computed values of the given KPIs: their old values go, the new ones come in bulk. */
async function writeComputed({ db, tenantId }: TenantContext, forecastId: number, kpiIds: readonly number[], values: Computed["values"]) {
  if (kpiIds.length) await db.deleteFrom("forecast_values").where("forecast_id", "=", forecastId).where("kpi_id", "in", [...kpiIds]).execute();
  for (let start = 0; start < values.length; start += CHUNK) {
    const chunk = values.slice(start, start + CHUNK);
    await db
      .insertInto("forecast_values")
      .values(chunk.map((value) => ({ tenant_id: tenantId, forecast_id: forecastId, kpi_id: value.kpi, month: monthDateOf(value.month), value: value.value, adjusted: false })))
      .execute();
  }
}

async function requireNameFree({ db }: TenantContext, categoryId: number, name: string, except: number | null) {
  let query = db.selectFrom("forecasts").select("id").where("category_id", "=", categoryId).where(sql<boolean>`lower(name) = lower(${name})`);
  if (except !== null) query = query.where("id", "<>", except);
  if (await query.executeTakeFirst()) throw badRequest({ name: [FORECAST_NAME_TAKEN] });
}

/** POST /forecasting/: validates, creates and computes a user forecast (inactive); ForecastCreated. */
export async function createForecast(context: TenantContext, input: CreateForecastRequest, userId: number, now: Date): Promise<ForecastComputed> {
  const name = input.name.trim();
  if (name === "") throw badRequest({ name: ["This field may not be blank."] });
  const currentMonth = monthIndexAt(now);
  const category = await context.db.selectFrom("kpi_categories").select("id").where("id", "=", input.categoryId).executeTakeFirst();
  if (!category) throw notFound();
  const problems: Record<string, string[]> = {};
  if (input.source === "meridian" && (!input.actualsFrom || !input.actualsTo)) {
    if (!input.actualsFrom) problems["actualsFrom"] = ["This field is required."];
    if (!input.actualsTo) problems["actualsTo"] = ["This field is required."];
  } else {
    const actualsFrom = input.actualsFrom ? monthIndexOf(input.actualsFrom) : monthIndexOf(input.forecastFrom) - 1;
    const actualsTo = input.actualsTo ? monthIndexOf(input.actualsTo) : monthIndexOf(input.forecastFrom) - 1;
    Object.assign(problems, timeframeProblems({ actualsFrom, actualsTo, forecastFrom: monthIndexOf(input.forecastFrom), forecastTo: monthIndexOf(input.forecastTo) }, currentMonth, input.source));
  }
  if (input.source === "spreadsheet" && !(await sheetHasData(context))) problems["source"] = [SPREADSHEET_NEEDS_DATA];
  if (Object.keys(problems).length) throw badRequest(problems);
  await requireNameFree(context, input.categoryId, name, null);
  // A spreadsheet takes no actuals: its row keeps the month before the forecast as both ends.
  const before = monthDateOf(monthIndexOf(input.forecastFrom) - 1);
  let inserted;
  try {
    inserted = await context.db
      .insertInto("forecasts")
      .values({
        tenant_id: context.tenantId,
        category_id: input.categoryId,
        name,
        source: input.source,
        method: input.method,
        is_system: false,
        is_active: false,
        actuals_from: input.source === "meridian" ? input.actualsFrom! : before,
        actuals_to: input.source === "meridian" ? input.actualsTo! : before,
        forecast_from: input.forecastFrom,
        forecast_to: input.forecastTo,
        created_at: now,
        created_by: userId,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest({ name: [FORECAST_NAME_TAKEN] });
    throw error;
  }
  const forecast = await loadForecast(context, inserted.id);
  const kpis = await forecastKpis(context, input.categoryId);
  const computed = await compute(context, forecast, kpis);
  await writeComputed(context, forecast.id, [], computed.values);
  await context.appendEvent({ type: "ForecastCreated", payload: { forecastId: forecast.id, categoryId: forecast.category_id, name: forecast.name, by: userId } });
  return { forecast: summaryOf(forecast), notes: computed.notes, kept: [] };
}

/**
 * POST /forecasting/{id}/recompute/: the source and method again over the same timeframes. KPIs
 * with override_forecasting keep their values as they are (their forecast is kept by hand).
 */
export async function recomputeForecast(context: TenantContext, id: number, userId: number): Promise<ForecastComputed> {
  const forecast = await loadForecast(context, id, true);
  const kpis = await forecastKpis(context, forecast.category_id);
  const overrides = await context.db.selectFrom("kpis").select("id").where("category_id", "=", forecast.category_id).where("override_forecasting", "=", true).execute();
  const kept = new Set(overrides.map((row) => row.id));
  const recomputed = kpis.filter((kpi) => !kept.has(kpi.id));
  if (forecast.source === "spreadsheet" && !(await sheetHasData(context))) throw badRequest({ source: [SPREADSHEET_NEEDS_DATA] });
  const computed = await compute(context, forecast, recomputed);
  await writeComputed(context, forecast.id, recomputed.map((kpi) => kpi.id), computed.values);
  await context.appendEvent({ type: "ForecastRecomputed", payload: { forecastId: forecast.id, categoryId: forecast.category_id, kpiIds: recomputed.map((kpi) => kpi.id), active: forecast.is_active, by: userId } });
  return { forecast: summaryOf(forecast), notes: computed.notes, kept: [...kept].filter((kpi) => kpis.some((candidate) => candidate.id === kpi)) };
}

/** GET /forecasting/{id}/: the readable KPIs × the forecast's months, with actuals and accuracy. */
export async function forecastDetail(context: TenantContext, id: number, reader: Reader, fxRateId: number | null): Promise<ForecastDetail> {
  const forecast = await loadForecast(context, id);
  let rates: DatedRate[] | null = null;
  if (fxRateId !== null) {
    rates = await loadFxRate(context, fxRateId);
    if (!rates) throw badRequest({ fxRateId: ["Unknown FX rate."] });
  }
  const category = await context.db.selectFrom("kpi_categories").select(["id", "name"]).where("id", "=", forecast.category_id).executeTakeFirstOrThrow();
  const [first, last] = [monthIndexOf(forecast.forecast_from), monthIndexOf(forecast.forecast_to)];
  const months = monthRange(first, last);
  const kpis = (await forecastKpis(context, forecast.category_id)).filter((kpi) => mayRead(reader, kpi));
  const ids = kpis.map((kpi) => kpi.id);
  const [actuals, stored, overrides] = await Promise.all([
    actualsOf(context, ids, first, last),
    ids.length ? context.db.selectFrom("forecast_values").select(["kpi_id", "month", "value", "adjusted"]).where("forecast_id", "=", id).where("kpi_id", "in", ids).execute() : Promise.resolve([]),
    ids.length ? context.db.selectFrom("kpis").select(["id", "override_forecasting"]).where("id", "in", ids).execute() : Promise.resolve([]),
  ]);
  const values = new Map<number, Map<MonthIndex, { value: number; adjusted: boolean }>>(ids.map((kpi) => [kpi, new Map()]));
  for (const row of stored) values.get(row.kpi_id)!.set(monthIndexOf(row.month), { value: row.value, adjusted: row.adjusted });
  const override = new Map(overrides.map((row) => [row.id, row.override_forecasting]));
  // Accuracy counts the months from the one the forecast was made in (the actuals that arrived after it).
  const madeIn = Math.max(first, monthIndexAt(new Date(forecast.created_at)));
  const money = (value: number, unit: string, month: MonthIndex) => (rates ? convert(value, unit, month, rates) : value);
  return {
    forecast: summaryOf(forecast),
    category: { id: category.id, name: category.name },
    months: months.map(monthDateOf),
    kpis: kpis.map((kpi) => {
      const own = values.get(kpi.id)!;
      const actual = actuals.get(kpi.id)!;
      const note =
        own.size > 0
          ? null
          : forecast.source === "spreadsheet"
            ? SPREADSHEET_NO_KPI_DATA
            : NEEDS_TWO_MONTHS;
      return {
        id: kpi.id,
        name: kpi.name,
        unit: kpi.unit,
        override: override.get(kpi.id) ?? false,
        writable: mayWriteForecasts(reader) && mayWrite(reader, kpi),
        note,
        values: months.map((month) => (own.has(month) ? money(own.get(month)!.value, kpi.unit, month) : null)),
        adjusted: months.map((month) => own.get(month)?.adjusted ?? false),
        actuals: months.map((month) => (actual.has(month) ? money(actual.get(month)!, kpi.unit, month) : null)),
        accuracy: forecastAccuracy(new Map([...own].map(([month, entry]) => [month, entry.value])), actual, madeIn),
      };
    }),
    mayWrite: mayWriteForecasts(reader),
    fxRateId,
  };
}

/**
 * PATCH /forecasting/{id}/: rename, adjust values ('-' removes one) and set per-KPI overrides, all
 * or nothing: every value is checked before any is written. An adjusted KPI gets
 * override_forecasting, so a recompute keeps its values; ForecastValuesAdjusted.
 */
export async function patchForecast(context: TenantContext, id: number, patch: ForecastPatch, reader: Reader, userId: number): Promise<ForecastPatched> {
  const forecast = await loadForecast(context, id, true);
  const kpis = new Map((await forecastKpis(context, forecast.category_id)).map((kpi) => [kpi.id, kpi] as const));
  const [first, last] = [monthIndexOf(forecast.forecast_from), monthIndexOf(forecast.forecast_to)];
  const values = patch.values ?? [];
  const overrides = patch.overrides ?? [];
  for (const item of [...values, ...overrides]) {
    const kpi = kpis.get(item.kpi);
    if (!kpi || !mayRead(reader, kpi)) throw notFound();
    if (!mayWrite(reader, kpi)) throw new HttpError(403, { detail: VALUES_FORBIDDEN });
  }
  const outside = values.filter((value) => monthIndexOf(value.date) < first || monthIndexOf(value.date) > last);
  if (outside.length) throw badRequest({ values: [`${VALUE_OUTSIDE_TIMEFRAME} (${[...new Set(outside.map((value) => value.date))].join(", ")})`] });
  if (patch.name !== undefined) {
    const name = patch.name.trim();
    if (name === "") throw badRequest({ name: ["This field may not be blank."] });
    await requireNameFree(context, forecast.category_id, name, id);
    try {
      await context.db.updateTable("forecasts").set({ name }).where("id", "=", id).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest({ name: [FORECAST_NAME_TAKEN] });
      throw error;
    }
  }
  const saved: ForecastPatched["values"][number][] = [];
  for (const item of values) {
    if (item.value === "-") {
      await context.db.deleteFrom("forecast_values").where("forecast_id", "=", id).where("kpi_id", "=", item.kpi).where("month", "=", item.date).execute();
      saved.push({ kpi: item.kpi, date: item.date, value: null });
    } else {
      const value = item.value;
      await context.db
        .insertInto("forecast_values")
        .values({ tenant_id: context.tenantId, forecast_id: id, kpi_id: item.kpi, month: item.date, value, adjusted: true })
        .onConflict((oc) => oc.columns(["tenant_id", "forecast_id", "kpi_id", "month"]).doUpdateSet({ value, adjusted: true }))
        .execute();
      saved.push({ kpi: item.kpi, date: item.date, value });
    }
  }
  // Adjusted KPIs keep their hand-set values on a recompute, unless the same request says otherwise.
  const overrideOf = new Map<number, boolean>(saved.map((value) => [value.kpi, true]));
  for (const item of overrides) overrideOf.set(item.kpi, item.override);
  for (const flag of [true, false]) {
    const kpiIds = [...overrideOf].filter(([, override]) => override === flag).map(([kpi]) => kpi);
    if (kpiIds.length) await context.db.updateTable("kpis").set({ override_forecasting: flag }).where("id", "in", kpiIds).execute();
  }
  const changedOverrides = [...overrideOf].map(([kpi, override]) => ({ kpi, override }));
  if (saved.length || changedOverrides.length || patch.name !== undefined) {
    await context.appendEvent({
      type: "ForecastValuesAdjusted",
      payload: { forecastId: id, categoryId: forecast.category_id, active: forecast.is_active, name: patch.name?.trim() ?? null, values: saved, overrides: changedOverrides, by: userId },
    });
  }
  return { forecast: summaryOf(await loadForecast(context, id)), values: saved, overrides: changedOverrides };
}

/**
 * POST /forecasting/{id}/activate/: makes the forecast its category's active one, deactivating
 * the one before (a switch) in the same transaction. The category row is locked first, so
 * activations in one category run one after the other; the partial unique index
 * forecasts_one_active_per_category is the database's guarantee behind it. ForecastActivated
 * names both and the category's KPIs, so open views reload their forecast figures.
 */
export async function activateForecast(context: TenantContext, id: number, userId: number, now: Date): Promise<ForecastSwitched> {
  const target = await context.db.selectFrom("forecasts").select(["id", "category_id"]).where("id", "=", id).executeTakeFirst();
  if (!target) throw notFound();
  await context.db.selectFrom("kpi_categories").select("id").where("id", "=", target.category_id).forUpdate().executeTakeFirst();
  const forecast = await loadForecast(context, id, true);
  const previous = await forecastsQuery(context).where("forecasts.category_id", "=", forecast.category_id).where("forecasts.is_active", "=", true).executeTakeFirst();
  if (previous?.id === id) return { activated: summaryOf(forecast), deactivated: null };
  if (previous) await context.db.updateTable("forecasts").set({ is_active: false }).where("id", "=", previous.id).execute();
  await context.db.updateTable("forecasts").set({ is_active: true, activated_at: now }).where("id", "=", id).execute();
  const kpiIds = (await forecastKpis(context, forecast.category_id)).map((kpi) => kpi.id);
  await context.appendEvent({
    type: "ForecastActivated",
    payload: { forecastId: id, categoryId: forecast.category_id, name: forecast.name, previous: previous ? { id: previous.id, name: previous.name } : null, kpiIds, by: userId },
  });
  return { activated: summaryOf(await loadForecast(context, id)), deactivated: previous ? summaryOf(await loadForecast(context, previous.id)) : null };
}

/** POST /forecasting/{id}/deactivate/: the category then has no active forecast; ForecastDeactivated. */
export async function deactivateForecast(context: TenantContext, id: number, userId: number): Promise<ForecastSummary> {
  const target = await context.db.selectFrom("forecasts").select(["id", "category_id"]).where("id", "=", id).executeTakeFirst();
  if (!target) throw notFound();
  await context.db.selectFrom("kpi_categories").select("id").where("id", "=", target.category_id).forUpdate().executeTakeFirst();
  const forecast = await loadForecast(context, id, true);
  if (!forecast.is_active) return summaryOf(forecast);
  await context.db.updateTable("forecasts").set({ is_active: false }).where("id", "=", id).execute();
  const kpiIds = (await forecastKpis(context, forecast.category_id)).map((kpi) => kpi.id);
  await context.appendEvent({ type: "ForecastDeactivated", payload: { forecastId: id, categoryId: forecast.category_id, name: forecast.name, kpiIds, by: userId } });
  return summaryOf(await loadForecast(context, id));
}

/** DELETE /forecasting/{id}/: a user forecast that is not active; ForecastDeleted. */
export async function deleteForecast(context: TenantContext, id: number, userId: number) {
  const forecast = await loadForecast(context, id, true);
  if (forecast.is_system) throw badRequest({ detail: [SYSTEM_FORECAST_DELETE] });
  if (forecast.is_active) throw badRequest({ detail: [ACTIVE_FORECAST_DELETE] });
  await context.db.deleteFrom("forecasts").where("id", "=", id).execute();
  await context.appendEvent({ type: "ForecastDeleted", payload: { forecastId: id, categoryId: forecast.category_id, name: forecast.name, by: userId } });
}

/** GET /kpis/{id}/forecasts/?last=N: the last N forecasts of the KPI's category with its values (newest first). */
export async function kpiForecasts(context: TenantContext, kpiId: number, reader: Reader, last: number): Promise<KpiForecasts> {
  const kpi = (await loadKpis(context)).find((candidate) => candidate.id === kpiId);
  if (!kpi || !mayRead(reader, kpi)) throw notFound();
  const rows = (await forecastsQuery(context).where("forecasts.category_id", "=", kpi.category_id).orderBy("forecasts.created_at", "desc").orderBy("forecasts.id", "desc").limit(last).execute()) as ForecastRow[];
  const values = rows.length
    ? await context.db.selectFrom("forecast_values").select(["forecast_id", "month", "value", "adjusted"]).where("kpi_id", "=", kpiId).where("forecast_id", "in", rows.map((row) => row.id)).orderBy("month").execute()
    : [];
  return rows.map((row) => ({
    forecast: summaryOf(row),
    values: values.filter((value) => value.forecast_id === row.id).map((value) => ({ date: value.month, value: value.value, adjusted: value.adjusted })),
  }));
}

/** POST /kpis/{id}/forecasts/: the KPI's values saved in a forecast of its category (the active one unless named). */
export async function saveKpiForecast(context: TenantContext, kpiId: number, input: { forecastId?: number | undefined; values: readonly { date: string; value: number | "-" }[] }, reader: Reader, userId: number): Promise<ForecastPatched> {
  const kpi = (await loadKpis(context)).find((candidate) => candidate.id === kpiId);
  if (!kpi || !mayRead(reader, kpi)) throw notFound();
  let forecastId = input.forecastId;
  if (forecastId === undefined) {
    const active = await context.db.selectFrom("forecasts").select("id").where("category_id", "=", kpi.category_id).where("is_active", "=", true).executeTakeFirst();
    if (!active) throw badRequest({ forecastId: ["This KPI's category has no active forecast."] });
    forecastId = active.id;
  } else {
    const named = await context.db.selectFrom("forecasts").select("category_id").where("id", "=", forecastId).executeTakeFirst();
    if (!named || named.category_id !== kpi.category_id) throw notFound();
  }
  return patchForecast(context, forecastId, { values: input.values.map((value) => ({ kpi: kpiId, ...value })) }, reader, userId);
}
