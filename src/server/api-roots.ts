import type { FastifyInstance } from "fastify";
import type { ApiRootName } from "../contracts/api-roots";
import { passwordRoutes } from "./features/account/password-routes";
import { authServiceRoutes, sessionRoutes } from "./features/auth/auth-routes";
import { kpiEventFilters } from "./features/kpis/kpi-event-filter";
import { kpiReportingRoutes } from "./features/kpis/kpi-reporting-routes";
import { kpiRoutes } from "./features/kpis/kpi-routes";
import { embedSignInRoutes, portfolioRoutes } from "./features/portfolio/portfolio-routes";
import { ssoRoutes } from "./features/sso/sso-routes";
import { twoFactorRoutes } from "./features/two-factor/two-factor-routes";
import { usersImportRoutes } from "./features/users/users-import-routes";
import { usersRoutes } from "./features/users/users-routes";
import { eventStreamRoutes } from "./platform/events/stream-route";
import type { AppServices } from "./services";

/**
 * The routes of each API root, registered inside the root's prefix. Features register here as
 * they land; a root without routes still exists and answers the JSON 404 for every path.
 */
export const apiRoots: Record<ApiRootName, (root: FastifyInstance, services: AppServices) => Promise<void>> = {
  main: async (root, services) => {
    await root.register(eventStreamRoutes, {
      signer: services.signer,
      withTenant: services.withTenant,
      wakeups: services.wakeups,
      filters: { ...kpiEventFilters },
    });
    await root.register(sessionRoutes, services);
    await root.register(passwordRoutes, services);
    await root.register(twoFactorRoutes, services);
    await root.register(usersRoutes, services);
    await root.register(usersImportRoutes, services);
    await root.register(ssoRoutes, services);
    await root.register(portfolioRoutes, services);
    await root.register(kpiRoutes, services);
    await root.register(kpiReportingRoutes, services);
  },
  auth: async (root, services) => {
    await root.register(authServiceRoutes, services);
    await root.register(embedSignInRoutes, services);
  },
  warehouse: async () => {},
  ai: async () => {},
};
