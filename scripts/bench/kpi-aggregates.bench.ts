// A 100-KPI dashboard's aggregates over 500 KPIs × 10 years of monthly values (actual, planning,
// an active forecast and an inactive one): our endpoint through the real app (app.inject of
// GET /api/kpis/aggregates/?endDate=…&idList=<100 ids>, signed-in user, auth, permissions, RLS)
// against (a) naive: one SQL query per KPI and period (YTD, LTM, full year, last year's YTD and
// full year) and (b) the bound: one hand-written SQL query (window functions and FILTER) computing
// every field of the same aggregates for the 100 KPIs (with the months behind each figure and the
// like-for-like pairs), in one tenant transaction. The three must
// agree on every number of every KPI, or the bench fails. On PGlite (on disk) and on PostgreSQL.
import { sql, type RawBuilder } from "kysely";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fiscalYearStart } from "../../src/domain/fiscal-calendar";
import type { KpiAggregates } from "../../src/domain/kpi/kpi-aggregates";
import { monthDateOf, monthIndexOf } from "../../src/domain/months";
import type { Database } from "../../src/server/db/database";
import { migrateToLatest } from "../../src/server/db/migrate";
import { createWithTenant, type WithTenant } from "../../src/server/db/tenancy";
import { aggregatesFor } from "../../src/server/features/kpis/kpi-service";
import { permissionsOf } from "../../src/server/platform/auth/permissions";
import { benchApp, onBothEngines } from "./support";

const KPIS = 500;
const DASHBOARD = 100;
const FIRST_MONTH = monthIndexOf("2016-01-01");
const MONTHS = 120; // 2016-01 … 2025-12
const LAST_ACTUAL = monthIndexOf("2025-06-01"); // actuals up to June 2025, planning and forecast for all ten years
const EARLY_LAST_ACTUAL = monthIndexOf("2024-12-01"); // … but some KPIs' actuals stop earlier (no YTD actuals), and some have no forecast
const END_DATE = "2025-08-01"; // two months after the last actual: YTD and LTM continue with planning/forecast
const FISCAL_YEAR_OFFSET = 3; // April
const BATCH = 5_000;
const RUNS = { endpoint: 30, bound: 30, naive: 7 };
const GOALS = { naive: 10, bound: 1.3 };
const system = { kind: "system", name: "bench" } as const;

/** cum for most KPIs, with ad and dd mixed in. */
const typeOf = (index: number): Type => (index % 7 === 1 ? "ad" : index % 11 === 2 ? "dd" : "cum");
/** Integral values (so sums are exact whatever the order), with a few months missing. */
const valueOf = (kpi: number, month: number, salt: number) => ((kpi * 131 + month * 17 + salt * 7919) % 997) - 100;
const missing = (kpi: number, month: number, salt: number) => (kpi * 7 + month * 3 + salt) % 23 === 0;
const lastActualOf = (kpi: number) => (kpi % 13 === 0 ? EARLY_LAST_ACTUAL : LAST_ACTUAL);
const hasForecast = (kpi: number) => kpi % 17 !== 5;

type Type = "cum" | "ad" | "dd";
type Fields = Record<string, number | string | null>;

// ---- the hand-written SQL (shared by the bound and the naive queries, so both compute the same) ----

/** The months and their window bounds, as the endpoint derives them (docs/decisions.md, KPI data semantics). */
function windowsOf(endDate: string) {
  const end = monthIndexOf(endDate);
  const start = fiscalYearStart(end, FISCAL_YEAR_OFFSET);
  const d = (month: number) => sql.lit(monthDateOf(month));
  return {
    months: { ytdFirst: start, end },
    end: d(end),
    ytd: [d(start), d(end)],
    lastYtd: [d(start - 12), d(end - 12)],
    ltm: [d(end - 11), d(end)],
    year: [d(start), d(start + 11)],
    lastYear: [d(start - 12), d(start - 1)],
    loaded: [d(start - 12), d(start + 11)],
  } as const;
}
type Window = readonly [RawBuilder<unknown>, RawBuilder<unknown>];

/**
 * cum = sum, ad = average of the months with a value, dd = the last month's value; null without
 * values. `type` null: the KPI's own (column aggregation_type), each aggregate fed only the rows of
 * its type's KPIs (so only dd KPIs' values are sorted).
 */
function aggregateOf(type: Type | null, value: RawBuilder<unknown>, [from, to]: Window): RawBuilder<unknown> {
  const where = sql`${value} is not null and month between ${from} and ${to}`;
  const of = (kind: Type) => (type === null ? sql`aggregation_type = ${sql.lit(kind)} and ${where}` : where);
  const cum = sql`sum(${value}) filter (where ${of("cum")})`;
  const ad = sql`avg(${value}) filter (where ${of("ad")})`;
  const dd = sql`(array_agg(${value} order by month desc) filter (where ${of("dd")}))[1]`;
  if (type === "cum") return cum;
  if (type === "ad") return ad;
  if (type === "dd") return dd;
  return sql`coalesce(${cum}, ${ad}, ${dd})`;
}

/** Actuals up to the window's last actual, then `then` (planning or forecast) for the months after it. */
const continued = (last: RawBuilder<unknown>, then: RawBuilder<unknown>) => sql`case when ${last} is not null and month <= ${last} then a else ${then} end`;

/** How many months of the window have a value: the months behind a figure. */
const countOf = (value: RawBuilder<unknown>, [from, to]: Window) => sql`count(${value}) filter (where month between ${from} and ${to})`;

/** `value` only in the months where `other` has one too (like for like). */
const where = (value: RawBuilder<unknown>, other: RawBuilder<unknown>) => sql`case when ${other} is not null then ${value} end`;

/** Months in a window, as the endpoint counts them (`monthCounts.period`). */
const monthsIn = (from: number, to: number) => sql.lit(to - from + 1);

/**
 * The fields of one period: [name, select expression]. Besides each aggregate: the months behind
 * it (`monthCounts`), and the like-for-like pairs over the months where both series have a value
 * (`a_ly` is the actual twelve months earlier).
 */
function periodFields(period: "ytd" | "ltm" | "fullyear" | "lastYtd" | "lastYear", type: Type | null, w: ReturnType<typeof windowsOf>): [string, RawBuilder<unknown>][] {
  const [a, p, f, ly] = [sql`a`, sql`p`, sql`f`, sql`a_ly`];
  switch (period) {
    case "ytd":
      return [
        ["ytd.actualValue", aggregateOf(type, a, w.ytd)],
        ["ytd.planningValue", aggregateOf(type, p, w.ytd)],
        ["ytd.forecastValue", aggregateOf(type, f, w.ytd)],
        ["ytd.actualPlanningValue", aggregateOf(type, continued(sql`l_ytd`, p), w.ytd)],
        ["ytd.actualForecastValue", aggregateOf(type, continued(sql`l_ytd`, f), w.ytd)],
        ["ytd.closestDate", sql`max(l_ytd)::text`],
        ["ytd.monthCounts.period", monthsIn(w.months.ytdFirst, w.months.end)],
        ["ytd.monthCounts.actualValue", countOf(a, w.ytd)],
        ["ytd.monthCounts.planningValue", countOf(p, w.ytd)],
        ["ytd.monthCounts.forecastValue", countOf(f, w.ytd)],
        ["ytd.monthCounts.actualPlanningValue", countOf(continued(sql`l_ytd`, p), w.ytd)],
        ["ytd.monthCounts.actualForecastValue", countOf(continued(sql`l_ytd`, f), w.ytd)],
        ["ytd.actualVsPlanning.months", countOf(where(a, p), w.ytd)],
        ["ytd.actualVsPlanning.actualValue", aggregateOf(type, where(a, p), w.ytd)],
        ["ytd.actualVsPlanning.planningValue", aggregateOf(type, where(p, a), w.ytd)],
        ["ytd.actualVsLastYear.months", countOf(where(a, ly), w.ytd)],
        ["ytd.actualVsLastYear.actualValue", aggregateOf(type, where(a, ly), w.ytd)],
        ["ytd.actualVsLastYear.lastYearValue", aggregateOf(type, where(ly, a), w.ytd)],
      ];
    case "lastYtd":
      return [
        ["ytd.lastYearValue", aggregateOf(type, a, w.lastYtd)],
        ["ytd.monthCounts.lastYearValue", countOf(a, w.lastYtd)],
      ];
    case "ltm":
      return [
        ["ltm.value", aggregateOf(type, a, w.ltm)],
        ["ltm.fullForecastValue", aggregateOf(type, f, w.ltm)],
        ["ltm.fullPlanningValue", aggregateOf(type, p, w.ltm)],
        ["ltm.actualPlanningValue", aggregateOf(type, continued(sql`l_ltm`, p), w.ltm)],
        ["ltm.actualForecastValue", aggregateOf(type, continued(sql`l_ltm`, f), w.ltm)],
        ["ltm.monthCounts.period", monthsIn(0, 11)],
        ["ltm.monthCounts.value", countOf(a, w.ltm)],
        ["ltm.monthCounts.fullForecastValue", countOf(f, w.ltm)],
        ["ltm.monthCounts.fullPlanningValue", countOf(p, w.ltm)],
        ["ltm.monthCounts.actualPlanningValue", countOf(continued(sql`l_ltm`, p), w.ltm)],
        ["ltm.monthCounts.actualForecastValue", countOf(continued(sql`l_ltm`, f), w.ltm)],
        ["ltm.actualVsPlanning.months", countOf(where(a, p), w.ltm)],
        ["ltm.actualVsPlanning.actualValue", aggregateOf(type, where(a, p), w.ltm)],
        ["ltm.actualVsPlanning.planningValue", aggregateOf(type, where(p, a), w.ltm)],
      ];
    case "fullyear":
      // The year's actuals end at the end too, so its last actual is YTD's.
      return [
        ["fullyear.forecastProjectedValue", aggregateOf(type, sql`coalesce(f, a)`, w.year)],
        ["fullyear.planningValue", aggregateOf(type, p, w.year)],
        ["fullyear.forecastValue", aggregateOf(type, f, w.year)],
        ["fullyear.actualPlanningValue", aggregateOf(type, continued(sql`l_ytd`, p), w.year)],
        ["fullyear.actualForecastValue", aggregateOf(type, continued(sql`l_ytd`, f), w.year)],
        ["fullyear.monthCounts.period", monthsIn(0, 11)],
        ["fullyear.monthCounts.forecastProjectedValue", countOf(sql`coalesce(f, a)`, w.year)],
        ["fullyear.monthCounts.planningValue", countOf(p, w.year)],
        ["fullyear.monthCounts.forecastValue", countOf(f, w.year)],
        ["fullyear.monthCounts.actualPlanningValue", countOf(continued(sql`l_ytd`, p), w.year)],
        ["fullyear.monthCounts.actualForecastValue", countOf(continued(sql`l_ytd`, f), w.year)],
      ];
    case "lastYear":
      return [
        ["fullyear.lastYearValue", aggregateOf(type, a, w.lastYear)],
        ["fullyear.monthCounts.lastYearValue", countOf(a, w.lastYear)],
      ];
  }
}
const PERIODS = ["ytd", "lastYtd", "ltm", "fullyear", "lastYear"] as const;

/**
 * One row per KPI and month in [from, to]: a = actual (only up to the end), p = planning,
 * f = the active forecast, a_ly = the actual twelve months earlier (when in [from, to]);
 * l_ytd / l_ltm = the KPI's last month with an actual in YTD / LTM.
 */
function monthsOf(kpis: RawBuilder<unknown>, [from, to]: Window, w: ReturnType<typeof windowsOf>) {
  return sql`
    with v as (
      select kpi_id, month, case when series = 'actual' and month <= ${w.end} then value end as a, case when series = 'planning' then value end as p, null::float8 as f
      from kpi_values
      where kpi_id = any(${kpis}) and dimension_key = '' and series in ('actual', 'planning') and month between ${from} and ${to}
      union all
      select fv.kpi_id, fv.month, null, null, fv.value
      from forecast_values fv join forecasts fc on fc.tenant_id = fv.tenant_id and fc.id = fv.forecast_id
      where fc.is_active and fv.kpi_id = any(${kpis}) and fv.month between ${from} and ${to}
    ), m as (
      select kpi_id, month, max(a) as a, max(p) as p, max(f) as f from v group by kpi_id, month
    )
    select m.*, ly.a as a_ly,
      max(m.month) filter (where m.a is not null and m.month between ${w.ytd[0]} and ${w.ytd[1]}) over k as l_ytd,
      max(m.month) filter (where m.a is not null and m.month between ${w.ltm[0]} and ${w.ltm[1]}) over k as l_ltm
    from m left join m as ly on ly.kpi_id = m.kpi_id and ly.month = (m.month - interval '12 months')::date
    window k as (partition by m.kpi_id)`;
}

/** The bound: every field of the 100 KPIs in one query. */
async function boundQuery(withTenant: WithTenant, tenantId: string, ids: number[], endDate: string) {
  const w = windowsOf(endDate);
  const fields = PERIODS.flatMap((period) => periodFields(period, null, w));
  const idArray = sql`${ids}::bigint[]`;
  const query = sql<Record<string, unknown>>`
    with rows as (${monthsOf(idArray, w.loaded, w)})
    select k.id, ${sql.join(fields.map(([name, expression]) => sql`${expression} as ${sql.ref(name.replaceAll(".", "__"))}`))}
    from kpis k left join rows on rows.kpi_id = k.id
    where k.id = any(${idArray})
    group by k.id, k.aggregation_type`;
  const result = await withTenant(tenantId, system, ({ db }) => query.execute(db));
  return new Map(result.rows.map((row) => [Number(row["id"]), fieldsOfRow(row)] as const));
}

/** Naive: the KPIs' types, then one query per KPI and period. */
async function naiveQueries(withTenant: WithTenant, tenantId: string, ids: number[], endDate: string) {
  const w = windowsOf(endDate);
  return withTenant(tenantId, system, async ({ db }) => {
    const kpis = await db.selectFrom("kpis").select(["id", "aggregation_type"]).where("id", "in", ids).execute();
    const results = new Map<number, Fields>();
    for (const kpi of kpis) {
      const fields: Fields = {};
      for (const period of PERIODS) {
        // YTD reads last year's YTD too, for the actuals twelve months earlier (a_ly).
        const window = period === "ytd" ? ([w.lastYtd[0], w.ytd[1]] as const) : period === "lastYtd" ? w.lastYtd : period === "ltm" ? w.ltm : period === "fullyear" ? w.year : w.lastYear;
        const selects = periodFields(period, kpi.aggregation_type, w);
        const result = await sql<Record<string, unknown>>`
          with rows as (${monthsOf(sql`array[${kpi.id}]::bigint[]`, window, w)})
          select ${sql.join(selects.map(([name, expression]) => sql`${expression} as ${sql.ref(name.replaceAll(".", "__"))}`))} from rows`.execute(db);
        Object.assign(fields, fieldsOfRow(result.rows[0]!));
      }
      results.set(kpi.id, fields);
    }
    return results;
  });
}

function fieldsOfRow(row: Record<string, unknown>): Fields {
  const fields: Fields = {};
  for (const [column, value] of Object.entries(row)) {
    if (column === "id") continue;
    fields[column.replaceAll("__", ".")] = value === null ? null : column === "ytd__closestDate" ? String(value) : Number(value);
  }
  return fields;
}

/** Every leaf of the aggregates by its path ("ytd.monthCounts.planningValue"). */
function fieldsOfAggregates(aggregates: KpiAggregates): Fields {
  const fields: Fields = {};
  const visit = (value: unknown, path: string) => {
    if (value !== null && typeof value === "object") for (const [name, inner] of Object.entries(value)) visit(inner, path ? `${path}.${name}` : name);
    else fields[path] = value as number | string | null;
  };
  visit(aggregates, "");
  return fields;
}

/** Throws unless both answers have the same KPIs and every field agrees (numbers to 1e-9, relative). */
function assertSame(label: string, expected: Map<number, Fields>, actual: Map<number, Fields>) {
  if (expected.size !== actual.size) throw new Error(`${label}: ${actual.size} KPIs, expected ${expected.size}`);
  let compared = 0;
  for (const [id, want] of expected) {
    const got = actual.get(id);
    if (!got) throw new Error(`${label}: KPI ${id} missing`);
    for (const field of Object.keys(want)) {
      const [x, y] = [want[field] ?? null, got[field] ?? null];
      const same = typeof x === "number" && typeof y === "number" ? Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x)) : x === y;
      if (!same) throw new Error(`${label}: KPI ${id} ${field} is ${JSON.stringify(y)}, expected ${JSON.stringify(x)}`);
      compared++;
    }
    if (Object.keys(got).length !== Object.keys(want).length) throw new Error(`${label}: KPI ${id} has fields ${Object.keys(got)}, expected ${Object.keys(want)}`);
  }
  return compared;
}

/**
 * Median wall times in ms, after one warm-up call each, taken in rounds (one call of each case per
 * round while it has runs left), so a slower or busier stretch of the machine hits every case alike.
 */
async function interleavedMedians(cases: [runs: number, work: () => Promise<unknown>][]): Promise<number[]> {
  for (const [, work] of cases) await work();
  const times: number[][] = cases.map(() => []);
  for (let round = 0; round < Math.max(...cases.map(([runs]) => runs)); round++) {
    for (const [index, [runs, work]] of cases.entries()) {
      if (round >= runs) continue;
      const start = performance.now();
      await work();
      times[index]!.push(performance.now() - start);
    }
  }
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!);
}

// ---- the company and the app ----

async function company(database: Database, withTenant: WithTenant) {
  const tenant = await database.system.insertInto("tenants").values({ kind: "company", name: "Bench", fiscal_year_offset: FISCAL_YEAR_OFFSET }).returning("id").executeTakeFirstOrThrow();
  const tenantId = tenant.id;
  const kpiIds = await withTenant(tenantId, system, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Bench" }).returning("id").executeTakeFirstOrThrow();
    const rows = Array.from({ length: KPIS }, (_, index) => ({
      tenant_id: tenantId, category_id: category.id, parent_id: null, key: `kpi_${index}`, name: `KPI ${index}`, unit: "number" as const, position: index,
      aggregation_type: typeOf(index), benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null, formula: null,
    }));
    return (await db.insertInto("kpis").values(rows).returning("id").execute()).map((row) => row.id);
  });
  const months = Array.from({ length: MONTHS }, (_, index) => FIRST_MONTH + index);
  const values = kpiIds.flatMap((kpiId, kpi) =>
    months.flatMap((month) => [
      ...(month <= lastActualOf(kpi) && !missing(kpi, month, 0) ? [{ tenant_id: tenantId, kpi_id: kpiId, series: "actual" as const, month: monthDateOf(month), value: valueOf(kpi, month, 0) }] : []),
      ...(!missing(kpi, month, 1) ? [{ tenant_id: tenantId, kpi_id: kpiId, series: "planning" as const, month: monthDateOf(month), value: valueOf(kpi, month, 1) }] : []),
    ]),
  );
  const forecasts = await withTenant(tenantId, system, async ({ db }) => {
    const categoryId = (await db.selectFrom("kpi_categories").select("id").executeTakeFirstOrThrow()).id;
    const forecast = (name: string, isActive: boolean) =>
      db.insertInto("forecasts").values({ tenant_id: tenantId, category_id: categoryId, name, source: "meridian", method: "linear_progression", is_active: isActive, actuals_from: "2016-01-01", actuals_to: "2025-06-01", forecast_from: "2016-01-01", forecast_to: "2025-12-01" }).returning("id").executeTakeFirstOrThrow();
    return { active: (await forecast("Active", true)).id, old: (await forecast("Old", false)).id };
  });
  const forecastValues = kpiIds.flatMap((kpiId, kpi) =>
    months.flatMap((month) => [
      ...(hasForecast(kpi) && !missing(kpi, month, 2) ? [{ tenant_id: tenantId, forecast_id: forecasts.active, kpi_id: kpiId, month: monthDateOf(month), value: valueOf(kpi, month, 2) }] : []),
      // An older, inactive forecast for the last two years: it must not count.
      ...(month >= FIRST_MONTH + MONTHS - 24 ? [{ tenant_id: tenantId, forecast_id: forecasts.old, kpi_id: kpiId, month: monthDateOf(month), value: valueOf(kpi, month, 3) }] : []),
    ]),
  );
  for (let start = 0; start < values.length; start += BATCH) {
    await withTenant(tenantId, system, ({ db }) => db.insertInto("kpi_values").values(values.slice(start, start + BATCH)).execute());
  }
  for (let start = 0; start < forecastValues.length; start += BATCH) {
    await withTenant(tenantId, system, ({ db }) => db.insertInto("forecast_values").values(forecastValues.slice(start, start + BATCH)).execute());
  }
  await sql`analyze`.execute(database.system);
  const user = await withTenant(tenantId, system, async ({ db }) => {
    const user = await db.insertInto("users").values({ tenant_id: tenantId, email: "bench@bench.example", password_hash: null, is_active: true, is_staff: false }).returning("id").executeTakeFirstOrThrow();
    const group = await db.insertInto("groups").values({ tenant_id: tenantId, name: "Readers" }).returning("id").executeTakeFirstOrThrow();
    await db.insertInto("group_permissions").values({ tenant_id: tenantId, group_id: group.id, permission: "read_super_sensitive" }).execute();
    await db.insertInto("user_groups").values({ tenant_id: tenantId, user_id: user.id, group_id: group.id }).execute();
    return user.id;
  });
  // Every fifth KPI, spread over the catalogue.
  const dashboard = kpiIds.filter((_, index) => index % (KPIS / DASHBOARD) === 0);
  const types = { cum: 0, ad: 0, dd: 0 };
  kpiIds.forEach((_, index) => index % (KPIS / DASHBOARD) === 0 && types[typeOf(index)]++);
  return { tenantId, userId: user, dashboard, types, valueRows: values.length + forecastValues.length };
}

async function measure(database: Database) {
  await migrateToLatest(database);
  const withTenant = createWithTenant(database, () => {});
  const { tenantId, userId, dashboard, types, valueRows } = await company(database, withTenant);
  const { app, signer, dataDir } = await benchApp(database, withTenant);
  const authorization = `Bearer ${await signer.sign("access", { tenantId, userId }, 3600)}`;
  const url = `/api/kpis/aggregates/?endDate=${END_DATE}&idList=${dashboard.join(",")}`;
  const endpoint = async () => {
    const response = await app.inject({ method: "GET", url, headers: { authorization } });
    if (response.statusCode !== 200) throw new Error(`endpoint answered ${response.statusCode}: ${response.body}`);
    return new Map(Object.entries(response.json().results as Record<string, KpiAggregates>).map(([id, aggregates]) => [Number(id), fieldsOfAggregates(aggregates)] as const));
  };
  // The service function alone, in the user's tenant transaction (no HTTP, token or JSON): for reference.
  const service = () =>
    withTenant(tenantId, { kind: "user", userId }, async (context) =>
      aggregatesFor(context, await permissionsOf(context, userId), { end: monthIndexOf(END_DATE), fiscalYearOffset: FISCAL_YEAR_OFFSET, ignoreLastMonths: 0, fxRates: null, only: new Set(dashboard) }),
    );

  // The three must agree on every field of every KPI before anything is timed.
  const ours = await endpoint();
  const bound = await boundQuery(withTenant, tenantId, dashboard, END_DATE);
  const naive = await naiveQueries(withTenant, tenantId, dashboard, END_DATE);
  const compared = assertSame("bound vs endpoint", ours, bound) + assertSame("naive vs endpoint", ours, naive);
  const nonNull = [...ours.values()].flatMap((fields) => Object.values(fields)).filter((value) => value !== null).length;

  const [endpointMs, serviceMs, boundMs, naiveMs] = (await interleavedMedians([
    [RUNS.endpoint, endpoint],
    [RUNS.endpoint, service],
    [RUNS.bound, () => boundQuery(withTenant, tenantId, dashboard, END_DATE)],
    [RUNS.naive, () => naiveQueries(withTenant, tenantId, dashboard, END_DATE)],
  ])) as [number, number, number, number];
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { endpointMs, serviceMs, boundMs, naiveMs, compared, nonNull, types, valueRows };
}

const { pglite: onPGlite, postgres: onPostgres } = await onBothEngines(measure);

type Measured = typeof onPGlite;
const rows = (engine: string, m: Measured) => [
  { case: `${engine}: endpoint (HTTP, app.inject)`, "ms (median)": +m.endpointMs.toFixed(2), runs: RUNS.endpoint },
  { case: `${engine}: aggregatesFor in a tenant transaction`, "ms (median)": +m.serviceMs.toFixed(2), runs: RUNS.endpoint },
  { case: `${engine}: bound (one SQL query)`, "ms (median)": +m.boundMs.toFixed(2), runs: RUNS.bound },
  { case: `${engine}: naive (${1 + DASHBOARD * PERIODS.length} queries)`, "ms (median)": +m.naiveMs.toFixed(2), runs: RUNS.naive },
];
const ratios = (engine: string, m: Measured | null) => {
  const faster = m ? m.naiveMs / m.endpointMs : null;
  const ofBound = m ? m.endpointMs / m.boundMs : null;
  return [
    { label: `${engine}: naive / endpoint (speed-up)`, value: faster, goal: `≥ ${GOALS.naive}×`, met: faster !== null && faster >= GOALS.naive },
    { label: `${engine}: endpoint / bound`, value: ofBound, goal: `≤ ${GOALS.bound}×`, met: ofBound !== null && ofBound <= GOALS.bound },
  ];
};
const verified = (engine: string, m: Measured) =>
  `${engine}: endpoint, bound and naive agree on all ${m.compared / 2} fields of the ${DASHBOARD} KPIs (${m.nonNull} non-null; ${m.types.cum} cum, ${m.types.ad} ad, ${m.types.dd} dd; ${m.valueRows} stored values)`;
console.log(
  JSON.stringify({
    name: `aggregates of a ${DASHBOARD}-KPI dashboard over ${KPIS} KPIs × 10 years (actual, planning, active forecast): endpoint vs naive vs one SQL query`,
    rows: [...rows("PGlite", onPGlite), ...(onPostgres ? rows("PostgreSQL", onPostgres) : [])],
    ratios: [...ratios("PGlite", onPGlite), ...(onPostgres ? ratios("PostgreSQL", onPostgres) : [])],
    notes: [
      verified("PGlite", onPGlite),
      ...(onPostgres ? [verified("PostgreSQL", onPostgres)] : ["no PostgreSQL answered at BENCH_DATABASE_URL (default 127.0.0.1:5432): not measured there"]),
      `endDate ${END_DATE}, fiscal year from April; the endpoint is timed through app.inject as a signed-in user (token check, permissions, RLS); bound and naive each run in one tenant transaction`,
    ],
  }),
);
