import { seedDemoOrganization } from "./demo-organization";
import type { Insertable } from "kysely";
import { fiscalYearStart } from "../../../domain/fiscal-calendar";
import { fiscalYearLabel } from "../../../domain/kpi/periods";
import { linearProgression } from "../../../domain/forecasting/linear-progression";
import { monthDateOf, monthIndexAt, monthRange, type MonthIndex } from "../../../domain/months";
import { ROLE_NAMES, ROLE_PERMISSIONS } from "../../../domain/permissions/roles";
import { hashPassword } from "../../platform/auth/passwords";
import type { Database } from "../database";
import type { DatabaseSchema, KpiValuesTable } from "../schema";
import type { TenantContext, WithTenant } from "../tenancy";
import { DEMO_CATEGORIES, DEMO_KPIS } from "./demo-catalog";
import { DEMO_COMPANIES, DEMO_PASSWORD, type DemoCompany } from "./demo-companies";
import { DEMO_INFO_KEY, type DemoInfo } from "./demo-info";
import { seedDemoQueries } from "./demo-queries";
import { seedDemoCharts } from "./demo-charts";
import { DEMO_CATEGORY_COLUMNS, seedDemoFavorites } from "./demo-reporting";
import { actualValue, benchmarksOf, planningValue } from "./demo-series";
import { seededRandom } from "./random";
import { seedDemoWarehouse } from "./demo-warehouse";
import { seedDemoDashboards } from "./demo-dashboards";
import { seedDemoInvestorReport } from "./demo-investor-reports";
import { seedDemoUploads } from "./demo-uploads";
import { seedDemoHolding } from "./demo-holding";
import { seedDemoOkrs } from "./demo-okrs";
import { seedDemoLiquidity } from "./demo-liquidity";

export const ACTUAL_MONTHS = 36;
const FORECAST_BASIS_MONTHS = 12;
const BATCH = 1000;
const actor = { kind: "system", name: "demo-seed" } as const;

/**
 * Creates the demo companies once per database: the same data on every run (values depend on
 * the month and a fixed seed, not on the day of seeding), up to the month before `now`.
 * A seed cut off half-way is replaced on the next start: the marker is written last.
 */
export async function seedDemoData(database: Database, withTenant: WithTenant, now = new Date()): Promise<boolean> {
  const done = await database.system.selectFrom("installation").select("key").where("key", "=", DEMO_INFO_KEY).executeTakeFirst();
  if (done) return false;

  const ids = DEMO_COMPANIES.map((company) => company.id);
  await database.system.deleteFrom("tenants").where("id", "in", ids).execute();
  await database.system
    .insertInto("tenants")
    .values(
      DEMO_COMPANIES.map((company) => ({
        id: company.id,
        kind: company.kind,
        name: company.name,
        fiscal_year_offset: company.fiscalYearOffset,
        local_currency: company.localCurrency,
        time_zone: company.timeZone,
        multi_currency: company.multiCurrency,
        features: JSON.stringify(company.features),
      })),
    )
    .execute();

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const currentMonth = monthIndexAt(now);
  const userIds = new Map<string, number>();
  for (const company of DEMO_COMPANIES) {
    await withTenant(company.id, actor, async (context) => {
      for (const [email, id] of await seedUsers(context, company, passwordHash)) userIds.set(email, id);
      const counts = company.kpiData ? await seedKpiData(context, company, currentMonth) : { kpis: 0, values: 0 };
      if (company.kpiData) await seedDemoFavorites(context, company);
      const adminId = userIds.get(company.users.find((user) => user.role === "Administrator")?.email ?? "");
      // The charts before the dashboards: a dashboard has a card of a demo chart.
      if (company.kpiData) await seedDemoCharts(context, adminId);
      if (company.kpiData) await seedDemoDashboards(context, company);
      if (company.kpiData) await seedDemoInvestorReport(context, company, currentMonth);
      if (company.kpiData) await seedDemoQueries(context, adminId);
      // The upload history, made by the upload feature itself (after the values it brings back).
      if (company.kpiData && adminId !== undefined) await seedDemoUploads(context, adminId, currentMonth, company.fiscalYearOffset, now);
      await seedFxRates(context, company, currentMonth);
      await seedPortfolio(context, company, userIds);
      if (company.kpiData) await seedDemoOrganization(context, new Map(company.users.flatMap((user) => (userIds.has(user.email) ? [[user.email, userIds.get(user.email)!] as const] : []))));
      if (company.warehouseSeed) await seedDemoWarehouse(context, company.warehouseSeed, now, company.fiscalYearOffset);
      if (company.kpiData) await seedDemoOkrs(context, now);
      // After the organization: the scenarios plan for its departments.
      if (company.kpiData) await seedDemoLiquidity(context, new Map(company.users.flatMap((user) => (userIds.has(user.email) ? [[user.email, userIds.get(user.email)!] as const] : []))), currentMonth);
      await context.appendEvent({ type: "DemoDataSeeded", payload: { company: company.name, ...counts } });
    });
  }

  await seedDemoHolding(withTenant, currentMonth - ACTUAL_MONTHS, currentMonth - 1, now);

  const info: DemoInfo = {
    password: DEMO_PASSWORD,
    logins: DEMO_COMPANIES.flatMap((company) =>
      company.users.map((user) => ({ email: user.email, role: user.role, company: company.name })),
    ),
  };
  await database.system.insertInto("installation").values({ key: DEMO_INFO_KEY, value: JSON.stringify(info) }).execute();
  return true;
}

async function seedUsers({ db, tenantId }: TenantContext, company: DemoCompany, passwordHash: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const groups = await db
    .insertInto("groups")
    .values(ROLE_NAMES.map((name) => ({ tenant_id: tenantId, name })))
    .returning(["id", "name"])
    .execute();
  await db
    .insertInto("group_permissions")
    .values(groups.flatMap((group) => ROLE_PERMISSIONS[group.name as keyof typeof ROLE_PERMISSIONS].map((permission) => ({ tenant_id: tenantId, group_id: group.id, permission }))))
    .execute();
  for (const user of company.users) {
    const row = await db
      .insertInto("users")
      .values({
        tenant_id: tenantId,
        email: user.email,
        first_name: user.firstName,
        last_name: user.lastName,
        password_hash: passwordHash,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("login_emails").values({ email: user.email, tenant_id: tenantId, user_id: row.id }).execute();
    const group = groups.find((candidate) => candidate.name === user.role);
    if (group) await db.insertInto("user_groups").values({ tenant_id: tenantId, user_id: row.id, group_id: group.id }).execute();
    ids.set(user.email, row.id);
  }
  return ids;
}

async function seedKpiData({ db, tenantId }: TenantContext, company: DemoCompany, currentMonth: MonthIndex) {
  const { scale, seed } = company.kpiData!;
  const categoryIds = new Map<string, number>();
  for (const [position, category] of DEMO_CATEGORIES.entries()) {
    const row = await db
      .insertInto("kpi_categories")
      .values({ tenant_id: tenantId, name: category.name, kind: category.kind, position, flexible_columns_config: JSON.stringify(DEMO_CATEGORY_COLUMNS[category.name] ?? []) })
      .returning("id")
      .executeTakeFirstOrThrow();
    categoryIds.set(category.name, row.id);
  }

  const kpiIds = new Map<string, number>();
  for (const [position, kpi] of DEMO_KPIS.entries()) {
    const benchmarks = benchmarksOf(kpi, scale);
    const row = await db
      .insertInto("kpis")
      .values({
        tenant_id: tenantId,
        category_id: categoryIds.get(kpi.category)!,
        parent_id: null,
        key: kpi.key,
        name: kpi.name,
        description: kpi.description ?? "",
        unit: kpi.unit,
        aggregation_type: kpi.aggregation,
        higher_is_better: kpi.higherIsBetter ?? true,
        sensitivity: kpi.sensitivity ?? 0,
        cadence: kpi.cadence ?? "monthly",
        validation_state: kpi.validation ?? "validated",
        benchmark_bottom25: benchmarks.bottom25,
        benchmark_median50: benchmarks.median50,
        benchmark_top25: benchmarks.top25,
        benchmark_top5: benchmarks.top5,
        formula: kpi.formula ?? null,
        weighted_ratio: kpi.weightedRatio ?? false,
        position,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    kpiIds.set(kpi.key, row.id);
  }
  for (const kpi of DEMO_KPIS.filter((candidate) => candidate.parent)) {
    await db
      .updateTable("kpis")
      .set({ parent_id: kpiIds.get(kpi.parent!)! })
      .where("id", "=", kpiIds.get(kpi.key)!)
      .execute();
  }

  // Actuals up to last month; planning for the current and the next fiscal year.
  const actualMonths = monthRange(currentMonth - ACTUAL_MONTHS, currentMonth - 1);
  const planningStart = fiscalYearStart(currentMonth, company.fiscalYearOffset);
  const planningMonths = monthRange(planningStart, planningStart + 23);
  const stored = DEMO_KPIS.filter((kpi) => !kpi.formula);
  const values: Insertable<KpiValuesTable>[] = [];
  for (const kpi of stored) {
    const kpiId = kpiIds.get(kpi.key)!;
    for (const month of actualMonths) {
      values.push({ tenant_id: tenantId, kpi_id: kpiId, series: "actual", month: monthDateOf(month), value: actualValue(kpi, month, scale, seed) });
    }
    for (const month of planningMonths) {
      values.push({ tenant_id: tenantId, kpi_id: kpiId, series: "planning", month: monthDateOf(month), value: planningValue(kpi, month, scale) });
    }
  }
  await insertInBatches(db, "kpi_values", values);

  // A planning version of this fiscal year: the budget as agreed, 3 % below today's working plan
  // (which has been revised since), so comparing the two shows differences.
  const budgetMonths = planningMonths.slice(0, 12);
  const budget = await db
    .insertInto("planning_versions")
    .values({ tenant_id: tenantId, name: `Budget ${fiscalYearLabel(planningStart, company.fiscalYearOffset).slice(3)}`, fiscal_year_start: monthDateOf(planningStart), value_count: stored.length * budgetMonths.length })
    .returning("id")
    .executeTakeFirstOrThrow();
  await insertInBatches(
    db,
    "planning_version_values",
    stored.flatMap((kpi) =>
      budgetMonths.map((month) => {
        const planned = planningValue(kpi, month, scale);
        const value = kpi.shape === "binary" || kpi.unit === "positions" ? planned : Math.round(planned * 0.97 * 100) / 100;
        return { tenant_id: tenantId, version_id: budget.id, kpi_id: kpiIds.get(kpi.key)!, month: monthDateOf(month), value };
      }),
    ),
  );

  // Forecasts per category: a system forecast (linear progression over the last 12 actuals, to
  // the end of planning), active; the financial categories also have a user forecast over the
  // last 6 months, so switching the active forecast can be tried on a fresh start.
  const forecastValues: Insertable<DatabaseSchema["forecast_values"]>[] = [];
  const forecastsOf = [
    ...DEMO_CATEGORIES.map((category) => ({ category, name: "System forecast", basisMonths: FORECAST_BASIS_MONTHS, system: true, madeMonthsAgo: 0 })),
    // Made six months ago over the twelve months before: its accuracy (MAPE) has six months of actuals to show.
    ...DEMO_CATEGORIES.filter((category) => category.name === "P&L" || category.name === "Financial").map((category) => ({ category, name: "Earlier outlook", basisMonths: 12, system: false, madeMonthsAgo: 6 })),
  ];
  for (const plan of forecastsOf) {
    const madeIn = currentMonth - plan.madeMonthsAgo;
    const months = monthRange(madeIn, planningStart + 23);
    const forecast = await db
      .insertInto("forecasts")
      .values({
        tenant_id: tenantId,
        category_id: categoryIds.get(plan.category.name)!,
        name: plan.name,
        source: "meridian",
        method: "linear_progression",
        is_system: plan.system,
        is_active: plan.system,
        activated_at: plan.system ? new Date(Date.UTC(Math.floor(currentMonth / 12), currentMonth % 12, 1)) : null,
        actuals_from: monthDateOf(madeIn - plan.basisMonths),
        actuals_to: monthDateOf(madeIn - 1),
        forecast_from: monthDateOf(months[0]!),
        forecast_to: monthDateOf(months.at(-1)!),
        created_at: new Date(Date.UTC(Math.floor(madeIn / 12), madeIn % 12, 1)),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const kpi of stored.filter((candidate) => candidate.shape !== "binary" && candidate.category === plan.category.name)) {
      const basis = monthRange(madeIn - plan.basisMonths, madeIn - 1).map((month) => actualValue(kpi, month, scale, seed));
      const projected = linearProgression(basis, months.length) ?? [];
      projected.forEach((value, step) =>
        forecastValues.push({
          tenant_id: tenantId,
          forecast_id: forecast.id,
          kpi_id: kpiIds.get(kpi.key)!,
          month: monthDateOf(months[step]!),
          value: Math.round(Math.max(kpi.min ?? (kpi.shape === "ratio" ? -Infinity : 0), value) * 100) / 100,
        }),
      );
    }
  }
  await insertInBatches(db, "forecast_values", forecastValues);
  return { kpis: DEMO_KPIS.length, values: values.length + forecastValues.length };
}

/** Monthly dated rates over the data window; the earliest date also covers earlier months. */
async function seedFxRates({ db, tenantId }: TenantContext, company: DemoCompany, currentMonth: MonthIndex) {
  for (const fxRate of company.fxRates) {
    const row = await db
      .insertInto("fx_rates")
      .values({ tenant_id: tenantId, name: fxRate.name, currency: fxRate.currency })
      .returning("id")
      .executeTakeFirstOrThrow();
    const months = monthRange(currentMonth - ACTUAL_MONTHS, fiscalYearStart(currentMonth, company.fiscalYearOffset) + 23);
    const rates = months.map((month) => {
      const yearlyWave = 0.015 * Math.sin((2 * Math.PI * month) / 12);
      const noise = 0.008 * seededRandom(`fx/${fxRate.currency}/${month}`).normal();
      const rate = fxRate.rate * (1 + yearlyWave + noise);
      return { tenant_id: tenantId, fx_rate_id: row.id, valid_from: monthDateOf(month), rate: Math.round(rate * 10_000) / 10_000 };
    });
    await insertInBatches(db, "fx_rate_values", rates);
  }
}

async function seedPortfolio({ db, tenantId }: TenantContext, company: DemoCompany, userIds: ReadonlyMap<string, number>) {
  for (const link of company.portfolio) {
    const target = DEMO_COMPANIES.find((candidate) => candidate.id === link.companyId)!;
    await db
      .insertInto("registered_instances")
      .values({ tenant_id: tenantId, target_tenant_id: target.id, instance_name: target.name, authorization_state: link.state, target_user_id: link.viewAs ? userIds.get(link.viewAs)! : null })
      .execute();
  }
}

async function insertInBatches<T extends keyof DatabaseSchema>(db: TenantContext["db"], table: T, rows: readonly Insertable<DatabaseSchema[T]>[]) {
  for (let start = 0; start < rows.length; start += BATCH) {
    await db.insertInto(table).values(rows.slice(start, start + BATCH) as never).execute();
  }
}
