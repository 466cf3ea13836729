import { sql } from "kysely";
import type { HoldingRollup } from "../../../contracts/holding";
import { rollUp, type HoldingRate, type SubsidiaryData, type SubsidiaryKpi } from "../../../domain/holding/rollup";
import { monthDateOf, monthIndexOf, type MonthIndex } from "../../../domain/months";
import type { TenantContext, WithTenant } from "../../db/tenancy";
import { loadKpis } from "../kpis/kpi-repository";
import type { HoldingTenant } from "./holding-instance";

/**
 * The most sensitive KPI level a holding reads of its subsidiaries: non-sensitive (0) and
 * sensitive (1). Most and super sensitive KPIs (salaries, cap table) stay with the company.
 */
export const HOLDING_READ_LEVEL = 1;

export interface HoldingSide {
  readonly instances: readonly { readonly id: number; readonly target_tenant_id: string }[];
  readonly rates: readonly HoldingRate[];
}

/** In the holding's transaction: its registered subsidiaries and its rates for `months`. */
export async function loadHoldingSide({ db }: TenantContext, months: readonly MonthIndex[]): Promise<HoldingSide> {
  const instances = await db.selectFrom("registered_instances").select(["id", "target_tenant_id"]).orderBy("instance_name").orderBy("id").execute();
  const rows = await db
    .selectFrom("holding_fx_rates")
    .select(["currency", "month", "average_rate", "month_end_rate"])
    .where("month", ">=", monthDateOf(months[0]!))
    .where("month", "<=", monthDateOf(months[months.length - 1]!))
    .execute();
  return { instances, rates: rows.map((rate) => ({ currency: rate.currency, month: monthIndexOf(rate.month), average: rate.average_rate, monthEnd: rate.month_end_rate })) };
}

/**
 * One subsidiary's KPIs for the roll-up, read in a system transaction of its own tenant: null
 * unless the subsidiary's own record says it authorized this holding. Only stored KPIs (calculated
 * ones are ratios or formulas of others) up to HOLDING_READ_LEVEL, only actuals of `months`.
 */
export function loadSubsidiary(withTenant: WithTenant, instanceId: number, subsidiaryTenantId: string, holdingTenantId: string, months: readonly MonthIndex[]): Promise<SubsidiaryData | null> {
  return withTenant(subsidiaryTenantId, { kind: "system", name: "holding-rollup" }, async (context) => {
    const { db } = context;
    const link = await db.selectFrom("holding_links").select("state").where("holding_tenant_id", "=", holdingTenantId).executeTakeFirst();
    if (link?.state !== "authorized") return null;
    const tenant = await db.selectFrom("tenants").select(["name", "local_currency"]).executeTakeFirstOrThrow();
    const kpis = (await loadKpis(context)).filter((kpi) => kpi.formula === null && kpi.effective_sensitivity <= HOLDING_READ_LEVEL);
    const ids = kpis.map((kpi) => kpi.id);
    const actuals = new Map<number, Map<MonthIndex, number>>(ids.map((id) => [id, new Map()]));
    if (ids.length > 0) {
      const { rows } = await sql<{ kpi_id: number; month: string; value: number }>`
        select kpi_id, month::text as month, value from kpi_values
        where kpi_id = any(${sql`${ids}::bigint[]`}) and series = 'actual' and dimension_key = ''
          and month between ${monthDateOf(months[0]!)} and ${monthDateOf(months[months.length - 1]!)}`.execute(db);
      for (const row of rows) actuals.get(Number(row.kpi_id))?.set(monthIndexOf(row.month), row.value);
    }
    return {
      id: instanceId,
      name: tenant.name,
      currency: tenant.local_currency,
      kpis: kpis.map((kpi): SubsidiaryKpi => ({ name: kpi.name, unit: kpi.unit, aggregation: kpi.aggregation_type, actuals: actuals.get(kpi.id)! })),
    };
  });
}

/** The roll-up as the API answers it. */
export function rollupAnswer(holding: HoldingTenant, side: HoldingSide, subsidiaries: readonly SubsidiaryData[], months: readonly MonthIndex[]): HoldingRollup {
  const result = rollUp({ holdingCurrency: holding.currency, subsidiaries, rates: side.rates, months });
  return {
    currency: result.currency,
    from: monthDateOf(months[0]!),
    to: monthDateOf(months[months.length - 1]!),
    months: months.map(monthDateOf),
    companies: subsidiaries.map((subsidiary) => ({ id: subsidiary.id, name: subsidiary.name, currency: subsidiary.currency })),
    lines: result.lines.map((line) => ({
      ...line,
      companies: line.companies.map((figure) => ({ subsidiary_id: figure.subsidiaryId, company: figure.company, currency: figure.currency, local: figure.local, converted: figure.converted, monthly: figure.monthly })),
    })),
    unmatched: result.unmatched,
  };
}
