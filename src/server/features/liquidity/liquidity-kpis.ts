import type { TenantContext } from "../../db/tenancy";
import { loadKpis, type KpiRow } from "../kpis/kpi-repository";
import { mayRead } from "../kpis/kpi-service";
import type { LiquidityReader } from "./liquidity-access";

/**
 * The KPIs a scenario may take its revenue and cash from: money KPIs (stored or calculated) the
 * person may read, by effective sensitivity as every KPI answer decides it.
 */
export async function moneyKpisFor(context: TenantContext, reader: LiquidityReader): Promise<KpiRow[]> {
  return (await loadKpis(context)).filter((kpi) => kpi.unit === "currency" && mayRead(reader, kpi));
}

export async function readableKpiIds(context: TenantContext, reader: LiquidityReader): Promise<Set<number>> {
  return new Set((await moneyKpisFor(context, reader)).map((kpi) => kpi.id));
}

/**
 * The suggested revenue and cash KPIs: the KPI keyed `revenue` (else the first cumulative money
 * KPI named revenue) and the one keyed `cash_balance` (else the first money KPI named cash that
 * takes the period's last value), when the person may read them.
 */
export async function defaultKpis(context: TenantContext, reader: LiquidityReader): Promise<{ revenue: number | null; cash: number | null }> {
  const kpis = await moneyKpisFor(context, reader);
  const revenue = kpis.find((kpi) => kpi.key === "revenue") ?? kpis.find((kpi) => kpi.aggregation_type === "cum" && /revenue/i.test(kpi.name));
  const cash = kpis.find((kpi) => kpi.key === "cash_balance") ?? kpis.find((kpi) => kpi.aggregation_type === "dd" && /cash/i.test(kpi.name));
  return { revenue: revenue?.id ?? null, cash: cash?.id ?? null };
}
