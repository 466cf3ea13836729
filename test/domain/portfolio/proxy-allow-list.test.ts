import { test } from "uvu";
import * as assert from "uvu/assert";
import { decideProxyCall, PROXY_MALFORMED_ENDPOINT, PROXY_MALFORMED_PAYLOAD, PROXY_NOT_ALLOWED, PROXY_READS_ONLY, type ProxyCall } from "../../../src/domain/portfolio/proxy-allow-list";

const call = (overrides: Partial<ProxyCall>): ProxyCall => ({ method: "GET", endpoint: "/company/", payload: undefined, service: "main", ...overrides });

test("allowed reads become a path of the service and plain query parameters", () => {
  const table: [Partial<ProxyCall>, { service: string; path: string; query: Record<string, string> }][] = [
    [{}, { service: "main", path: "/company/", query: {} }],
    [{ endpoint: "/investor-reporting/reports/" }, { service: "main", path: "/investor-reporting/reports/", query: {} }],
    [{ endpoint: "/investor-reporting/reports/42/" }, { service: "main", path: "/investor-reporting/reports/42/", query: {} }],
    [{ endpoint: "/investor-reporting/reports/42/data/" }, { service: "main", path: "/investor-reporting/reports/42/data/", query: {} }],
    [{ endpoint: "/kpis/history/", payload: { endDate: "2026-06-01", timeRange: 12, legacy: false, fxRate: null } }, { service: "main", path: "/kpis/history/", query: { endDate: "2026-06-01", timeRange: "12", legacy: "false" } }],
  ];
  for (const [input, expected] of table) assert.equal(decideProxyCall(call(input)), { allowed: true, call: expected }, JSON.stringify(input));
});

test("refusals: writes, unknown endpoints and services, malformed paths and parameters", () => {
  const table: [Partial<ProxyCall>, number, string][] = [
    [{ method: "POST" }, 403, PROXY_READS_ONLY],
    [{ method: "DELETE", endpoint: "/../" }, 403, PROXY_READS_ONLY],
    [{ method: "get" }, 403, PROXY_READS_ONLY],
    [{ endpoint: "/outbox/" }, 403, PROXY_NOT_ALLOWED],
    [{ endpoint: "/investor-reporting/reports/1/files/2/" }, 403, PROXY_NOT_ALLOWED],
    [{ endpoint: "/investor-reporting/reports/abc/" }, 403, PROXY_NOT_ALLOWED],
    [{ service: "warehouse" }, 403, PROXY_NOT_ALLOWED],
    [{ endpoint: "/company/../outbox/" }, 400, PROXY_MALFORMED_ENDPOINT],
    [{ endpoint: "/company/?a=b" }, 400, PROXY_MALFORMED_ENDPOINT],
    [{ endpoint: "/company/%2F/" }, 400, PROXY_MALFORMED_ENDPOINT],
    [{ endpoint: "//company/" }, 400, PROXY_MALFORMED_ENDPOINT],
    [{ endpoint: "/company" }, 400, PROXY_MALFORMED_ENDPOINT],
    [{ endpoint: "/investor-reporting/reports/007/" }, 400, PROXY_MALFORMED_ENDPOINT],
    [{ endpoint: `/${"a".repeat(250)}/` }, 400, PROXY_MALFORMED_ENDPOINT],
    [{ payload: { "a=b": "c" } }, 400, PROXY_MALFORMED_PAYLOAD],
    [{ payload: { value: Number.NaN } }, 400, PROXY_MALFORMED_PAYLOAD],
    [{ payload: Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`p${index}`, index])) }, 400, PROXY_MALFORMED_PAYLOAD],
  ];
  for (const [input, status, message] of table) {
    const decision = decideProxyCall(call(input));
    assert.equal(decision.allowed ? null : [decision.status, decision.message], [status, message], JSON.stringify(input).slice(0, 80));
  }
});

test.run();
