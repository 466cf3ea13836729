import { wordsOf } from "../../../../domain/copilot/kpi-match";
import { cashRunway as runwayOf } from "../../../../domain/copilot/runway";
import { monthDateOf, monthIndexOf, monthLabel, type MonthIndex } from "../../../../domain/months";
import { monthlyHistory } from "./figures";
import { citation, companyCalendar, defineTool, END_MONTH_PARAMETER, endMonthArg, kpiFacts, NO_SUCH_KPI, readableKpis, wholeNumberArg } from "./tool-kit";
import type { KpiRow } from "../../kpis/kpi-repository";

/** Words that name a cash balance KPI, when none is given. */
const CASH_WORDS = ["cash", "liquidity", "bank balance", "cash balance", "liquid funds"];

/** The readable currency KPI that is the cash balance: by name or key, a stock (end-of-period) KPI first. */
export function cashKpiOf(kpis: readonly KpiRow[]): KpiRow | null {
  const named = kpis.filter((kpi) => kpi.unit === "currency" && CASH_WORDS.some((word) => ` ${wordsOf(kpi.name).join(" ")} `.includes(` ${word} `) || ` ${wordsOf(kpi.key).join(" ")} `.includes(` ${word} `)));
  return named.find((kpi) => kpi.aggregation_type === "dd") ?? named[0] ?? null;
}

/**
 * cash_runway: months of cash left at the recent average burn, from the cash balance KPI's
 * month-end actuals (domain runway.ts), with the balances as a chart.
 */
export const cashRunway = defineTool({
  name: "cash_runway",
  description: "Cash runway: the latest cash balance, the average monthly change over the latest months, and the months until cash runs out at that pace. Uses the cash balance KPI unless kpiId names another.",
  parameters: {
    type: "object",
    properties: { kpiId: { type: "integer", description: "The cash balance KPI (default: found by name)." }, months: { type: "integer", minimum: 2, maximum: 24 }, endMonth: END_MONTH_PARAMETER },
    additionalProperties: false,
  },
  parse: (args) => ({ kpiId: args["kpiId"] === undefined ? null : wholeNumberArg(args, "kpiId", 1, Number.MAX_SAFE_INTEGER, 0), months: wholeNumberArg(args, "months", 2, 24, 12), args }),
  run: async ({ kpiId, months, args }, { reader, inTenant, today }) => {
    const end = endMonthArg(args, today);
    return inTenant(async (context) => {
      const kpis = await readableKpis(context, reader);
      const kpi = kpiId === null ? cashKpiOf(kpis) : (kpis.find((candidate) => candidate.id === kpiId) ?? null);
      if (!kpi) return { content: { error: kpiId === null ? "No cash balance KPI that you can read was found. Name one with kpiId." : NO_SUCH_KPI(kpiId) }, citations: [], blocks: [] };
      const { fiscalYearOffset } = await companyCalendar(context);
      const buckets = (await monthlyHistory(context, reader, end, months, fiscalYearOffset, new Set([kpi.id]))).get(kpi.id) ?? [];
      const balances = new Map<MonthIndex, number>();
      for (const bucket of buckets) if (bucket.actual !== null) balances.set(monthIndexOf(bucket.startDate), bucket.actual);
      const runway = runwayOf(balances);
      const chart = {
        kind: "chart" as const,
        title: `${kpi.name}, month-end balance`,
        chart: "line" as const,
        unit: kpi.unit,
        series: [{ name: "Actual", points: buckets.map((bucket) => ({ label: bucket.label, value: bucket.actual })) }],
      };
      if (runway.kind === "unknown") return { content: { kpi: kpiFacts(kpi), runway: null, reason: runway.reason }, citations: [], blocks: balances.size > 0 ? [chart] : [] };
      const month = monthLabel(runway.month);
      const trend = `average of ${runway.months} month${runway.months === 1 ? "" : "s"} to ${month}`;
      return {
        content: {
          kpi: kpiFacts(kpi),
          balance: runway.balance,
          balanceMonth: monthDateOf(runway.month),
          monthlyChange: runway.monthlyChange,
          trendMonths: runway.months,
          runwayMonths: runway.runwayMonths,
          burning: runway.kind === "burning",
        },
        citations: [citation(kpi, month, "actual", runway.balance), citation(kpi, trend, "change per month", runway.monthlyChange)],
        blocks: [chart],
      };
    });
  },
});
