import { Schema } from "@effect/schema";
import { DeepDrillQuery, DeepDrillResponse, DeepDrillsResponse, DeepDrillTypeField, RecommendationsQuery, RecommendationsResponse } from "../../../contracts/kpi-analysis";
import { CUSTOM_RANGE_UNAVAILABLE } from "../../../domain/kpi-analysis/drill-periods";
import { monthIndexAt, monthIndexOf } from "../../../domain/months";
import { badRequest } from "../../platform/http/errors";
import { IdParams, needs, PathId, signedIn, userRoute } from "../../platform/http/route";
import { analysisFrame } from "./analysis-data";
import { deepDrill, drillsOf } from "./deep-drills";
import { recommendationsOf } from "./kpi-recommendations";

/** The spec's deep-drill access; reading the KPI (and each input shown) is checked per KPI on top. */
const DEEP_DRILLS = needs("access_deep_drills", { deniedDetail: "You don't have permission to use deep drills." });
const DrillParams = Schema.Struct({ id: PathId, type: DeepDrillTypeField });

/**
 * Deep drills and recommendations on one KPI (issue 15 scope 7). A KPI that does not exist,
 * belongs to another company or that the reader may not read answers 404 alike.
 */
export const kpiAnalysisRoutes = [
  userRoute({
    method: "GET",
    path: "/kpis/{id}/deep-drills/",
    summary: "The deep drills of a KPI (dimensions, root cause, P&L analysis) and whether each applies",
    access: DEEP_DRILLS,
    params: IdParams,
    response: DeepDrillsResponse,
    handle: ({ params, reader, inTenant }) => inTenant(async (context) => drillsOf(context, await analysisFrame(context, reader, params.id, undefined))),
  }),

  userRoute({
    method: "GET",
    path: "/kpis/{id}/deep-drills/{type}/",
    summary: "One deep drill of a KPI over a period against the previous period, plan or last year",
    description: `period: month (default), quarter (to date), ytd or ltm, ending at endDate; compare: previous (default), plan or lastYear. A custom range (startDate) answers 400: "${CUSTOM_RANGE_UNAVAILABLE}" Inputs the reader may not read are shown as hidden, without values.`,
    access: DEEP_DRILLS,
    params: DrillParams,
    query: DeepDrillQuery,
    response: DeepDrillResponse,
    handle: ({ params, query, reader, inTenant }) =>
      inTenant(async (context) => {
        const frame = await analysisFrame(context, reader, params.id, query.fxRate);
        if (query.startDate !== undefined) throw badRequest({ startDate: [CUSTOM_RANGE_UNAVAILABLE] });
        return deepDrill(context, reader, frame, params.type, { end: monthIndexOf(query.endDate), period: query.period ?? "month", compare: query.compare ?? "previous", dimension: query.dimension });
      }),
  }),

  userRoute({
    method: "GET",
    path: "/kpis/{id}/recommendations/",
    summary: "Rule-based recommendations on a KPI at a reporting month, each with its reasons and numbers",
    description: "Rules: behind-plan (worse than plan three months running), below-benchmark (worse than the median by the good direction), trend-reversal (three-month slope changed sign), outdated (by cadence). type filters by rule.",
    access: signedIn(),
    params: IdParams,
    query: RecommendationsQuery,
    response: RecommendationsResponse,
    handle: ({ params, query, reader, inTenant }) =>
      inTenant(async (context) => recommendationsOf(context, await analysisFrame(context, reader, params.id, query.fxRate), monthIndexOf(query.endDate), monthIndexAt(new Date()), query.type)),
  }),
];
