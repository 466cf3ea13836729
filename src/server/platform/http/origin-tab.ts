import type { FastifyRequest } from "fastify";

/** The header a browser tab sends with every request: its own random id (client effect/tab-id.ts). */
export const TAB_HEADER = "x-meridian-tab";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The tab a request came from, when it named one well-formed; anything else is no tab (the
 * header only decides which of the person's own streams skip an event, so it needs no more trust).
 */
export function originTabOf(request: FastifyRequest): string | undefined {
  const value = request.headers[TAB_HEADER];
  return typeof value === "string" && UUID.test(value) ? value.toLowerCase() : undefined;
}
