// Recompute a linear-progression forecast for 200 KPIs (36 months of actuals, 24 forecast months:
// 4,800 values) through the service, as POST /forecasting/{id}/recompute/ does, against the bound
// of one bulk INSERT … ON CONFLICT of the same 4,800 rows, on PGlite and on PostgreSQL in one run.
import { sql } from "kysely";
import { monthDateOf, monthIndexOf } from "../../src/domain/months";
import type { Database } from "../../src/server/db/database";
import { migrateToLatest } from "../../src/server/db/migrate";
import { createWithTenant } from "../../src/server/db/tenancy";
import { recomputeForecast } from "../../src/server/features/forecasting/forecast-service";
import { medianMs, onBothEngines } from "./support";

const KPIS = 200;
const ACTUAL_MONTHS = 36;
const FORECAST_MONTHS = 24;
const RUNS = 5;
const actor = { kind: "system", name: "bench" } as const;

async function measure(database: Database) {
  await migrateToLatest(database);
  const withTenant = createWithTenant(database, () => {});
  const tenant = await database.system.insertInto("tenants").values({ kind: "company", name: "Bench" }).returning("id").executeTakeFirstOrThrow();
  const tenantId = tenant.id;
  const first = monthIndexOf("2023-01-01");
  const forecastFirst = first + ACTUAL_MONTHS;
  const { kpiIds, forecastId } = await withTenant(tenantId, actor, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Bench" }).returning("id").executeTakeFirstOrThrow();
    const rows = Array.from({ length: KPIS }, (_, index) => ({
      tenant_id: tenantId, category_id: category.id, parent_id: null, key: `kpi_${index}`, name: `KPI ${index}`, unit: "number" as const,
      aggregation_type: "cum" as const, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null, formula: null,
    }));
    const kpiIds = (await db.insertInto("kpis").values(rows).returning("id").execute()).map((row) => row.id);
    const values = kpiIds.flatMap((kpiId, kpi) =>
      Array.from({ length: ACTUAL_MONTHS }, (_, month) => ({ tenant_id: tenantId, kpi_id: kpiId, series: "actual" as const, month: monthDateOf(first + month), value: 100 + kpi + month * ((kpi % 7) - 3) + ((kpi * 13 + month * 7) % 11) })),
    );
    await db.insertInto("kpi_values").values(values).execute();
    const forecast = await db
      .insertInto("forecasts")
      .values({ tenant_id: tenantId, category_id: category.id, name: "Bench", source: "meridian", method: "linear_progression", actuals_from: monthDateOf(first), actuals_to: monthDateOf(forecastFirst - 1), forecast_from: monthDateOf(forecastFirst), forecast_to: monthDateOf(forecastFirst + FORECAST_MONTHS - 1) })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { kpiIds, forecastId: forecast.id };
  });

  const recomputeMs = await medianMs(RUNS, () => withTenant(tenantId, actor, (context) => recomputeForecast(context, forecastId, 0)));
  const written = await withTenant(tenantId, actor, async ({ db }) => (await db.selectFrom("forecast_values").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow()).n);
  if (written !== KPIS * FORECAST_MONTHS) throw new Error(`recompute wrote ${written} values, expected ${KPIS * FORECAST_MONTHS}`);

  // The bound: the same rows in one statement, nothing computed, nothing read.
  const rows = kpiIds.flatMap((kpiId, kpi) => Array.from({ length: FORECAST_MONTHS }, (_, month) => ({ tenant_id: tenantId, forecast_id: forecastId, kpi_id: kpiId, month: monthDateOf(forecastFirst + month), value: kpi + month, adjusted: false })));
  const bulkMs = await medianMs(RUNS, () =>
    withTenant(tenantId, actor, ({ db }) =>
      db.insertInto("forecast_values").values(rows).onConflict((oc) => oc.columns(["tenant_id", "forecast_id", "kpi_id", "month"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), adjusted: eb.ref("excluded.adjusted") }))).execute(),
    ),
  );
  return { recomputeMs, bulkMs, values: written };
}

const { pglite: onPGlite, postgres: onPostgres } = await onBothEngines(measure);

const row = (engine: string, m: typeof onPGlite) => ({
  case: engine,
  "forecast values": m.values,
  "recompute ms (median of 5)": +m.recomputeMs.toFixed(1),
  "bulk INSERT … ON CONFLICT ms (median of 5)": +m.bulkMs.toFixed(1),
  "recompute / bound": +(m.recomputeMs / m.bulkMs).toFixed(2),
});
console.log(
  JSON.stringify({
    name: `recompute a linear forecast for ${KPIS} KPIs (${ACTUAL_MONTHS} months of actuals, ${FORECAST_MONTHS} forecast months) against one bulk INSERT … ON CONFLICT of the same rows`,
    rows: [row("PGlite", onPGlite), ...(onPostgres ? [row("PostgreSQL", onPostgres)] : [])],
    ratios: [
      { label: "recompute / bulk insert bound, PGlite", value: onPGlite.recomputeMs / onPGlite.bulkMs },
      ...(onPostgres ? [{ label: "recompute / bulk insert bound, PostgreSQL", value: onPostgres.recomputeMs / onPostgres.bulkMs }] : []),
    ],
    notes: onPostgres ? ["recompute = read the actuals, fit 200 lines, delete the old values, insert the new in chunks of 2,000, append the event, all in one transaction"] : ["no PostgreSQL answered at BENCH_DATABASE_URL (default 127.0.0.1:5432): PostgreSQL not measured"],
  }),
);
