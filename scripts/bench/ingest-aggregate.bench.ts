// Ingest 200,000 KPI values through withTenant (as the app role, under RLS) and run the
// month × KPI aggregate, on embedded PGlite and on PostgreSQL in the same run.
import { sql } from "kysely";
import { monthDateOf, monthIndexOf } from "../../src/domain/months";
import type { Database } from "../../src/server/db/database";
import { migrateToLatest } from "../../src/server/db/migrate";
import { createWithTenant } from "../../src/server/db/tenancy";
import { medianMs, onBothEngines, timeMs } from "./support";

const KPIS = 250;
const DIMENSIONS = 10;
const MONTHS = 80;
const BATCH = 5_000;
const actor = { kind: "system", name: "bench" } as const;

async function measure(database: Database) {
  await migrateToLatest(database);
  const withTenant = createWithTenant(database, () => {});
  const tenant = await database.system.insertInto("tenants").values({ kind: "company", name: "Bench" }).returning("id").executeTakeFirstOrThrow();
  const tenantId = tenant.id;
  const kpiIds = await withTenant(tenantId, actor, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Bench" }).returning("id").executeTakeFirstOrThrow();
    const rows = Array.from({ length: KPIS }, (_, index) => ({
      tenant_id: tenantId, category_id: category.id, parent_id: null, key: `kpi_${index}`, name: `KPI ${index}`, unit: "number" as const,
      aggregation_type: "cum" as const, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null, formula: null,
    }));
    return (await db.insertInto("kpis").values(rows).returning("id").execute()).map((row) => row.id);
  });
  const first = monthIndexOf("2020-01-01");
  const values = kpiIds.flatMap((kpiId, kpi) =>
    Array.from({ length: DIMENSIONS * MONTHS }, (_, index) => ({
      tenant_id: tenantId, kpi_id: kpiId, dimension_key: `d${index % DIMENSIONS}`, series: "actual" as const,
      month: monthDateOf(first + Math.floor(index / DIMENSIONS)), value: (kpi * 31 + index * 17) % 1000,
    })),
  );
  const ingestMs = await timeMs(async () => {
    for (let start = 0; start < values.length; start += BATCH) {
      await withTenant(tenantId, actor, ({ db }) => db.insertInto("kpi_values").values(values.slice(start, start + BATCH)).execute());
    }
  });
  let groups = 0;
  const aggregateMs = await medianMs(5, async () => {
    const result = await withTenant(tenantId, actor, ({ db }) =>
      sql<{ kpi_id: number }>`select kpi_id, month, sum(value) as total, avg(value) as average, count(*) as n
                              from kpi_values where series = 'actual' group by kpi_id, month`.execute(db),
    );
    groups = result.rows.length;
  });
  if (groups !== KPIS * MONTHS) throw new Error(`aggregate returned ${groups} groups, expected ${KPIS * MONTHS}`);
  return { ingestMs, aggregateMs, rows: values.length, groups };
}

const { pglite: onPGlite, postgres: onPostgres } = await onBothEngines(measure);

const row = (engine: string, m: typeof onPGlite) => ({
  case: engine,
  "values": m.rows,
  "ingest s": +(m.ingestMs / 1000).toFixed(2),
  "ingest values/s": Math.round(m.rows / (m.ingestMs / 1000)),
  "aggregate ms (median of 5)": +m.aggregateMs.toFixed(1),
  "month×KPI groups": m.groups,
});
console.log(
  JSON.stringify({
    name: "ingest 200,000 KPI values, then the month × KPI aggregate (PGlite on disk vs PostgreSQL)",
    rows: [row("PGlite", onPGlite), ...(onPostgres ? [row("PostgreSQL", onPostgres)] : [])],
    ratios: [
      { label: "ingest time PGlite / PostgreSQL", value: onPostgres ? onPGlite.ingestMs / onPostgres.ingestMs : null },
      { label: "aggregate time PGlite / PostgreSQL", value: onPostgres ? onPGlite.aggregateMs / onPostgres.aggregateMs : null },
    ],
    notes: onPostgres ? [] : ["no PostgreSQL answered at BENCH_DATABASE_URL (default 127.0.0.1:5432): ratios not measured"],
  }),
);
