import { sql } from "kysely";
import type { DatedRate } from "../../../domain/kpi/fx";
import { effectiveSensitivities } from "../../../domain/permissions/effective-sensitivity";
import type { KpiSeries } from "../../../domain/kpi/kpi-aggregates";
import { monthDateOf, monthIndexOf, type MonthIndex } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";

export type KpiRow = Awaited<ReturnType<typeof loadKpis>>[number];

/**
 * Every KPI of the company with its category, in catalogue order, and the level reading it takes:
 * `effective_sensitivity`, its own or higher when its formula reads a more sensitive KPI
 * (domain effectiveSensitivities). Reading is decided by that level, never by `sensitivity` alone.
 */
export async function loadKpis({ db }: TenantContext) {
  const kpis = await db
    .selectFrom("kpis")
    .innerJoin("kpi_categories", (join) => join.onRef("kpi_categories.tenant_id", "=", "kpis.tenant_id").onRef("kpi_categories.id", "=", "kpis.category_id"))
    .select([
      "kpis.id",
      "kpis.key",
      "kpis.name",
      "kpis.description",
      "kpis.parent_id",
      "kpis.unit",
      "kpis.aggregation_type",
      "kpis.higher_is_better",
      "kpis.sensitivity",
      "kpis.cadence",
      "kpis.validation_state",
      "kpis.benchmark_bottom25",
      "kpis.benchmark_median50",
      "kpis.benchmark_top25",
      "kpis.benchmark_top5",
      "kpis.formula",
      "kpis.weighted_ratio",
      "kpis.override_forecasting",
      "kpi_categories.id as category_id",
      "kpi_categories.name as category_name",
      "kpi_categories.kind as category_kind",
      "kpi_categories.is_complex",
      "kpi_categories.flexible_columns_config",
    ])
    .orderBy("kpi_categories.position")
    .orderBy("kpis.position")
    .orderBy("kpis.id")
    .execute();
  const levels = effectiveSensitivities(kpis);
  return kpis.map((kpi) => ({ ...kpi, effective_sensitivity: levels.get(kpi.key)! }));
}

/** The newest month with an actual, per KPI. */
export async function newestActuals({ db }: TenantContext): Promise<Map<number, MonthIndex>> {
  const rows = await db
    .selectFrom("kpi_values")
    .select(["kpi_id", sql<string>`max(month)::text`.as("month")])
    .where("series", "=", "actual")
    .where("dimension_key", "=", "")
    .groupBy("kpi_id")
    .execute();
  return new Map(rows.map((row) => [row.kpi_id, monthIndexOf(row.month)]));
}

/** Actuals, planning and the active forecast of each KPI's category, for the months from `first` to `last`. */
export async function loadSeries({ db }: TenantContext, kpiIds: readonly number[], first: MonthIndex, last: MonthIndex): Promise<Map<number, KpiSeries>> {
  const series = new Map<number, { actual: Map<MonthIndex, number>; planning: Map<MonthIndex, number>; forecast: Map<MonthIndex, number> }>();
  for (const id of kpiIds) series.set(id, { actual: new Map(), planning: new Map(), forecast: new Map() });
  if (kpiIds.length === 0) return series;
  // One query, one row per KPI and series with its months (as month indexes) and values as
  // arrays: decoding a row per value is what costs, most of all on PGlite. Both tables are read
  // along their primary keys, (tenant, kpi, dimension, series, month) and (tenant, forecast, kpi,
  // month); naming both series lets the first scan only the months asked for.
  const ids = sql`${[...kpiIds]}::bigint[]`;
  const [from, to] = [monthDateOf(first), monthDateOf(last)];
  const { rows } = await sql<{ kpi_id: number; series: "actual" | "planning" | "forecast"; months: number[]; values: number[] }>`
    select kpi_id, series, array_agg((extract(year from month) * 12 + extract(month from month) - 1)::int) as months, array_agg(value) as values
    from (
      select kpi_id, series, month, value
      from kpi_values
      where kpi_id = any(${ids}) and dimension_key = '' and series in ('actual', 'planning') and month between ${from} and ${to}
      union all
      select forecast_values.kpi_id, 'forecast', forecast_values.month, forecast_values.value
      from forecast_values
      join forecasts on forecasts.tenant_id = forecast_values.tenant_id and forecasts.id = forecast_values.forecast_id
      join kpis on kpis.tenant_id = forecast_values.tenant_id and kpis.id = forecast_values.kpi_id and kpis.category_id = forecasts.category_id
      where forecasts.is_active and forecast_values.kpi_id = any(${ids}) and forecast_values.month between ${from} and ${to}
    ) as stored
    group by kpi_id, series`.execute(db);
  for (const row of rows) {
    const target = series.get(row.kpi_id)?.[row.series];
    if (!target) continue;
    for (let index = 0; index < row.months.length; index++) target.set(row.months[index]!, row.values[index]!);
  }
  return series;
}

/** The dated values of a named FX rate, or null when the company has no such rate. */
export async function loadFxRate({ db }: TenantContext, fxRateId: number): Promise<DatedRate[] | null> {
  const rate = await db.selectFrom("fx_rates").select("id").where("id", "=", fxRateId).executeTakeFirst();
  if (!rate) return null;
  const rows = await db.selectFrom("fx_rate_values").select(["valid_from", "rate"]).where("fx_rate_id", "=", fxRateId).orderBy("valid_from").execute();
  return rows.map((row) => ({ validFrom: monthIndexOf(row.valid_from), rate: row.rate }));
}

/**
 * A saved planning version's values of `kpiIds` from `first` to `last`, by KPI and month; null
 * when the company has no such version.
 */
export async function loadVersionPlanning({ db }: TenantContext, versionId: number, kpiIds: readonly number[], first: MonthIndex, last: MonthIndex): Promise<Map<number, Map<MonthIndex, number>> | null> {
  const version = await db.selectFrom("planning_versions").select("id").where("id", "=", versionId).executeTakeFirst();
  if (!version) return null;
  const byKpi = new Map<number, Map<MonthIndex, number>>();
  if (kpiIds.length === 0) return byKpi;
  const rows = await db
    .selectFrom("planning_version_values")
    .select(["kpi_id", "month", "value"])
    .where("version_id", "=", versionId)
    .where("kpi_id", "in", [...kpiIds])
    .where("month", ">=", monthDateOf(first))
    .where("month", "<=", monthDateOf(last))
    .execute();
  for (const row of rows) {
    const months = byKpi.get(row.kpi_id) ?? new Map<MonthIndex, number>();
    months.set(monthIndexOf(String(row.month).slice(0, 10)), row.value);
    byKpi.set(row.kpi_id, months);
  }
  return byKpi;
}
