import type { KpiType, LegacyYearToDate } from "../../../contracts/kpis";
import type { KpiAggregates } from "../../../domain/kpi/kpi-aggregates";
import type { KpiRow } from "./kpi-repository";

/**
 * The legacy year-to-date answer of GET /api/kpis/aggregates/?format=legacy, mapped from the
 * aggregates: historySum = ytd.actualValue, planningSum = ytd.planningValue, lastYearHistorySum =
 * ytd.lastYearValue, forecast.historySum = ytd.forecastValue, projection.planningSum =
 * fullyear.planningValue. In catalogue order.
 */
export function legacyYearToDate(results: Readonly<Record<number, KpiAggregates>>, catalogue: readonly Pick<KpiRow, "id">[]): { yearToDate: LegacyYearToDate[] } {
  return {
    yearToDate: catalogue.flatMap(({ id }) => {
      const aggregates = results[id];
      if (!aggregates) return [];
      return [
        {
          kpiId: id,
          aggregates: { planningSum: aggregates.ytd.planningValue, lastYearHistorySum: aggregates.ytd.lastYearValue, historySum: aggregates.ytd.actualValue },
          forecast: { historySum: aggregates.ytd.forecastValue },
          projection: { planningSum: aggregates.fullyear.planningValue },
        },
      ];
    }),
  };
}

/** `only` narrowed to the KPIs of categories of the kind (`all`: unchanged). */
export function onlyOfType(catalogue: readonly Pick<KpiRow, "id" | "category_kind">[], only: ReadonlySet<number> | null, type: KpiType): Set<number> | null {
  if (type === "all") return only ? new Set(only) : null;
  return new Set(catalogue.filter((kpi) => kpi.category_kind === type && (!only || only.has(kpi.id))).map((kpi) => kpi.id));
}
