import { ChartInput, ChartsQuery, ChartsResponse, SavedChart } from "../../../contracts/charts";
import { IdParams, needs, READ_WHILE_PRINTING, userRoute } from "../../platform/http/route";
import { READ_REPORTING } from "../kpis/kpi-access";
import { changeChart, chartFor, chartsFor, createChart, removeChart } from "./chart-service";

/** Making and changing charts is custom dashboard work (spec: custom dashboards need control_custom_dashboards). */
const CONTROL_CHARTS = needs("control_custom_dashboards", { deniedDetail: "You don't have permission to change charts." });

/**
 * Saved charts of the chart builder (spec section 7, "charts CRUD"). Reading needs any KPI read
 * permission, like the KPI routes, and shows only the KPIs the reader may read; saving needs
 * control_custom_dashboards and KPIs the saver may read; changing and deleting, also being the
 * chart's creator or staff (docs/decisions.md, "Chart builder").
 */
export const chartRoutes = [
  userRoute({
    method: "GET",
    path: "/charts/",
    summary: "The saved charts, newest change first; with kpi, only those drawing that KPI",
    access: READ_REPORTING,
    print: READ_WHILE_PRINTING,
    query: ChartsQuery,
    response: ChartsResponse,
    handle: ({ query, user, reader, inTenant }) =>
      inTenant(async (context) => ({ charts: await chartsFor(context, { userId: user.userId, reader }, query.kpi === undefined ? {} : { kpiId: query.kpi }) })),
  }),

  userRoute({
    method: "POST",
    path: "/charts/",
    summary: "Save a new chart: its name and settings",
    access: CONTROL_CHARTS,
    body: ChartInput,
    response: SavedChart,
    status: 201,
    handle: ({ body, user, reader, inTenant }) => inTenant((context) => createChart(context, { userId: user.userId, reader }, body)),
  }),

  userRoute({
    method: "GET",
    path: "/charts/{id}/",
    summary: "One saved chart, with the KPIs the reader may read",
    access: READ_REPORTING,
    print: READ_WHILE_PRINTING,
    params: IdParams,
    response: SavedChart,
    handle: ({ params: { id }, user, reader, inTenant }) => inTenant((context) => chartFor(context, { userId: user.userId, reader }, id)),
  }),

  userRoute({
    method: "PUT",
    path: "/charts/{id}/",
    summary: "Change a chart's name and settings (its creator or staff)",
    access: CONTROL_CHARTS,
    params: IdParams,
    body: ChartInput,
    response: SavedChart,
    handle: ({ params: { id }, body, user, reader, inTenant }) => inTenant((context) => changeChart(context, { userId: user.userId, reader }, id, body)),
  }),

  userRoute({
    method: "DELETE",
    path: "/charts/{id}/",
    summary: "Delete a chart (its creator or staff); dashboard cards showing it then say it no longer exists",
    access: CONTROL_CHARTS,
    params: IdParams,
    status: 204,
    handle: ({ params: { id }, user, reader, inTenant }) => inTenant((context) => removeChart(context, { userId: user.userId, reader }, id)),
  }),
];
