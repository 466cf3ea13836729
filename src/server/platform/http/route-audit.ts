import type { FastifyInstance } from "fastify";

/**
 * Every route Fastify actually registered, recorded as it happens, so a test can prove nothing
 * is served outside the registry (test/server/registry/contracts.test.ts).
 */
const registered = new WeakMap<FastifyInstance, { method: string; url: string }[]>();

export function recordRoutes(app: FastifyInstance) {
  const routes: { method: string; url: string }[] = [];
  registered.set(app, routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
}

export const registeredRoutes = (app: FastifyInstance) => registered.get(app) ?? [];
