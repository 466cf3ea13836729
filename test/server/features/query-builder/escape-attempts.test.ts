// The query builder's escape table (issue 11, docs/decisions.md "Query builder"): every attempt to
// leave the tenant's readable views, change a setting, write, lock, notify, run long or smuggle a
// second statement is refused with a message, through the API as a person sends it, on both
// engines. No answer carries company B's marker or a value above the builder's level, and nothing
// of company B (nor A's values) changes.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { RUN_PROBLEM, SYNTAX_INCORRECT } from "../../../../src/contracts/query-builder";
import { queryBuilderWorld, type QueryBuilderWorld } from "./qb-fixture";

interface Attempt {
  readonly attempt: string;
  /** `B` stands for company B's tenant id. */
  readonly sql: string;
  /** run: a preview; save: saving it as a query; activate: saving a valid query, then activating it. */
  readonly via?: "run" | "save" | "activate";
  /** The reason the answer gives. */
  readonly refused: RegExp;
}

const NOT_A_VIEW = /Only the views of the qb schema can be read/;
const FUNCTION = (name: string) => new RegExp(`The function ${name.replace(".", "\\.")}\\(\\) cannot be used`);
const ONE_STATEMENT = /Write one statement only/;
const ONLY_SELECT = (words: string) => new RegExp(`Only a SELECT can run here, not ${words}`);

const ATTEMPTS: readonly Attempt[] = [
  // set_config in every position, and what it would do
  { attempt: "set_config of the tenant in the select list", sql: "select set_config('app.tenant_id', 'B', true), * from qb.kpi_values", refused: FUNCTION("set_config") },
  { attempt: "set_config undoing the role, in a CTE", sql: "with x as (select set_config('role', 'none', true)) select * from x, qb.kpi_values", refused: FUNCTION("set_config") },
  { attempt: "set_config of the level, in a WHERE subquery", sql: "select * from qb.kpi_values where (select set_config('app.qb_max_sensitivity', '3', true)) is not null", refused: FUNCTION("set_config") },
  { attempt: "set_config in a FROM subquery, session-wide", sql: "select * from (select set_config('app.tenant_id', 'B', false) as s) t", refused: FUNCTION("set_config") },
  { attempt: "set_config qualified with pg_catalog", sql: "select pg_catalog.set_config('app.tenant_id', 'B', true)", refused: FUNCTION("pg_catalog.set_config") },
  { attempt: "set_config quoted", sql: `select "set_config"('role', 'none', true)`, refused: FUNCTION("set_config") },
  { attempt: "set_config in a LATERAL subquery", sql: "select * from qb.kpi_values, lateral (select set_config('app.tenant_id', 'B', true)) s", refused: FUNCTION("set_config") },
  { attempt: "set_config in VALUES", sql: "values ((select set_config('role', 'none', true)))", refused: FUNCTION("set_config") },
  { attempt: "set_config on save", sql: "select month, set_config('app.tenant_id', 'B', true)::float8 as value from qb.kpi_values", via: "save", refused: FUNCTION("set_config") },
  // settings and roles as statements
  { attempt: "SET ROLE", sql: "set role none", refused: ONLY_SELECT("SET or RESET") },
  { attempt: "RESET ROLE", sql: "reset role", refused: ONLY_SELECT("SET or RESET") },
  { attempt: "SET LOCAL of the tenant", sql: "set local app.tenant_id = 'B'", refused: ONLY_SELECT("SET or RESET") },
  { attempt: "SET SESSION AUTHORIZATION", sql: "set session authorization default", refused: ONLY_SELECT("SET or RESET") },
  { attempt: "current_setting of the tenant", sql: "select current_setting('app.tenant_id')", refused: FUNCTION("current_setting") },
  { attempt: "current_user", sql: "select current_user", refused: /session's user, role and schema cannot/ },
  // other schemas, base tables, the catalogue
  { attempt: "a base table in public", sql: "select * from public.kpi_values", refused: NOT_A_VIEW },
  { attempt: "a table outside the views", sql: "select * from users", refused: NOT_A_VIEW },
  { attempt: "a CTE named like a view hiding a base table", sql: "with kpis as (select * from public.kpis) select * from kpis", refused: NOT_A_VIEW },
  { attempt: "pg_authid", sql: "select * from pg_catalog.pg_authid", refused: NOT_A_VIEW },
  { attempt: "pg_class, unqualified", sql: "select count(*) from pg_class", refused: NOT_A_VIEW },
  { attempt: "pg_stats (column statistics across companies)", sql: "select most_common_vals from pg_stats", refused: NOT_A_VIEW },
  { attempt: "information_schema", sql: "select * from information_schema.tables", refused: NOT_A_VIEW },
  { attempt: "a catalogue table joined to a view", sql: "select * from qb.kpis k join pg_catalog.pg_roles r on true", refused: NOT_A_VIEW },
  { attempt: "a catalogue table in a scalar subquery", sql: "select (select rolname from pg_roles limit 1) from qb.kpis", refused: NOT_A_VIEW },
  { attempt: "a base table in a UNION", sql: "select id, name from qb.kpis union select id, name from public.kpis", refused: NOT_A_VIEW },
  { attempt: "a base table in EXISTS", sql: "select 1 from qb.kpis where exists (select * from public.users)", refused: NOT_A_VIEW },
  { attempt: "a temporary table's schema", sql: "select * from pg_temp.kpi_values", refused: NOT_A_VIEW },
  { attempt: "a CTE named pg_ (catalogue shadowing)", sql: "with pg_class as (select 1 as x) select * from pg_class", refused: /Names starting with pg_ are reserved/ },
  // files, programs, other databases
  { attempt: "pg_read_file", sql: "select pg_read_file('/etc/passwd')", refused: FUNCTION("pg_read_file") },
  { attempt: "pg_ls_dir in FROM", sql: "select * from pg_ls_dir('.')", refused: /Functions in FROM/ },
  { attempt: "pg_ls_dir", sql: "select pg_ls_dir('.')", refused: FUNCTION("pg_ls_dir") },
  { attempt: "lo_import", sql: "select lo_import('/etc/passwd')", refused: FUNCTION("lo_import") },
  { attempt: "dblink", sql: "select * from qb.kpis where 1 = dblink_exec('host=127.0.0.1', 'select 1')", refused: FUNCTION("dblink_exec") },
  { attempt: "COPY to the client", sql: "copy (select * from qb.kpi_values) to stdout", refused: ONLY_SELECT("COPY") },
  { attempt: "COPY from a program", sql: "copy kpi_values from program 'id'", refused: ONLY_SELECT("COPY") },
  // writes and locks
  { attempt: "a deleting CTE", sql: "with d as (delete from kpi_values returning *) select * from d", refused: /A WITH query may only SELECT, not DELETE/ },
  { attempt: "an updating CTE", sql: "with u as (update qb.kpis set name = 'x' returning id) select id from u", refused: /A WITH query may only SELECT, not UPDATE/ },
  { attempt: "INSERT", sql: "insert into qb.kpi_values (kpi_id) values (1)", refused: ONLY_SELECT("INSERT") },
  { attempt: "SELECT INTO", sql: "select * into stolen from qb.kpi_values", refused: /SELECT INTO creates a table/ },
  { attempt: "CREATE TEMP TABLE AS", sql: "create temp table kpi_values as select 1", refused: ONLY_SELECT("CREATE TABLE AS") },
  { attempt: "FOR UPDATE", sql: "select * from qb.kpi_values for update", refused: /FOR UPDATE and FOR SHARE/ },
  { attempt: "FOR SHARE", sql: "select * from qb.kpis for share", refused: /FOR UPDATE and FOR SHARE/ },
  { attempt: "DO block", sql: "do $$ begin perform set_config('role', 'none', true); end $$", refused: ONLY_SELECT("DO") },
  // statements hidden after a semicolon, in comments and quotes
  { attempt: "a second statement", sql: "select 1; select * from public.kpi_values", refused: ONE_STATEMENT },
  { attempt: "a second statement after a commented semicolon", sql: "select 1 /* ; */; delete from kpi_values", refused: ONE_STATEMENT },
  { attempt: "a second statement after a line comment", sql: "select 1 -- harmless\n; set role none", refused: ONE_STATEMENT },
  { attempt: "nested comments", sql: "select 1 /* outer /* inner */ still a comment; */; reset role", refused: ONE_STATEMENT },
  { attempt: "a dollar-quoted string hiding a semicolon", sql: "select $$ ; $$ as a; reset role", refused: ONE_STATEMENT },
  { attempt: "an E'' string ending in a backslash", sql: "select E'\\\\'; reset role; --'", refused: ONE_STATEMENT },
  { attempt: "a U&'' string", sql: "select U&'\\0027'; set role none", refused: ONE_STATEMENT },
  { attempt: "a U&\"\" name spelling pg_authid", sql: 'select * from U&"pg\\005fauthid"', refused: NOT_A_VIEW },
  { attempt: "a quoted pg_catalog", sql: 'select * from "pg_catalog"."pg_class"', refused: NOT_A_VIEW },
  { attempt: "a qualified operator", sql: "select 1 operator(pg_catalog.+) 1", refused: /OPERATOR\(…\) is not supported/ },
  // side channels and session state
  { attempt: "pg_notify", sql: "select pg_notify('meridian_events', 'B')", refused: FUNCTION("pg_notify") },
  { attempt: "a session advisory lock", sql: "select pg_advisory_lock(1)", refused: FUNCTION("pg_advisory_lock") },
  { attempt: "LISTEN", sql: "listen meridian_events", refused: ONLY_SELECT("LISTEN") },
  { attempt: "PREPARE", sql: "prepare stolen as select * from public.kpi_values", refused: ONLY_SELECT("PREPARE") },
  { attempt: "EXECUTE", sql: "execute stolen", refused: ONLY_SELECT("EXECUTE") },
  { attempt: "query_to_xml", sql: "select query_to_xml('select * from public.kpi_values', true, false, '')", refused: FUNCTION("query_to_xml") },
  { attempt: "database_to_xml", sql: "select database_to_xml(true, false, '')", refused: FUNCTION("database_to_xml") },
  { attempt: "EXPLAIN", sql: "explain select * from qb.kpi_values", refused: ONLY_SELECT("EXPLAIN") },
  // system columns and casting tricks
  { attempt: "ctid", sql: "select ctid, * from qb.kpi_values", refused: /The system column ctid cannot be read/ },
  { attempt: "xmin", sql: "select k.xmin from qb.kpis k", refused: /The system column xmin cannot be read/ },
  { attempt: "a cast to regclass", sql: "select 'pg_authid'::regclass", refused: /A cast to regclass is not supported/ },
  { attempt: "a cast to oid", sql: "select cast(cast('public.kpi_values' as regclass) as oid)", refused: /A cast to (oid|regclass) is not supported/ },
  { attempt: "a cast to xml", sql: "select '<a/>'::xml", refused: /A cast to xml is not supported/ },
  { attempt: "row_to_json of a row", sql: "select row_to_json(k) from qb.kpis k", refused: FUNCTION("row_to_json") },
  // running long, huge results
  { attempt: "pg_sleep past the deadline", sql: "select pg_sleep(30)", refused: FUNCTION("pg_sleep") },
  { attempt: "generate_series of a billion rows", sql: "select * from generate_series(1, 1000000000)", refused: /Functions in FROM/ },
  { attempt: "generate_series in the select list", sql: "select generate_series(1, 1000000000)", refused: FUNCTION("generate_series") },
  { attempt: "a recursive CTE bomb", sql: "with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r", refused: /WITH RECURSIVE is not supported/ },
  { attempt: "string doubling through CTEs", sql: "with a as (select 'xxxxxxxx' as s), b as (select s || s as s from a) select s from b", refused: /The operator \|\| cannot be used/ },
  { attempt: "a syntax error", sql: "select month, value form qb.kpi_values", refused: new RegExp(`^${SYNTAX_INCORRECT.replace(/[.']/g, "\\$&")} \\(line 1, column 26\\)`) },
  { attempt: "a cross join past the deadline", sql: "select count(*) as n from qb.kpi_values a, qb.kpi_values b, qb.kpi_values c, qb.kpi_values d, qb.kpi_values e, qb.kpi_values f, qb.kpi_values g", refused: /ran longer than 5 seconds and was stopped/ },
  { attempt: "a huge result as a KPI's values", sql: "select a.month, a.value from qb.kpi_values a, qb.kpi_values b, qb.kpi_values c", via: "activate", refused: /returns more than 1,200 rows/ },
];

let world: QueryBuilderWorld;

test.before(async () => {
  world = await queryBuilderWorld();
});
test.after(async () => {
  await world.app.close();
});

/** Sends one attempt as the level-0 builder; the answer's status and its messages. */
async function attempt(entry: Attempt) {
  const sqlText = entry.sql.replaceAll("'B'", `'${world.companyB}'`);
  const headers = world.headers.lowBuilder;
  if (entry.via === "save") return world.call(headers, "POST", "/qb/query/", { title: entry.attempt, kpi: world.kpis.target, sql: sqlText });
  if (entry.via === "activate") {
    const saved = await world.call(headers, "POST", "/qb/query/", { title: entry.attempt, kpi: world.kpis.target, sql: sqlText });
    assert.is(saved.status, 201, saved.text);
    const answer = await world.call(headers, "POST", `/qb/query/${saved.json.query.id}/activate/`);
    await world.call(headers, "DELETE", `/qb/query/${saved.json.query.id}/`);
    return answer;
  }
  return world.call(headers, "POST", "/qb/run/", { sql: sqlText });
}

test(`every one of ${ATTEMPTS.length} escape attempts is refused with its reason, and none reads what it may not`, async () => {
  assert.ok(ATTEMPTS.length >= 40, "at least 40 attempts");
  const before = { b: await world.stateOf(world.companyB), aValues: (await world.stateOf(world.companyA)).digests["kpi_values"] };
  const failures: string[] = [];
  for (const entry of ATTEMPTS) {
    const answer = await attempt(entry);
    const messages = [answer.json?.detail, ...(answer.json?.sql ?? [])].filter((message): message is string => typeof message === "string");
    if (answer.status !== 400) failures.push(`${entry.attempt}: ${answer.status} ${answer.text.slice(0, 200)}`);
    else if (!messages.some((message) => entry.refused.test(message))) failures.push(`${entry.attempt}: refused with ${JSON.stringify(messages)}, expected ${entry.refused}`);
    if (answer.text.includes(world.marker) || answer.text.includes(String(world.markerValue)) || answer.text.includes(world.companyB)) failures.push(`${entry.attempt}: the answer carries company B's data`);
    if (answer.text.includes("777001")) failures.push(`${entry.attempt}: the answer carries a level-2 value`);
  }
  assert.equal(failures, []);
  assert.equal(await world.stateOf(world.companyB), before.b, "company B's rows and events are as they were");
  assert.is((await world.stateOf(world.companyA)).digests["kpi_values"], before.aValues, "company A's values are as they were");
});

test("runtime refusals carry the spec's text with the reason", async () => {
  const answer = await world.call(world.headers.lowBuilder, "POST", "/qb/run/", { sql: "select 1 / 0 as value from qb.kpis" });
  assert.is(answer.status, 400);
  assert.is(answer.json.detail, RUN_PROBLEM);
  assert.match(answer.json.sql[0], /division by zero/);
});

test("after every attempt, a plain query still reads company A's readable rows and nothing else", async () => {
  const answer = await world.call(world.headers.lowBuilder, "POST", "/qb/run/", { sql: "select k.key, v.series, v.month, v.value from qb.kpi_values v join qb.kpis k on k.id = v.kpi_id order by 1, 2, 3" });
  assert.is(answer.status, 200, answer.text);
  assert.equal([...new Set(answer.json.rows.map((row: unknown[]) => row[0]))], ["revenue"], "only the level-0 KPI");
  assert.is(answer.json.rows.length, 24, "its 12 actuals and 12 planning values");
  assert.not.ok(answer.text.includes(String(world.markerValue)));
  // The tenant transactions of everyone else still run as the app role, with its company only.
  const own = await world.withTenant(world.companyA, { kind: "system", name: "test" }, async ({ db }) => ({
    count: (await db.selectFrom("kpi_values").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n,
  }));
  assert.is(Number(own.count), 36);
});

test.run();
