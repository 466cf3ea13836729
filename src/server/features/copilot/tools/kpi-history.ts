import type { AnswerBlock, Citation } from "../../../../contracts/copilot";
import type { HistoryBucket } from "../../../../contracts/kpis";
import { monthIndexOf, monthRangeLabel } from "../../../../domain/months";
import type { ToolContext, ToolOutcome } from "../tool-types";
import { monthlyHistory } from "./figures";
import { ArgumentError, choiceArg, citation, companyCalendar, defineTool, END_MONTH_PARAMETER, endMonthArg, kpiFacts, kpiIdArg, NO_SUCH_KPI, readableKpis, wholeNumberArg } from "./tool-kit";

const SERIES = ["actual", "plan", "forecast", "lastYear"] as const;
type SeriesName = (typeof SERIES)[number];
const BUCKET_SIZES = ["1", "3", "6", "12"] as const;

/**
 * kpi_history and kpi_values: a KPI's figures over time (GET /api/kpis/history/), in fiscal
 * buckets of 1, 3, 6 or 12 months, with a line chart of the series asked for.
 */
export const kpiHistory = defineTool({
  name: "kpi_history",
  description: "A KPI's actual, plan, forecast and last year's actual over the last N months, in buckets of 1, 3, 6 or 12 months (aligned to the fiscal year). Draws a line chart.",
  parameters: {
    type: "object",
    properties: {
      kpiId: { type: "integer" },
      months: { type: "integer", minimum: 1, maximum: 60, description: "How many months, ending at endMonth (default 12)." },
      bucketMonths: { type: "integer", enum: [1, 3, 6, 12], description: "Months per bucket (default 1)." },
      endMonth: END_MONTH_PARAMETER,
    },
    required: ["kpiId"],
    additionalProperties: false,
  },
  parse: (args) => {
    const bucket = args["bucketMonths"] === undefined ? "1" : choiceArg({ bucketMonths: String(args["bucketMonths"]) }, "bucketMonths", BUCKET_SIZES, "1");
    return { kpiId: kpiIdArg(args), months: wholeNumberArg(args, "months", 1, 60, 12), bucket: Number(bucket) as 1 | 3 | 6 | 12, series: [...SERIES] as SeriesName[], args };
  },
  run: async ({ kpiId, months, bucket, series, args }, { reader, inTenant, today }) => {
    const end = endMonthArg(args, today);
    return historyOutcome(kpiId, end - months + 1, end, bucket, series, { reader, inTenant });
  },
});

export const kpiValues = defineTool({
  name: "kpi_values",
  description: "A KPI's monthly values from one month to another (at most 36 months): actual, plan and forecast, or only the series named.",
  parameters: {
    type: "object",
    properties: {
      kpiId: { type: "integer" },
      fromMonth: { type: "string", pattern: "^\\d{4}-\\d{2}$" },
      toMonth: { type: "string", pattern: "^\\d{4}-\\d{2}$" },
      series: { type: "array", items: { type: "string", enum: ["actual", "plan", "forecast"] } },
    },
    required: ["kpiId", "fromMonth", "toMonth"],
    additionalProperties: false,
  },
  parse: (args) => {
    const kpiId = kpiIdArg(args);
    if (args["fromMonth"] === undefined || args["toMonth"] === undefined) throw new ArgumentError("fromMonth and toMonth are required (YYYY-MM).");
    const from = endMonthArg(args, "2000-01-01", "fromMonth");
    const to = endMonthArg(args, "2000-01-01", "toMonth");
    if (from > to) throw new ArgumentError("fromMonth must not be after toMonth.");
    if (to - from + 1 > 36) throw new ArgumentError("Ask for at most 36 months at a time.");
    const asked = args["series"];
    if (asked !== undefined && (!Array.isArray(asked) || asked.length === 0 || !asked.every((name) => name === "actual" || name === "plan" || name === "forecast")))
      throw new ArgumentError("series must list some of: actual, plan, forecast.");
    return { kpiId, from, to, series: (asked as SeriesName[] | undefined) ?? ["actual", "plan", "forecast"] };
  },
  run: ({ kpiId, from, to, series }, context) => historyOutcome(kpiId, from, to, 1, series, context),
});

const VALUE_OF: Readonly<Record<SeriesName, (bucket: HistoryBucket) => number | null>> = {
  actual: (bucket) => bucket.actual,
  plan: (bucket) => bucket.planning,
  forecast: (bucket) => bucket.forecast,
  lastYear: (bucket) => bucket.lastYear,
};
const SERIES_LABEL: Readonly<Record<SeriesName, string>> = { actual: "Actual", plan: "Plan", forecast: "Forecast", lastYear: "Last year" };

async function historyOutcome(kpiId: number, first: number, last: number, bucket: 1 | 3 | 6 | 12, series: readonly SeriesName[], { reader, inTenant }: Pick<ToolContext, "reader" | "inTenant">): Promise<ToolOutcome> {
  return inTenant(async (context) => {
    const kpi = (await readableKpis(context, reader)).find((candidate) => candidate.id === kpiId);
    if (!kpi) return { content: { error: NO_SUCH_KPI(kpiId) }, citations: [], blocks: [] };
    const { fiscalYearOffset } = await companyCalendar(context);
    const buckets = (await monthlyHistory(context, reader, last, last - first + 1, fiscalYearOffset, new Set([kpi.id]), bucket)).get(kpi.id) ?? [];
    const rows = buckets.map((each) => ({ label: each.label, from: each.startDate, to: each.endDate, ...Object.fromEntries(series.map((name) => [name, VALUE_OF[name](each)])) }));
    const period = (each: HistoryBucket) => monthRangeLabel(monthIndexOf(each.startDate), monthIndexOf(each.endDate));
    const citations: Citation[] = buckets.flatMap((each) => series.filter((name) => VALUE_OF[name](each) !== null).map((name) => citation(kpi, period(each), name === "lastYear" ? "last year" : name, VALUE_OF[name](each))));
    const chart: AnswerBlock = {
      kind: "chart",
      title: `${kpi.name}, ${monthRangeLabel(first, last)}`,
      chart: "line",
      unit: kpi.unit,
      series: series.map((name) => ({ name: SERIES_LABEL[name], points: buckets.map((each) => ({ label: each.label, value: VALUE_OF[name](each) })) })).filter((line) => line.points.some((point) => point.value !== null)),
    };
    return { content: { kpi: kpiFacts(kpi), period: monthRangeLabel(first, last), buckets: rows }, citations, blocks: chart.series.length > 0 ? [chart] : [] };
  });
}
