import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { GENERIC_ERROR_DETAIL, NOT_FOUND_DETAIL, type ErrorBody } from "../../../contracts/errors";

/** An expected failure with its status and the body the client sees. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
  ) {
    super(typeof body.detail === "string" ? body.detail : JSON.stringify(body));
  }
}

export const badRequest = (fields: Record<string, readonly string[]>) => new HttpError(400, fields);
export const unauthorized = (detail: string) => new HttpError(401, { detail });
export const forbidden = (detail = "You don't have permission to access this content.") => new HttpError(403, { detail });
export const notFound = (detail = NOT_FOUND_DETAIL) => new HttpError(404, { detail });

/**
 * One error shape for every root. Expected errors answer their own status; client mistakes that
 * Fastify itself detects (bad JSON, too large, wrong media type) keep their 4xx; only a real
 * fault answers 500, and its cause goes to the log, never to the client.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return reply.status(error.statusCode).send(error.body);
    if (error.validation) {
      const fields: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "non_field_errors";
        (fields[field] ??= []).push(issue.message ?? "Invalid value.");
      }
      return reply.status(400).send(fields);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.status(status).send({ detail: error.message });
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ detail: GENERIC_ERROR_DETAIL });
  });
}

export function sendNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send({ detail: NOT_FOUND_DETAIL });
}
