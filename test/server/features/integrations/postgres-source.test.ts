// The PostgreSQL connector's limits at the protocol, against the local PostgreSQL server: a row
// cap the server itself stops at, a cap on bytes received, a statement timeout, one statement,
// and values as the source wrote them.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseConnectionString } from "../../../../src/server/features/integrations/connection-string";
import { readPostgres } from "../../../../src/server/features/integrations/postgres-source";
import { SOURCE_LIMITS, SourceError } from "../../../../src/server/features/integrations/source";
import { sourceDatabase } from "../../../support/source-database";

let source: Awaited<ReturnType<typeof sourceDatabase>>;
test.before(async () => {
  source = await sourceDatabase(["create table t (d date, at timestamptz, n numeric)", "insert into t values ('2026-04-30', '2026-04-30 23:30:00+00', 1234.50)"]);
});
test.after(async () => source.drop());

const read = (query: string, limits = SOURCE_LIMITS) => {
  const parsed = parseConnectionString(source.connectionString());
  if (!parsed.ok) throw new Error(parsed.message);
  return readPostgres(parsed.connection, query, [{ host: source.host, port: source.port }], limits);
};
const failure = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof SourceError ? `${error.kind}/${error.field}: ${error.message}` : String(error)));

test("values arrive as the source wrote them: dates, timestamps and numerics as text", async () => {
  assert.equal(await read("select d as month, at, n as value from t"), { columns: ["month", "at", "value"], rows: [["2026-04-30", "2026-04-30 23:30:00+00", "1234.50"]], truncated: false });
});

test("the row cap: the server sends at most the cap (and one to know there was more)", async () => {
  const capped = await read("select generate_series(1, 100000) as n", { ...SOURCE_LIMITS, maxRows: 25 });
  assert.equal([capped.rows.length, capped.truncated, capped.rows.at(-1)], [25, true, ["25"]]);
  const exact = await read("select generate_series(1, 25) as n", { ...SOURCE_LIMITS, maxRows: 25 });
  assert.equal([exact.rows.length, exact.truncated], [25, false]);
});

test("bytes, time and statements are bounded", async () => {
  assert.is(await failure(read("select repeat('x', 3000000) as big", { ...SOURCE_LIMITS, maxBytes: 1024 * 1024 })), "read/query: The result is larger than 1 MB. Let the query read less, for example by summing per month.");
  assert.is(await failure(read("select pg_sleep(10)", { ...SOURCE_LIMITS, timeoutMs: 3000 })), "read/query: The query took too long and was stopped.");
  assert.is(await failure(read("select 1; select 2")), "read/query: The query failed: cannot insert multiple commands into a prepared statement");
  assert.is(await failure(read("   ;")), "refused/query: Enter the query that reads the values.");
  // The session stays usable after each refusal: a fresh read works.
  assert.is((await read("select 1 as n")).rows.length, 1);
});

test.run();
