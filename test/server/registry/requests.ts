import type { FastifyInstance } from "fastify";
import type { SampleRequest } from "./samples";

/** Where the suites' requests come from: not 127.0.0.1, so their throttle counters touch no other test. */
export const SUITE_ADDRESS = "198.51.100.7";

/** A request as the suites send it: the sample's parts, or raw text for what a sample cannot say. */
export interface Outgoing {
  readonly method: string;
  readonly path: string;
  readonly params?: Record<string, string | number>;
  /** Raw path parameter text, not encoded (a fuzz variant like %00). */
  readonly rawParams?: Record<string, string>;
  readonly query?: Record<string, string> | string;
  readonly body?: unknown;
  readonly rawBody?: string | Buffer;
  readonly contentType?: string;
  readonly upload?: SampleRequest["upload"];
  readonly headers?: Record<string, string>;
  /** The client address (each suite its own, so throttles of one never refuse another). */
  readonly from?: string;
}

export interface Answer {
  readonly status: number;
  readonly text: string;
  readonly json: unknown;
  readonly hung?: boolean;
}

const BOUNDARY = "----meridian-suite-boundary";

export function multipartOf(upload: NonNullable<SampleRequest["upload"]>, field = "file"): Buffer {
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${upload.filename}"\r\nContent-Type: ${upload.mediaType}\r\n\r\n`),
    upload.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

export function urlOf(request: Outgoing): string {
  const path = request.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    if (request.rawParams?.[name] !== undefined) return request.rawParams[name]!;
    return encodeURIComponent(String(request.params?.[name] ?? "1"));
  });
  const query = typeof request.query === "string" ? request.query : request.query ? new URLSearchParams(request.query).toString() : "";
  return query ? `${path}?${query}` : path;
}

/** Sends one request through the app; a request that has not answered in 15 s is a hang. */
export async function send(app: FastifyInstance, request: Outgoing): Promise<Answer> {
  const headers: Record<string, string> = { ...request.headers };
  let payload: string | Buffer | undefined;
  if (request.upload) {
    payload = multipartOf(request.upload);
    headers["content-type"] = `multipart/form-data; boundary=${BOUNDARY}`;
  } else if (request.rawBody !== undefined) {
    payload = request.rawBody;
    headers["content-type"] = request.contentType ?? "application/json";
  } else if (request.body !== undefined) {
    payload = JSON.stringify(request.body);
    headers["content-type"] = request.contentType ?? "application/json";
  }
  const injected = app.inject({ method: request.method as "GET", url: urlOf(request), headers, remoteAddress: request.from ?? SUITE_ADDRESS, ...(payload !== undefined ? { payload } : {}) });
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<"hung">((resolve) => (timer = setTimeout(() => resolve("hung"), 15_000)));
  const response = await Promise.race([injected, hang]);
  clearTimeout(timer);
  if (response === "hung") return { status: 0, text: "", json: null, hung: true };
  let json: unknown = null;
  try {
    json = JSON.parse(response.body);
  } catch {
    json = null;
  }
  return { status: response.statusCode, text: response.body, json };
}

/** The one error shape: an object of a detail and/or messages by field. */
export function isErrorShape(json: unknown): boolean {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return false;
  return Object.entries(json).every(([key, value]) =>
    key === "detail" || key === "code" ? typeof value === "string" || (Array.isArray(value) && value.every((item) => typeof item === "string")) : Array.isArray(value) && value.every((item) => typeof item === "string"),
  );
}
