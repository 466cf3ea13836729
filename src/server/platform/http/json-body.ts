import type { FastifyInstance } from "fastify";

/**
 * Request bodies are small unless a route says otherwise (Fastify's per-route `bodyLimit`;
 * uploads go through multipart with limits of their own). A large body costs every other user
 * its parsing time, so the default is what the biggest JSON form of the product needs, with room.
 */
export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;

/** No request body of the product nests deeper; anything deeper is refused before it is parsed. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_DETAIL = `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, found by one pass over its
 * characters (brackets inside strings do not count). Checked before JSON.parse, whose recursion
 * a deep enough body would otherwise exhaust, and before any schema walks the value.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c) index++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      if (++depth > max) return true;
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return false;
}

/**
 * JSON bodies: Fastify's own parser (which refuses `__proto__` and `constructor.prototype` keys),
 * after the nesting check. A refused body answers 400 in the API's error shape.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(Object.assign(new Error(TOO_DEEP_DETAIL), { statusCode: 400 }), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
