/**
 * The portfolio proxy's allow-list (spec section 7: POST /portfolios/{id}/proxy/ with method,
 * endpoint, payload, service). An investor instance reads a portfolio company only through these
 * calls: reads of the company, its KPIs and the investor reports shared with the viewing user.
 * Everything else is refused before anything is forwarded.
 *
 * Endpoints are paths of a root without the root's prefix ("/investor-reporting/reports/12/"),
 * written exactly: lower-case segments, whole-number ids, a trailing slash, no query string
 * (query parameters go in `payload`), no encoded characters, dots or doubled slashes.
 */
export interface ProxyEndpoint {
  readonly service: ProxyService;
  /** Segments; `{id}` stands for a record id. */
  readonly path: string;
  readonly summary: string;
}

/** The roots the proxy knows; only `main` has allow-listed calls. */
export const PROXY_SERVICES = ["main", "auth", "warehouse", "ai"] as const;
export type ProxyService = (typeof PROXY_SERVICES)[number];

export const PROXY_ALLOW_LIST: readonly ProxyEndpoint[] = [
  { service: "main", path: "/company/", summary: "the company: name, currency, fiscal year" },
  { service: "main", path: "/kpis/meta/", summary: "the KPIs the viewing user may read" },
  { service: "main", path: "/kpis/aggregates/", summary: "year-to-date, last twelve months and full-year figures" },
  { service: "main", path: "/kpis/history/", summary: "KPI figures over time" },
  { service: "main", path: "/investor-reporting/reports/", summary: "the investor reports shared with the viewing user" },
  { service: "main", path: "/investor-reporting/reports/{id}/", summary: "one shared report with its sections" },
  { service: "main", path: "/investor-reporting/reports/{id}/data/", summary: "one shared report's figures" },
];

export const PROXY_READS_ONLY = "The portfolio proxy forwards only reads (GET).";
export const PROXY_NOT_ALLOWED = "This endpoint is not available through the portfolio proxy.";
export const PROXY_MALFORMED_ENDPOINT = "Give the endpoint as a plain path such as /investor-reporting/reports/, without a query string, encoded characters or dots; query parameters go in payload.";
export const PROXY_MALFORMED_PAYLOAD = "Query parameters must be letters, digits and underscores, each with a text, number or true/false value.";

export type QueryValue = string | number | boolean;

export interface ProxyCall {
  readonly method: string;
  readonly endpoint: string;
  readonly payload: Readonly<Record<string, QueryValue | null>> | null | undefined;
  readonly service: string;
}

/** An allowed call, ready to forward: the root, the exact path, the query parameters. */
export interface ForwardedCall {
  readonly service: ProxyService;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
}

export type ProxyDecision = { readonly allowed: true; readonly call: ForwardedCall } | { readonly allowed: false; readonly status: 400 | 403; readonly field: "method" | "endpoint" | "payload" | "service"; readonly message: string };

const SEGMENT = /^[a-z][a-z0-9-]{0,63}$/;
const ID = /^[1-9][0-9]{0,14}$/;
const PARAMETER = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const MAX_PARAMETERS = 20;
const MAX_VALUE_LENGTH = 500;

/**
 * Whether the proxy forwards a call, and where. Checks in this order: the method (reads only),
 * the endpoint's form (no traversal or query tricks), the service and the allow-list, the query
 * parameters. Pure: the route does the rest (the registration, the forwarding).
 */
export function decideProxyCall(call: ProxyCall): ProxyDecision {
  if (call.method !== "GET") return { allowed: false, status: 403, field: "method", message: PROXY_READS_ONLY };
  const segments = endpointSegments(call.endpoint);
  if (!segments) return { allowed: false, status: 400, field: "endpoint", message: PROXY_MALFORMED_ENDPOINT };
  const match = PROXY_ALLOW_LIST.find((entry) => entry.service === call.service && matches(entry.path, segments));
  if (!match) return { allowed: false, status: 403, field: "endpoint", message: PROXY_NOT_ALLOWED };
  const query = queryOf(call.payload);
  if (!query) return { allowed: false, status: 400, field: "payload", message: PROXY_MALFORMED_PAYLOAD };
  return { allowed: true, call: { service: match.service, path: `/${segments.join("/")}/`, query } };
}

/** The endpoint's segments when it is a plain path ("/a/b/12/"), else null. */
function endpointSegments(endpoint: string): string[] | null {
  if (endpoint.length > 200 || !endpoint.startsWith("/") || !endpoint.endsWith("/") || endpoint === "/") return null;
  const segments = endpoint.slice(1, -1).split("/");
  return segments.every((segment) => SEGMENT.test(segment) || ID.test(segment)) ? segments : null;
}

function matches(template: string, segments: readonly string[]): boolean {
  const parts = template.slice(1, -1).split("/");
  return parts.length === segments.length && parts.every((part, index) => (part === "{id}" ? ID.test(segments[index]!) : part === segments[index]));
}

function queryOf(payload: ProxyCall["payload"]): Record<string, string> | null {
  const entries = Object.entries(payload ?? {}).filter((entry): entry is [string, QueryValue] => entry[1] !== null);
  if (entries.length > MAX_PARAMETERS) return null;
  const query: Record<string, string> = {};
  for (const [key, value] of entries) {
    const text = String(value);
    if (!PARAMETER.test(key) || text.length > MAX_VALUE_LENGTH || (typeof value === "number" && !Number.isFinite(value))) return null;
    query[key] = text;
  }
  return query;
}
