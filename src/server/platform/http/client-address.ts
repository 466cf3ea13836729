import type { FastifyRequest } from "fastify";

/** The address a request came from (the proxy's client address when TRUST_PROXY is set). */
export const clientAddress = (request: FastifyRequest) => request.ip || "unknown";
