import type { FastifyPluginAsync } from "fastify";
import type { ApiRootName } from "../contracts/api-roots";
import { eventStreamRoutes } from "./platform/events/stream-route";
import type { AppServices } from "./services";

/**
 * The routes of each API root. Features register here as they land; a root without routes
 * still exists and answers the JSON 404 for every path.
 */
export const apiRootPlugins: Record<ApiRootName, FastifyPluginAsync<AppServices>> = {
  main: async (app, { signer, withTenant, wakeups }) => {
    await app.register(eventStreamRoutes, { signer, withTenant, wakeups });
  },
  auth: async () => {},
  warehouse: async () => {},
  ai: async () => {},
};
