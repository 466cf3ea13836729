// The CSV-by-URL connector against a local web server: what it fetches, and everything it refuses
// (SSRF): hosts not allowed, private addresses not listed themselves, redirects to other hosts,
// too big, too slow. Then once through the API, with a token in the address that no answer shows.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseConnectionString } from "../../../../src/server/features/integrations/connection-string";
import { isSpecialAddress, readCsvUrl } from "../../../../src/server/features/integrations/csv-url-source";
import { SOURCE_LIMITS, SourceError } from "../../../../src/server/features/integrations/source";
import { testApp } from "../../../support/app";
import { createTestTenant, createTestUser, testDatabase } from "../../../support/database";

const CSV = "\uFEFFmonth;value\n2026-01-01;1,250.50\n2026-02-01;99\n";
let server: Server;
let port = 0;
const seen: { path: string; host: string }[] = [];

test.before(async () => {
  server = createServer((request, response) => {
    seen.push({ path: request.url ?? "", host: request.headers.host ?? "" });
    const path = (request.url ?? "").split("?")[0];
    if (path === "/kpis.csv") return void response.writeHead(200, { "content-type": "text/csv" }).end(CSV);
    if (path === "/moved") return void response.writeHead(302, { location: "/kpis.csv" }).end();
    if (path === "/elsewhere") return void response.writeHead(302, { location: `http://localhost:${port}/kpis.csv` }).end();
    if (path === "/loop") return void response.writeHead(302, { location: "/loop" }).end();
    if (path === "/private") return void response.writeHead(401).end();
    if (path === "/broken") return void response.writeHead(500).end();
    if (path === "/big") {
      response.writeHead(200, { "content-type": "text/csv" });
      for (let i = 0; i < 200; i++) response.write(`2026-01-01,${"9".repeat(1000)}\n`);
      return void response.end();
    }
    if (path === "/slow") return; // never answers
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
test.after(() => {
  server.closeAllConnections();
  server.close();
});

const local = () => [{ host: "127.0.0.1", port }];
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof SourceError ? { kind: error.kind, message: error.message } : { kind: "other", message: String(error) }),
  );

test("a CSV from an allowed address: the first row names the columns; ; or , separate them", async () => {
  const result = await readCsvUrl(`http://127.0.0.1:${port}/kpis.csv`, local(), SOURCE_LIMITS);
  assert.equal(result, { columns: ["month", "value"], rows: [["2026-01-01", "1,250.50"], ["2026-02-01", "99"]], truncated: false });
  const moved = await readCsvUrl(`http://127.0.0.1:${port}/moved`, local(), SOURCE_LIMITS);
  assert.is(moved.rows.length, 2, "a redirect within the same origin is followed");
});

test("SSRF: hosts not allowed, private addresses behind allowed names, other hosts by redirect, other schemes", async () => {
  const cases: [string, readonly { host: string; port: number | null }[], string, RegExp][] = [
    [`http://127.0.0.1:${port + 1}/kpis.csv`, local(), "refused", /does not fetch files from 127\.0\.0\.1:\d+/],
    [`http://localhost:${port}/kpis.csv`, [{ host: "localhost", port }], "refused", /localhost is a private or local network address/],
    [`http://127.0.0.1:${port}/elsewhere`, [...local(), { host: "localhost", port }], "refused", /redirects to another host/],
    [`http://127.0.0.1:${port}/loop`, local(), "read", /redirects too often/],
    [`file:///etc/passwd`, local(), "refused", /Enter the address of a CSV file/],
    [`ftp://127.0.0.1:${port}/kpis.csv`, local(), "refused", /Enter the address of a CSV file/],
    [`http://127.0.0.1:${port}/kpis.csv`, [], "refused", /It allows none/],
  ];
  for (const [address, allowList, kind, message] of cases) {
    const refused = await refusal(readCsvUrl(address, allowList, SOURCE_LIMITS));
    assert.ok(refused, `${address} is refused`);
    assert.is(refused!.kind, kind, address);
    assert.match(refused!.message, message, address);
  }
});

test("the host is resolved once and the request goes to that checked address (no second lookup)", async () => {
  const allowed = [{ host: "files.example.com", port }];
  // A name that resolves to a private address is refused unless that address is listed itself.
  const rebinding = await refusal(readCsvUrl(`http://files.example.com:${port}/kpis.csv`, allowed, SOURCE_LIMITS, async () => ["10.0.0.7"]));
  assert.match(rebinding!.message, /private or local network address/);
  seen.length = 0;
  const pinned = await readCsvUrl(`http://files.example.com:${port}/kpis.csv`, [...allowed, { host: "127.0.0.1", port: null }], SOURCE_LIMITS, async () => ["127.0.0.1"]);
  assert.is(pinned.rows.length, 2);
  assert.equal(seen, [{ path: "/kpis.csv", host: `files.example.com:${port}` }], "fetched from the checked address, named as asked");
});

test("limits and answers: too big, too slow, a refused sign-in, a failing server", async () => {
  assert.equal(await refusal(readCsvUrl(`http://127.0.0.1:${port}/big`, local(), { ...SOURCE_LIMITS, maxBytes: 50_000 })), { kind: "read", message: "The file is larger than 48 KB." });
  const slow = await refusal(readCsvUrl(`http://127.0.0.1:${port}/slow`, local(), { ...SOURCE_LIMITS, timeoutMs: 300 }));
  assert.equal(slow, { kind: "read", message: "The address took too long to answer." });
  assert.equal(await refusal(readCsvUrl(`http://127.0.0.1:${port}/private`, local(), SOURCE_LIMITS)), { kind: "sign-in", message: "The address refused access (HTTP 401)." });
  assert.equal(await refusal(readCsvUrl(`http://127.0.0.1:${port}/broken`, local(), SOURCE_LIMITS)), { kind: "read", message: "The address answered HTTP 500." });
  const capped = await readCsvUrl(`http://127.0.0.1:${port}/big`, local(), { ...SOURCE_LIMITS, maxRows: 10 });
  assert.equal([capped.rows.length, capped.truncated], [10, true]);
});

test("special addresses as a table", () => {
  const cases: [string, boolean][] = [
    ["127.0.0.1", true], ["10.1.2.3", true], ["172.16.0.1", true], ["172.32.0.1", false], ["192.168.1.1", true], ["169.254.169.254", true], ["100.64.0.1", true], ["0.0.0.0", true], ["224.0.0.1", true],
    ["93.184.216.34", false], ["8.8.8.8", false], ["::1", true], ["::", true], ["fe80::1", true], ["fd00::1", true], ["::ffff:127.0.0.1", true], ["2606:4700::1111", false], ["not an address", true],
  ];
  for (const [address, special] of cases) assert.is(isSpecialAddress(address), special, address);
});

test("connection strings: only host, port, user, password, database and sslmode", () => {
  assert.equal(parseConnectionString("postgres://rep%40x:p%3Ass@db.example.com:6432/ware?sslmode=require"), {
    ok: true,
    connection: { host: "db.example.com", port: 6432, user: "rep@x", password: "p:ss", database: "ware", sslmode: "require" },
  });
  assert.equal(parseConnectionString("postgresql://u@[::1]/db"), { ok: true, connection: { host: "::1", port: 5432, user: "u", password: "", database: "db", sslmode: "disable" } });
  for (const bad of ["postgres://db.example.com/db", "postgres://u:p@db.example.com", "postgres://u:p@/db", "host=db user=u", "postgres://u:p@h/db/x", "postgres://u:p@h/db#frag", "postgres://u:p@h:0/db"]) {
    assert.not.ok(parseConnectionString(bad).ok, bad);
  }
  for (const bad of ["postgres://u:p@h/db?host=/tmp", "postgres://u:p@h/db?sslrootcert=/etc/passwd", "postgres://u:p@h/db?sslmode=prefer", "postgres://u:p@h/db?options=-c%20x=y", "postgres://u:p@h/db?sslmode=require&sslmode=disable"]) {
    const parsed = parseConnectionString(bad);
    assert.equal(parsed, { ok: false, message: "The connection string may only set sslmode (disable, require or verify-full)." }, bad);
  }
});

test("through the API: off unless the operator allows hosts; the address's token is in no answer", async () => {
  const { withTenant } = await testDatabase();
  const tenantId = await createTestTenant();
  const kpi = await withTenant(tenantId, { kind: "system", name: "test" }, async ({ db }) => {
    const category = await db.insertInto("kpi_categories").values({ tenant_id: tenantId, name: "Sales" }).returning("id").executeTakeFirstOrThrow();
    return (await db.insertInto("kpis").values({ tenant_id: tenantId, category_id: category.id, parent_id: null, key: "bookings", name: "Bookings", unit: "currency", aggregation_type: "cum", sensitivity: 0, formula: null, benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null }).returning("id").executeTakeFirstOrThrow()).id;
  });
  const admin = await createTestUser(tenantId, { groups: [{ name: "Administrator", permissions: ["manage_data_integrations", "write_super_sensitive"] }] });
  const address = `http://127.0.0.1:${port}/kpis.csv?token=tok-${tenantId}`;
  const send = async (app: Awaited<ReturnType<typeof testApp>>["app"], signer: Awaited<ReturnType<typeof testApp>>["services"]["signer"], url: string, payload: object) =>
    app.inject({ method: "POST", url, headers: { authorization: `Bearer ${await signer.sign("access", { tenantId, userId: admin.id }, 300)}` }, payload });

  const off = await testApp();
  const refused = await send(off.app, off.services.signer, "/api/integrations/", { kind: "csv-url", name: "Files", connection: address, kpi });
  assert.equal([refused.statusCode, refused.json()], [400, { kind: ["This connector is not enabled on this installation."] }]);
  await off.app.close();

  const on = await testApp({ integrationCsvHosts: [{ host: "127.0.0.1", port }] });
  const preview = await send(on.app, on.services.signer, "/api/integrations/preview/", { kind: "csv-url", connection: address, kpi });
  assert.is(preview.statusCode, 200, preview.body);
  assert.equal(preview.json().rows.map((row: { value: number }) => row.value), [1250.5, 99]);
  const connected = await send(on.app, on.services.signer, "/api/integrations/", { kind: "csv-url", name: "Files", connection: address, kpi });
  assert.is(connected.statusCode, 201, connected.body);
  assert.is(connected.json().target, `http://127.0.0.1:${port}/kpis.csv`);
  for (const body of [preview.body, connected.body]) assert.not.ok(body.includes(`tok-${tenantId}`), "the token stays sealed");
  await on.app.close();
});

test.run();
