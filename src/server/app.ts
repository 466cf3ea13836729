import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyServerOptions } from "fastify";
import { API_ROOTS, type ApiRootName } from "../contracts/api-roots";
import { endEventStreams } from "./platform/events/stream-route";
import { registerErrorHandling } from "./platform/http/errors";
import { DEFAULT_BODY_LIMIT_BYTES, registerJsonBody } from "./platform/http/json-body";
import { registerRoutes } from "./platform/http/register-routes";
import { recordRoutes } from "./platform/http/route-audit";
import { registerSecurityHeaders } from "./platform/http/security";
import { API_ROUTES, DEVELOPMENT_ROUTES, OPENAPI_ROUTE, SITE_ROUTES } from "./routes";
import { registerStaticClient } from "./platform/http/static-client";
import type { AppServices } from "./services";

/** Assembles the Fastify app: edges (headers, errors, static client) and the API roots it serves. */
export async function buildApp(services: AppServices, options: { logger?: FastifyServerOptions["logger"] | FastifyBaseLogger } = {}) {
  const { config, database } = services;
  const logger = options.logger ?? { level: config.logLevel };
  const app = Fastify({
    ...(isLoggerInstance(logger) ? { loggerInstance: logger } : { logger }),
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    requestIdHeader: "x-request-id",
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    // What the router refuses before any route runs (a malformed or too long address) answers
    // the one error shape too.
    frameworkErrors: (error, _request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      const status = error.code === "FST_ERR_MAX_PARAM_LENGTH" ? 414 : 400;
      void reply.status(status).send({ detail: status === 414 ? "The address is too long." : "The address is malformed." });
    },
  });
  recordRoutes(app);
  // Open event streams never end by themselves: closing the app ends them.
  app.addHook("preClose", async () => endEventStreams(services));
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await registerSecurityHeaders(app, { publicUrl: config.publicUrl, frameAncestors: config.embedOrigins });
  await app.register(fastifyCookie);
  registerErrorHandling(app);
  registerJsonBody(app);

  await registerRoutes(app, [...SITE_ROUTES, OPENAPI_ROUTE], services);
  for (const root of config.roots as ApiRootName[]) {
    await app.register((rootApp) => registerRoutes(rootApp, API_ROUTES[root], services), { prefix: API_ROOTS[root] });
  }

  if (config.development) await registerRoutes(app, DEVELOPMENT_ROUTES, services);

  await registerStaticClient(app, config.clientDir);
  return app;
}

function isLoggerInstance(logger: unknown): logger is FastifyBaseLogger {
  return typeof logger === "object" && logger !== null && typeof (logger as FastifyBaseLogger).child === "function";
}
