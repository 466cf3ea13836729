import { randomUUID } from "node:crypto";
import fastifyCookie from "@fastify/cookie";
import Fastify, { type FastifyBaseLogger, type FastifyServerOptions } from "fastify";
import { API_ROOTS, type ApiRootName } from "../contracts/api-roots";
import type { AppConfig } from "../contracts/app-config";
import { apiRoots } from "./api-roots";
import { readDemoInfo } from "./db/seed/demo-info";
import { registerErrorHandling } from "./platform/http/errors";
import { DEFAULT_BODY_LIMIT_BYTES, registerJsonBody } from "./platform/http/json-body";
import { registerSecurityHeaders } from "./platform/http/security";
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
  });
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  await registerSecurityHeaders(app, { publicUrl: config.publicUrl, frameAncestors: config.embedOrigins });
  await app.register(fastifyCookie);
  registerErrorHandling(app);
  registerJsonBody(app);

  app.get("/healthz", async (_request, reply) => {
    try {
      await database.system.selectNoFrom((eb) => eb.val(1).as("ok")).execute();
      return { status: "ok" };
    } catch {
      return reply.status(503).send({ status: "unavailable" });
    }
  });

  let demoInfo: Promise<AppConfig["demo"]> | undefined;
  app.get("/config.json", async (_request, reply): Promise<AppConfig> => {
    demoInfo ??= readDemoInfo(database);
    reply.header("cache-control", "no-cache");
    return { roots: { ...API_ROOTS }, embedOrigins: [...config.embedOrigins], demo: await demoInfo };
  });

  for (const root of config.roots as ApiRootName[]) {
    await app.register((rootApp) => apiRoots[root](rootApp, services), { prefix: API_ROOTS[root] });
  }

  if (config.development) {
    // npm run dev: the page's dev-reload script reloads when this stream reconnects after a restart.
    app.get("/__dev/reload", (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      reply.raw.write(": dev reload\n\n");
    });
  }

  await registerStaticClient(app, config.clientDir);
  return app;
}

function isLoggerInstance(logger: unknown): logger is FastifyBaseLogger {
  return typeof logger === "object" && logger !== null && typeof (logger as FastifyBaseLogger).child === "function";
}
