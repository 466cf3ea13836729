import type { FastifyInstance } from "fastify";
import type { RouteDefinition } from "../../../src/server/platform/http/route";
import { isErrorShape, send, type Outgoing } from "./requests";
import type { SampleRequest } from "./samples";

/** Raw JSON tokens a JSON.stringify'd value cannot carry: a placeholder string is swapped for them. */
const RAW = { "1e400": "1e400", "-1e400": "-1e400" } as const;
const rawToken = (token: keyof typeof RAW) => `@@raw:${token}@@`;
const withRawTokens = (json: string) => json.replace(/"@@raw:([^@]+)@@"/g, (_match, token: string) => token);

/** Values no field expects: wrong kinds, out-of-range numbers, impossible dates, poison text. */
const BAD_VALUES: readonly [string, unknown][] = [
  ["null", null],
  ["text", "not what was asked"],
  ["empty text", ""],
  ["number", 12],
  ["negative", -1],
  ["fraction", 1.5],
  ["zero", 0],
  ["boolean", true],
  ["object", { nested: 1 }],
  ["list", [1, 2]],
  ["huge number", 1e308],
  ["past safe integers", 9007199254740993],
  ["1e400 (Infinity)", rawToken("1e400")],
  ["-1e400", rawToken("-1e400")],
  ["NUL in text", "a\u0000b"],
  ["long text", "x".repeat(20_000)],
  ["impossible date", "2026-02-30"],
  ["month 13", "2026-13-01"],
  ["year 1899", "1899-12-01"],
  ["year 2201", "2201-01-01"],
  ["long list", Array.from({ length: 10_001 }, () => 0)],
  ["__proto__ object", JSON.parse('{"__proto__":{"polluted":true}}')],
  // Shaped like the tenant-carrying credentials (refresh token, reset uid) with a uuid that is none.
  ["uuid-shaped refresh token", `${"-".repeat(36)}.secret`],
  ["uuid-shaped reset uid", Buffer.from(`${"-".repeat(36)}.1`).toString("base64url")],
];

const BAD_TEXT: readonly [string, string][] = [
  ["text", "abc"],
  ["empty", ""],
  ["negative", "-1"],
  ["fraction", "1.5"],
  ["1e400", "1e400"],
  ["huge", "99999999999999999999999"],
  ["NUL", "a%00b"],
  ["long", "y".repeat(4_000)],
  ["impossible date", "2026-02-30"],
];

const BAD_PARAMS: readonly [string, string][] = [
  ["text", "abc"],
  ["fraction", "1.5"],
  ["negative", "-1"],
  ["zero", "0"],
  ["past the range", "99999999999999999999"],
  ["NUL", "%00"],
  ["dot-dot", "%2e%2e"],
  ["long", "z".repeat(1_500)],
];

export interface Variant {
  readonly name: string;
  readonly request: Outgoing;
}

/** Every leaf path of a sample body (lists: their first item), at most `limit` of them. */
function leafPaths(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = [], limit = 24): (string | number)[][] {
  if (out.length >= limit) return out;
  if (Array.isArray(value)) {
    out.push(prefix);
    if (value.length > 0) leafPaths(value[0], [...prefix, 0], out, limit);
  } else if (typeof value === "object" && value !== null) {
    if (prefix.length > 0) out.push(prefix);
    for (const [key, item] of Object.entries(value)) leafPaths(item, [...prefix, key], out, limit);
  } else if (prefix.length > 0) out.push(prefix);
  return out;
}

function setAt(root: unknown, path: (string | number)[], value: unknown | typeof REMOVE): unknown {
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === REMOVE) delete node[last];
  else node[last] = value;
  return copy;
}
const REMOVE = Symbol("remove");

const deepNesting = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

/** The malformed variants of one route's sample request. */
export function malformedVariants(route: RouteDefinition, fullPath: string, sample: SampleRequest, headers: Record<string, string>): Variant[] {
  const base: Outgoing = { method: route.method, path: fullPath, headers, ...sample };
  const variants: Variant[] = [];
  const add = (name: string, change: Partial<Outgoing>) => variants.push({ name, request: { ...base, ...change } });

  // Path parameters.
  for (const name of Object.keys(sample.params ?? {})) {
    for (const [label, text] of BAD_PARAMS) add(`path ${name}: ${label}`, { rawParams: { [name]: text } });
  }
  // Query: each key malformed, repeated, and an unknown key.
  const query = typeof sample.query === "object" ? sample.query : {};
  for (const key of Object.keys(query)) {
    for (const [label, text] of BAD_TEXT) add(`query ${key}: ${label}`, { query: new URLSearchParams({ ...query, [key]: "PLACEHOLDER" }).toString().replace("PLACEHOLDER", text) });
    add(`query ${key}: given twice`, { query: `${new URLSearchParams(query).toString()}&${encodeURIComponent(key)}=${encodeURIComponent(query[key]!)}` });
  }
  add("query: unknown key with NUL", { query: `${new URLSearchParams(query).toString()}&unknown%00=1` });

  if (route.upload) {
    const upload = sample.upload!;
    add("upload: JSON instead of a file", { upload: undefined, body: { file: "x" } });
    add("upload: 0-byte file", { upload: { ...upload, bytes: Buffer.alloc(0) } });
    add("upload: a truncated zip", { upload: { ...upload, bytes: Buffer.from("504b0304140000000800", "hex") } });
    add("upload: random bytes", { upload: { ...upload, bytes: Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919) % 256)) } });
    add("upload: past the size limit", { upload: { ...upload, bytes: Buffer.alloc(route.upload.maxBytes + 1024, 0x41) } });
    add("upload: multipart without the boundary", { upload: undefined, rawBody: "--x\r\n\r\n", contentType: "multipart/form-data" });
    return variants;
  }

  // The body as a whole.
  add("body: invalid JSON", { body: undefined, rawBody: '{"a":' });
  add("body: wrong content type", { body: undefined, rawBody: "a=1", contentType: "text/plain" });
  add("body: form encoded", { body: undefined, rawBody: "a=1", contentType: "application/x-www-form-urlencoded" });
  add("body: nested 40 levels", { body: undefined, rawBody: deepNesting(40) });
  add("body: __proto__ key", { body: undefined, rawBody: '{"__proto__":{"isAdmin":true}}' });
  add("body: constructor.prototype", { body: undefined, rawBody: '{"constructor":{"prototype":{"isAdmin":true}}}' });
  add("body: past the size limit", { body: undefined, rawBody: JSON.stringify({ padding: "p".repeat((route.bodyLimit ?? 256 * 1024) + 1024) }) });
  add("body: NUL in a key", { body: undefined, rawBody: '{"a\\u0000b":1}' });
  if (!route.body) return variants;
  for (const [label, value] of [["null", null], ["list", []], ["text", "text"], ["number", 42], ["nothing", undefined]] as const) {
    add(`body: ${label}`, value === undefined ? { body: undefined } : { body: undefined, rawBody: JSON.stringify(value) });
  }
  const body = sample.body;
  if (typeof body === "object" && body !== null) {
    add("body: {}", { body: {} });
    add("body: an extra field", { body: { ...(body as object), unexpected: { deep: [1, 2, 3] } } });
    for (const path of leafPaths(body)) {
      const at = path.join(".");
      add(`body ${at}: left out`, { body: setAt(body, path, REMOVE) });
      for (const [label, value] of BAD_VALUES) {
        const changed = setAt(body, path, value);
        add(`body ${at}: ${label}`, { body: undefined, rawBody: withRawTokens(JSON.stringify(changed)) });
      }
    }
  }
  return variants;
}

export interface FuzzOutcome {
  readonly sent: number;
  readonly failures: string[];
  readonly statuses: Map<number, number>;
}

/**
 * Sends every malformed variant of a route and checks each answer: never a 5xx or a hang; a
 * refusal in the error shape, small (≤ 4 KB) whatever was sent; and a refusal writes nothing
 * (the company's event log does not move).
 */
export async function fuzzRoute(
  app: FastifyInstance,
  route: RouteDefinition,
  fullPath: string,
  sample: SampleRequest,
  headers: Record<string, string>,
  lastSeq: () => Promise<number>,
): Promise<FuzzOutcome> {
  const failures: string[] = [];
  const statuses = new Map<number, number>();
  const variants = malformedVariants(route, fullPath, sample, headers);
  for (const variant of variants) {
    const before = await lastSeq();
    const answer = await send(app, variant.request);
    const where = `${route.method} ${fullPath} [${variant.name}]`;
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.hung) {
      failures.push(`${where}: no answer within 15 s`);
      continue;
    }
    if (answer.status >= 500) failures.push(`${where}: ${answer.status} ${answer.text.slice(0, 200)}`);
    if (answer.status >= 400) {
      if (!isErrorShape(answer.json)) failures.push(`${where}: ${answer.status} not in the error shape: ${answer.text.slice(0, 200)}`);
      if (answer.text.length > 4096) failures.push(`${where}: error body of ${answer.text.length} bytes`);
      if ((await lastSeq()) !== before) failures.push(`${where}: refused with ${answer.status} but wrote events`);
    }
  }
  return { sent: variants.length, failures, statuses };
}
