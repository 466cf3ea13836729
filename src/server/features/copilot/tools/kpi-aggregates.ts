import type { AnswerBlock, Citation } from "../../../../contracts/copilot";
import { periodAt } from "../../../../domain/copilot/periods";
import { aggregatesAt, type AggregateSummary } from "./figures";
import { companyCalendar, citation, defineTool, END_MONTH_PARAMETER, endMonthArg, kpiFacts, kpiIdsArg, readableKpis } from "./tool-kit";

/**
 * kpi_aggregates and compare_kpis: year to date, last twelve months and full fiscal year with
 * plan, last year, forecast and the deviations, as GET /api/kpis/aggregates/ reads them.
 */
export const kpiAggregates = defineTool({
  name: "kpi_aggregates",
  description:
    "Year to date (ytd), last twelve months (ltm) and full fiscal year (fullYear) figures of KPIs at a reporting month: actual, plan, last year, forecast, and actual against plan (like-for-like months) with the deviation and deviation percent.",
  parameters: {
    type: "object",
    properties: { kpiIds: { type: "array", items: { type: "integer" }, minItems: 1, maxItems: 20 }, endMonth: END_MONTH_PARAMETER },
    required: ["kpiIds"],
    additionalProperties: false,
  },
  parse: (args) => ({ kpiIds: kpiIdsArg(args, "kpiIds", 1, 20), args }),
  run: async ({ kpiIds, args }, { reader, inTenant, today }) => {
    const end = endMonthArg(args, today);
    return inTenant(async (context) => {
      const { fiscalYearOffset } = await companyCalendar(context);
      const wanted = new Set(kpiIds);
      const kpis = (await readableKpis(context, reader)).filter((kpi) => wanted.has(kpi.id));
      const figures = await aggregatesAt(context, reader, end, fiscalYearOffset, new Set(kpis.map((kpi) => kpi.id)));
      const ytd = periodAt("ytd", end, fiscalYearOffset).label;
      const fy = periodAt("fy", end, fiscalYearOffset).label;
      const ltm = periodAt("ltm", end, fiscalYearOffset).label;
      const answered = kpis.filter((kpi) => figures.has(kpi.id));
      const citations: Citation[] = answered.flatMap((kpi) => {
        const summary = figures.get(kpi.id)!;
        return [citation(kpi, ytd, "actual", summary.ytd.actual), citation(kpi, ytd, "plan", summary.ytd.plan), citation(kpi, fy, "forecast (projected)", summary.fullYear.projected)];
      });
      return {
        content: {
          periods: { ytd, ltm, fullYear: fy },
          kpis: answered.map((kpi) => ({ ...kpiFacts(kpi), ...figures.get(kpi.id)! })),
          // Unknown and unreadable ids alike.
          notFound: kpiIds.filter((id) => !figures.has(id)),
        },
        citations,
        blocks: answered.length > 0 ? [aggregatesTable(`Year to date (${ytd})`, answered.map((kpi) => ({ name: kpi.name, summary: figures.get(kpi.id)! })))] : [],
      };
    });
  },
});

export const compareKpis = defineTool({
  name: "compare_kpis",
  description: "Compare two to ten KPIs side by side: their year-to-date, last-twelve-months and full-year figures against plan and last year.",
  parameters: {
    type: "object",
    properties: { kpiIds: { type: "array", items: { type: "integer" }, minItems: 2, maxItems: 10 }, endMonth: END_MONTH_PARAMETER },
    required: ["kpiIds"],
    additionalProperties: false,
  },
  parse: (args) => ({ kpiIds: kpiIdsArg(args, "kpiIds", 2, 10), args }),
  run: (args, context) => kpiAggregates.run(args.args, context),
});

const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

function aggregatesTable(title: string, rows: readonly { name: string; summary: AggregateSummary }[]): AnswerBlock {
  return {
    kind: "table",
    title,
    columns: ["KPI", "Actual", "Plan", "Deviation %", "Last year"],
    rows: rows.map(({ name, summary }) => [name, round(summary.ytd.actual), round(summary.ytd.plan), round(summary.ytd.vsPlan.deviationPercent), round(summary.ytd.lastYear)]),
  };
}
