import { Schema } from "@effect/schema";
import { API_ROOTS, type ApiRootName } from "../contracts/api-roots";
import { AppConfig } from "../contracts/app-config";
import { planningEventFilters } from "./features/planning/planning-event-filter";
import { planningVersionRoutes } from "./features/planning/planning-version-routes";
import { passwordRoutes } from "./features/account/password-routes";
import { accountingEventFilters } from "./features/accounting/accounting-event-filter";
import { accountingRoutes } from "./features/accounting/accounting-routes";
import { authServiceRoutes, sessionRoutes } from "./features/auth/auth-routes";
import { forecastEventFilters } from "./features/forecasting/forecast-event-filter";
import { forecastingRoutes } from "./features/forecasting/forecast-routes";
import { integrationEventFilters } from "./features/integrations/integration-event-filter";
import { integrationsRoutes } from "./features/integrations/integrations-routes";
import { kpiEventFilters } from "./features/kpis/kpi-event-filter";
import { kpiReportingRoutes } from "./features/kpis/kpi-reporting-routes";
import { kpiAnalysisRoutes } from "./features/kpi-analysis/kpi-analysis-routes";
import { kpiSettingsRoutes } from "./features/kpi-settings/kpi-settings-routes";
import { kpiSettingsEventFilters } from "./features/kpi-settings/kpi-settings-event-filters";
import { queryBuilderEventFilters } from "./features/query-builder/query-event-filter";
import { queryBuilderRoutes } from "./features/query-builder/query-builder-routes";
import { embedSignInRoutes, portfolioRoutes } from "./features/portfolio/portfolio-routes";
import { ssoRoutes } from "./features/sso/sso-routes";
import { twoFactorRoutes } from "./features/two-factor/two-factor-routes";
import { uploadEventFilters } from "./features/uploads/upload-event-filter";
import { uploadRoutes } from "./features/uploads/upload-routes";
import { usersImportRoutes } from "./features/users/users-import-routes";
import { usersRoutes } from "./features/users/users-routes";
import { warehouseRoutes } from "./features/warehouse/warehouse-api-routes";
import { warehouseEventFilters } from "./features/warehouse/warehouse-event-filter";
import { customDashboardEventFilters } from "./features/custom-dashboards/dashboard-event-filter";
import { customDashboardRoutes } from "./features/custom-dashboards/dashboard-routes";
import { collaborationEventFilters } from "./features/collaboration/collaboration-event-filter";
import { collaborationRoutes } from "./features/collaboration/collaboration-routes";
import { chartEventFilters } from "./features/charts/chart-event-filter";
import { chartRoutes } from "./features/charts/chart-routes";
import { investorReportEventFilters } from "./features/investor-reporting/report-event-filter";
import { investorReportingRoutes } from "./features/investor-reporting/report-routes";
import { printRoutes } from "./features/print/print-routes";
import { holdingRoutes } from "./features/holding/holding-routes";
import { subsidiaryRoutes } from "./features/holding/subsidiary-routes";
import { alertEventFilters } from "./features/alerts/alert-event-filter";
import { alertRoutes } from "./features/alerts/alert-routes";
import { companyRoutes } from "./features/company/company-routes";
import { organizationRoutes } from "./features/organization/org-routes";
import { okrEventFilters } from "./features/okrs/okr-event-filter";
import { okrRoutes } from "./features/okrs/okr-routes";
import { okrInsightRoutes } from "./features/okr-insights/insight-routes";
import { okrSchedulerRoutes } from "./features/okr-scheduler/scheduler-routes";
import { okrSchedulerEventFilters } from "./features/okr-scheduler/scheduler-event-filter";
import { liquidityEventFilters } from "./features/liquidity/liquidity-events";
import { liquidityRoutes } from "./features/liquidity/liquidity-routes";
import { copilotEngine } from "./features/copilot/copilot-engine";
import { copilotRoutes } from "./features/copilot/copilot-routes";
import { readDemoInfo } from "./db/seed/demo-info";
import { eventStreamRoute } from "./platform/events/stream-route";
import { openApiDocument, type MountedRoutes } from "./platform/http/openapi";
import { publicRoute, type RouteDefinition } from "./platform/http/route";

/**
 * THE ROUTE REGISTRY: every route of every root, declared once. Fastify is wired from it
 * (app.ts), /api/openapi.json and docs/api.md are generated from it, and the test suites in
 * test/server/registry/ attack every route it lists. A feature adds its routes here.
 */
export const API_ROUTES: Record<ApiRootName, readonly RouteDefinition[]> = {
  main: [eventStreamRoute({ filters: { ...kpiEventFilters, ...kpiSettingsEventFilters, ...accountingEventFilters, ...uploadEventFilters, ...warehouseEventFilters, ...integrationEventFilters, ...queryBuilderEventFilters, ...forecastEventFilters, ...planningEventFilters, ...customDashboardEventFilters, ...chartEventFilters, ...investorReportEventFilters, ...collaborationEventFilters, ...alertEventFilters, ...okrEventFilters, ...okrSchedulerEventFilters, ...liquidityEventFilters } }), ...sessionRoutes, ...passwordRoutes, ...twoFactorRoutes, ...usersRoutes, ...usersImportRoutes, ...ssoRoutes, ...portfolioRoutes, ...kpiReportingRoutes, ...kpiSettingsRoutes, ...kpiAnalysisRoutes, ...accountingRoutes, ...uploadRoutes, ...integrationsRoutes, ...queryBuilderRoutes, ...forecastingRoutes, ...planningVersionRoutes, ...customDashboardRoutes, ...chartRoutes, ...printRoutes, ...investorReportingRoutes, ...holdingRoutes, ...subsidiaryRoutes, ...companyRoutes, ...organizationRoutes, ...collaborationRoutes, ...alertRoutes, ...okrRoutes, ...okrInsightRoutes, ...okrSchedulerRoutes, ...liquidityRoutes],
  auth: [...authServiceRoutes, ...embedSignInRoutes],
  warehouse: [...warehouseRoutes],
  ai: [...copilotRoutes(copilotEngine)],
};

const ROOT_DESCRIPTIONS: Record<ApiRootName, string> = {
  main: "The main API: sessions, account, users, KPI reporting, uploads, integrations, query builder",
  auth: "The auth service: sign-in with password, second factor and embed tokens",
  warehouse: "The warehouse API: analytics over uploaded raw business data (deals, employees, products, sales targets), snapshots, raw data uploads",
  ai: "The AI API: the copilot's conversations with streamed, cited answers, its settings, consent, token usage and model request log",
};

/** The site's own routes outside the API roots: health and the client's configuration. */
const demoInfos = new WeakMap<object, Promise<AppConfig["demo"]>>();
export const SITE_ROUTES: readonly RouteDefinition[] = [
  publicRoute({
    method: "GET",
    path: "/healthz",
    summary: "Whether the server and its database answer",
    response: Schema.Struct({ status: Schema.Literal("ok", "unavailable") }),
    handle: async ({ services, reply }) => {
      try {
        await services.database.system.selectNoFrom((eb) => eb.val(1).as("ok")).execute();
        return { status: "ok" };
      } catch {
        return reply.status(503).send({ status: "unavailable" });
      }
    },
  }),
  publicRoute({
    method: "GET",
    path: "/config.json",
    summary: "The client's configuration: API roots, embed origins, demo sign-ins",
    response: AppConfig,
    handle: async ({ services, reply }): Promise<AppConfig> => {
      const demo = demoInfos.get(services) ?? readDemoInfo(services.database);
      demoInfos.set(services, demo);
      reply.header("cache-control", "no-cache");
      return { roots: { ...API_ROOTS }, embedOrigins: [...services.config.embedOrigins], demo: await demo };
    },
  }),
];

/** Only under `npm run dev`, and not part of the published API. */
export const DEVELOPMENT_ROUTES: readonly RouteDefinition[] = [
  publicRoute({
    method: "GET",
    path: "/__dev/reload",
    summary: "npm run dev: the page's dev-reload script reloads when this stream reconnects after a restart",
    response: { mediaType: "text/event-stream", description: "A stream that never sends an event" },
    handle: ({ reply }) => {
      reply.hijack();
      reply.raw.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      reply.raw.write(": dev reload\n\n");
      return reply;
    },
  }),
];

/** Every declared route where it is mounted: the input of the OpenAPI document and the suites. */
export function mountedRoutes(): MountedRoutes[] {
  return [
    { name: "site", prefix: "", description: "The site: health and client configuration", routes: [...SITE_ROUTES, OPENAPI_ROUTE] },
    ...(Object.keys(API_ROUTES) as ApiRootName[]).map((root) => ({ name: root, prefix: API_ROOTS[root], description: ROOT_DESCRIPTIONS[root], routes: API_ROUTES[root] })),
  ];
}

let document: ReturnType<typeof openApiDocument> | undefined;
export const apiDocument = () => (document ??= openApiDocument(mountedRoutes(), { title: "Meridian API", version: "1" }));

/** GET /api/openapi.json lives with the site routes so it answers whichever roots a process serves. */
export const OPENAPI_ROUTE: RouteDefinition = publicRoute({
  method: "GET",
  path: "/api/openapi.json",
  summary: "This document: every route of every root with its inputs, answer and access",
  response: { mediaType: "application/json", description: "An OpenAPI 3.1 document" },
  handle: () => apiDocument(),
});
