import {
  DataIssuesAnswer,
  DataIssuesQuery,
  DealSizeAnswer,
  ListViewAnswer,
  ListViewParams,
  MAX_PERIOD_MONTHS,
  PERIOD_BACKWARDS,
  PERIOD_TOO_LONG,
  PeriodQuery,
  PipelineAnswer,
  PipelineQuery,
  SalesTargetAnswer,
  StageSizeMixAnswer,
  DevelopmentShareAnswer,
  RecommendationsAnswer,
  StagePercentagesAnswer,
  StagesAnswer,
} from "../../../contracts/warehouse";
import { monthIndexOf } from "../../../domain/months";
import { checkWarehouseData, type CheckedData } from "../../../domain/warehouse/data-rules";
import { dateOf, type IsoDate } from "../../../domain/warehouse/dates";
import { dealSize } from "../../../domain/warehouse/deal-size";
import { stagePercentages, stagesOf } from "../../../domain/warehouse/funnel";
import { listView } from "../../../domain/warehouse/list-views";
import { pipelineAt } from "../../../domain/warehouse/pipeline";
import { RAW_DATA_KINDS } from "../../../domain/warehouse/records";
import { salesTarget } from "../../../domain/warehouse/sales-target";
import { developmentShare, stageSizeMix } from "../../../domain/warehouse/sales-mix";
import { recommendationsOf } from "../../../domain/warehouse/recommendations";
import { monthRangeLabel } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { badRequest } from "../../platform/http/errors";
import { userRoute } from "../../platform/http/route";
import { READ_ANALYTICS } from "./warehouse-access";
import { loadWarehouseData } from "./warehouse-repository";

/** Issues listed in one answer; the rest are counted. */
export const MAX_LISTED_ISSUES = 1000;

/** Today on the server: what decides the current pipeline and what is overdue. */
export const today = (): IsoDate => dateOf(new Date());

/** The company's raw data, checked: the rows the metrics may read, and every issue. */
export async function checkedData(context: TenantContext): Promise<CheckedData> {
  return checkWarehouseData(await loadWarehouseData(context), today());
}

/** The months of a period query; a period that ends before it starts or is too long is a 400. */
export function periodOf(query: PeriodQuery) {
  const from = monthIndexOf(query.from);
  const to = monthIndexOf(query.to);
  if (to < from) throw badRequest({ to: [PERIOD_BACKWARDS] });
  if (to - from + 1 > MAX_PERIOD_MONTHS) throw badRequest({ to: [PERIOD_TOO_LONG] });
  return { from, to };
}

const PERIOD_NOTE = "Over the months from `from` to `to` (first days of months, both included). Only rows that pass the data rules count.";

/**
 * Warehouse analytics (the warehouse root): sales charts (deal size, stages, stage percentages,
 * sales target, pipeline), the list view variants and the data issues of the company's raw data.
 */
export const warehouseAnalyticsRoutes = [
  userRoute({
    method: "GET",
    path: "/sales/deal-size/",
    summary: "Sizes of the deals won in a period: average, median, histogram and by month",
    description: PERIOD_NOTE,
    access: READ_ANALYTICS,
    query: PeriodQuery,
    response: DealSizeAnswer,
    handle: ({ query, inTenant }) => inTenant(async (context) => {
      const { from, to } = periodOf(query);
      return dealSize((await checkedData(context)).usable.deals, from, to);
    }),
  }),

  userRoute({
    method: "GET",
    path: "/sales/stages/",
    summary: "The deals that came in during a period, by their current stage",
    description: PERIOD_NOTE,
    access: READ_ANALYTICS,
    query: PeriodQuery,
    response: StagesAnswer,
    handle: ({ query, inTenant }) => inTenant(async (context) => {
      const { from, to } = periodOf(query);
      return stagesOf((await checkedData(context)).usable.deals, from, to, today());
    }),
  }),

  userRoute({
    method: "GET",
    path: "/sales/stage-percentages/",
    summary: "How the deals that came in during a period converted from stage to stage, and the win rate",
    description: PERIOD_NOTE,
    access: READ_ANALYTICS,
    query: PeriodQuery,
    response: StagePercentagesAnswer,
    handle: ({ query, inTenant }) => inTenant(async (context) => {
      const { from, to } = periodOf(query);
      return stagePercentages((await checkedData(context)).usable.deals, from, to);
    }),
  }),

  userRoute({
    method: "GET",
    path: "/sales/sales-target/",
    summary: "Won deal value against the sales target, month by month and cumulated",
    description: PERIOD_NOTE,
    access: READ_ANALYTICS,
    query: PeriodQuery,
    response: SalesTargetAnswer,
    handle: ({ query, inTenant }) => inTenant(async (context) => {
      const { from, to } = periodOf(query);
      const { usable } = await checkedData(context);
      return salesTarget(usable.deals, usable.salesTargets, from, to);
    }),
  }),

  userRoute({
    method: "GET",
    path: "/sales/marimekko/",
    summary: "The period's deals by current stage and deal size: each stage's share of the value, each size band's share of the stage",
    description: `${PERIOD_NOTE} The deals are those that came in during the period; size bands split at the cohort's quartiles, rounded.`,
    access: READ_ANALYTICS,
    query: PeriodQuery,
    response: StageSizeMixAnswer,
    handle: ({ query, inTenant }) => inTenant(async (context) => {
      const { from, to } = periodOf(query);
      return stageSizeMix((await checkedData(context)).usable.deals, from, to);
    }),
  }),

  userRoute({
    method: "GET",
    path: "/sales/development-share/",
    summary: "How the value of the deals won splits over the product categories, month by month",
    description: PERIOD_NOTE,
    access: READ_ANALYTICS,
    query: PeriodQuery,
    response: DevelopmentShareAnswer,
    handle: ({ query, inTenant }) => inTenant(async (context) => {
      const { from, to } = periodOf(query);
      const { usable } = await checkedData(context);
      return developmentShare(usable.deals, usable.products, from, to);
    }),
  }),

  userRoute({
    method: "GET",
    path: "/recommendations/",
    summary: "What the period's figures suggest doing next: the sales target, data left out, overdue deals, the weakest funnel step, a concentrated mix",
    description: `${PERIOD_NOTE} Each recommendation is a rule over the same figures as the sales charts; the pipeline is today's.`,
    access: READ_ANALYTICS,
    query: PeriodQuery,
    response: RecommendationsAnswer,
    handle: ({ query, inTenant }) => inTenant(async (context) => {
      const { from, to } = periodOf(query);
      const { usable, issues } = await checkedData(context);
      const company = await context.db.selectFrom("tenants").select("local_currency").executeTakeFirstOrThrow();
      const now = today();
      return {
        recommendations: recommendationsOf({
          currency: company.local_currency,
          period: monthRangeLabel(from, to),
          target: salesTarget(usable.deals, usable.salesTargets, from, to),
          pipeline: pipelineAt(usable.deals, now, now),
          percentages: stagePercentages(usable.deals, from, to),
          development: developmentShare(usable.deals, usable.products, from, to),
          issues,
        }),
      };
    }),
  }),

  userRoute({
    method: "GET",
    path: "/sales/pipeline/",
    summary: "The pipeline of a day: open deals by stage (weighted by stage probability) and by expected close",
    description: "`date` defaults to today. A past day shows each deal in the stage its stage dates give for that day.",
    access: READ_ANALYTICS,
    query: PipelineQuery,
    response: PipelineAnswer,
    handle: ({ query, inTenant }) => inTenant(async (context) => {
      const now = today();
      return pipelineAt((await checkedData(context)).usable.deals, query.date ?? now, now);
    }),
  }),

  userRoute({
    method: "GET",
    path: "/list-views/{variant}/",
    summary: "A list view of the raw data: financial, recurring revenue, product management, project profitability, MQL/SQL or employee count",
    description: PERIOD_NOTE,
    access: READ_ANALYTICS,
    params: ListViewParams,
    query: PeriodQuery,
    response: ListViewAnswer,
    handle: ({ params, query, inTenant }) => inTenant(async (context) => {
      const { from, to } = periodOf(query);
      return listView(params.variant, (await checkedData(context)).usable, from, to, today());
    }),
  }),

  userRoute({
    method: "GET",
    path: "/data-issues/",
    summary: "Rows of the raw data that break a data rule, and whether the metrics leave them out",
    description: `At most ${MAX_LISTED_ISSUES} issues are listed; \`more\` counts the rest.`,
    access: READ_ANALYTICS,
    query: DataIssuesQuery,
    response: DataIssuesAnswer,
    handle: ({ query, inTenant }) => inTenant(async (context) => {
      const data = await loadWarehouseData(context);
      const { issues, usable } = checkWarehouseData(data, today());
      const rowsOf = { deals: [data.deals.length, usable.deals.length], employees: [data.employees.length, usable.employees.length], products: [data.products.length, usable.products.length], "sales-targets": [data.salesTargets.length, usable.salesTargets.length] } as const;
      const listed = issues.filter((issue) => !query.kind || issue.kind === query.kind);
      return {
        kinds: RAW_DATA_KINDS.map((kind) => ({ kind, rows: rowsOf[kind][0], issues: issues.filter((issue) => issue.kind === kind).length, excludedRows: rowsOf[kind][0] - rowsOf[kind][1] })),
        issues: listed.slice(0, MAX_LISTED_ISSUES),
        more: Math.max(0, listed.length - MAX_LISTED_ISSUES),
      };
    }),
  }),
];
