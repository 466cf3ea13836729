import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_ROOTS } from "../../../contracts/api-roots";
import { sendNotFound } from "./errors";

const API_PREFIXES = Object.values(API_ROOTS);

const isApiPath = (url: string) => API_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

/**
 * Serves the built client. Hashed chunks are cached for a year; index.html never, so a deploy
 * reaches every browser on its next load. Unknown non-API paths get index.html (the client
 * routes them); unknown API paths get the JSON 404.
 */
export async function registerStaticClient(app: FastifyInstance, clientDir: string | null) {
  if (clientDir) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      setHeaders: (res, path) => {
        res.header("cache-control", path.endsWith(".html") ? "no-cache" : "public, max-age=31536000, immutable");
      },
    });
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (!clientDir || isApiPath(path) || request.method !== "GET") return sendNotFound(request, reply);
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}
