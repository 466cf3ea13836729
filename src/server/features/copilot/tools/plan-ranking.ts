import type { Citation } from "../../../../contracts/copilot";
import { periodAt } from "../../../../domain/copilot/periods";
import { furthestBehindPlan as rankBehindPlan, topMovers as rankMovers } from "../../../../domain/copilot/ranking";
import { aggregatesAt, monthlyHistory, versusPlanOver } from "./figures";
import { citation, companyCalendar, defineTool, END_MONTH_PARAMETER, endMonthArg, kpiHref, periodKindArg, readableKpis, wholeNumberArg } from "./tool-kit";

const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * furthest_behind_plan: the readable KPIs behind plan over a period, furthest first, by the
 * deviation relative to plan in the KPI's good direction (domain ranking.ts), like-for-like months.
 */
export const furthestBehindPlan = defineTool({
  name: "furthest_behind_plan",
  description:
    "The KPIs furthest behind plan over a period (month, ytd, ltm or fy), furthest first. Behind means worse than plan in the KPI's good direction (a cost above plan is behind). Compares months that have both an actual and a plan; fy compares the forecast-projected year with the plan.",
  parameters: {
    type: "object",
    properties: { period: { type: "string", enum: ["month", "ytd", "ltm", "fy"] }, endMonth: END_MONTH_PARAMETER, limit: { type: "integer", minimum: 1, maximum: 50 } },
    additionalProperties: false,
  },
  parse: (args) => ({ kind: periodKindArg(args, ["month", "ytd", "ltm", "fy"]), limit: wholeNumberArg(args, "limit", 1, 50, 10), args }),
  run: async ({ kind, limit, args }, { reader, inTenant, today }) => {
    const end = endMonthArg(args, today);
    return inTenant(async (context) => {
      const { fiscalYearOffset } = await companyCalendar(context);
      const period = periodAt(kind, end, fiscalYearOffset);
      const kpis = await readableKpis(context, reader);
      const summaries = kind === "month" ? new Map() : await aggregatesAt(context, reader, end, fiscalYearOffset, null);
      const months = kind === "month" ? await monthlyHistory(context, reader, end, 1, fiscalYearOffset, null) : new Map();
      const compared = kpis.flatMap((kpi) => {
        const versus = versusPlanOver(period, summaries.get(kpi.id), months.get(kpi.id)?.[0]);
        return versus ? [{ kpi, versus, name: kpi.name, actual: versus.actual, plan: versus.plan, higherIsBetter: kpi.higher_is_better }] : [];
      });
      const ranked = rankBehindPlan(compared);
      const shown = ranked.slice(0, limit);
      const citations: Citation[] = shown.flatMap(({ kpi, versus }) => [citation(kpi, period.label, "actual", versus.actual), citation(kpi, period.label, "plan", versus.plan)]);
      return {
        content: {
          period: period.label,
          behindPlan: shown.map(({ kpi, versus, performance }) => ({
            id: kpi.id,
            name: kpi.name,
            unit: kpi.unit,
            higherIsBetter: kpi.higher_is_better,
            months: versus.months,
            actual: versus.actual,
            plan: versus.plan,
            deviation: versus.deviation,
            deviationPercent: versus.deviationPercent,
            /** Percent behind plan in the good direction. */
            behindPercent: -performance * 100,
            href: kpiHref(kpi.id),
          })),
          behindCount: ranked.length,
          comparedCount: compared.filter((each) => each.plan !== null && each.plan !== 0 && each.actual !== null).length,
        },
        citations,
        blocks:
          shown.length === 0
            ? []
            : [
                {
                  kind: "table" as const,
                  title: `Furthest behind plan, ${period.label}`,
                  columns: ["KPI", "Actual", "Plan", "Deviation", "Behind plan %"],
                  rows: shown.map(({ kpi, versus, performance }) => [kpi.name, round(versus.actual), round(versus.plan), round(versus.deviation), round(-performance * 100)]),
                },
              ],
      };
    });
  },
});

/** top_movers: the readable KPIs that changed most against the same months last year (YTD) or the month before. */
export const topMovers = defineTool({
  name: "top_movers",
  description: "The KPIs that moved most: year to date against the same months last year (ytd), or the reporting month against the month before (month). Sorted by the size of the relative change.",
  parameters: {
    type: "object",
    properties: { period: { type: "string", enum: ["month", "ytd"] }, endMonth: END_MONTH_PARAMETER, limit: { type: "integer", minimum: 1, maximum: 50 } },
    additionalProperties: false,
  },
  parse: (args) => ({ kind: periodKindArg(args, ["month", "ytd"]), limit: wholeNumberArg(args, "limit", 1, 50, 10), args }),
  run: async ({ kind, limit, args }, { reader, inTenant, today }) => {
    const end = endMonthArg(args, today);
    return inTenant(async (context) => {
      const { fiscalYearOffset } = await companyCalendar(context);
      const period = periodAt(kind, end, fiscalYearOffset);
      const kpis = await readableKpis(context, reader);
      let base: string;
      let moves: { kpi: (typeof kpis)[number]; value: number | null; base: number | null }[];
      if (kind === "ytd") {
        const summaries = await aggregatesAt(context, reader, end, fiscalYearOffset, null);
        base = "same months last year";
        moves = kpis.map((kpi) => ({ kpi, value: summaries.get(kpi.id)?.ytd.vsLastYear.actual ?? null, base: summaries.get(kpi.id)?.ytd.vsLastYear.plan ?? null }));
      } else {
        const history = await monthlyHistory(context, reader, end, 2, fiscalYearOffset, null);
        base = periodAt("month", end - 1, fiscalYearOffset).label;
        moves = kpis.map((kpi) => ({ kpi, value: history.get(kpi.id)?.[1]?.actual ?? null, base: history.get(kpi.id)?.[0]?.actual ?? null }));
      }
      const ranked = rankMovers(moves.map((move) => ({ ...move, name: move.kpi.name, higherIsBetter: move.kpi.higher_is_better }))).slice(0, limit);
      return {
        content: {
          period: period.label,
          comparedWith: base,
          movers: ranked.map((move) => ({ id: move.kpi.id, name: move.kpi.name, unit: move.kpi.unit, value: move.value, base: move.base, changePercent: move.change * 100, good: move.good, href: kpiHref(move.kpi.id) })),
        },
        citations: ranked.flatMap((move) => [citation(move.kpi, period.label, "actual", move.value), citation(move.kpi, base, "actual", move.base)]),
        blocks: ranked.length === 0 ? [] : [{ kind: "table" as const, title: `Top movers, ${period.label} against ${base}`, columns: ["KPI", "Now", "Before", "Change %"], rows: ranked.map((move) => [move.kpi.name, round(move.value), round(move.base), round(move.change * 100)]) }],
      };
    });
  },
});
