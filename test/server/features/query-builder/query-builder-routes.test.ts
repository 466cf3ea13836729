// The query builder as a person uses it (spec sections 2-8): save a query for a KPI, preview it,
// activate it (its result becomes the KPI's actuals), change it while active (recalculated, or a
// warning), deactivate it keeping or deleting the values; the spec's texts; who may build.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { DEACTIVATE_BEFORE_DELETE, EVALUATION_FAILED_WARNING, KPI_ALREADY_ASSIGNED, KPI_NOT_CALCULABLE, QB_VIEWS, RUN_PROBLEM, SYNTAX_INCORRECT } from "../../../../src/contracts/query-builder";
import { COMPANY_FEATURES } from "../../../../src/server/db/seed/demo-companies";
import { FEATURE_OFF } from "../../../../src/server/platform/http/route";
import { readEventsAfter } from "../../../../src/server/db/event-log";
import { builderEventFilter } from "../../../../src/server/features/query-builder/query-event-filter";
import { MONTHS_2024, queryBuilderWorld, system, type QueryBuilderWorld } from "./qb-fixture";

let world: QueryBuilderWorld;
test.before(async () => {
  world = await queryBuilderWorld();
});
test.after(async () => {
  await world.app.close();
});

/** Revenue doubled, month by month: the demo of a KPI built from another. */
const doubledRevenue = () => `select v.month, v.value * 2 as value
from qb.kpi_values v join qb.kpis k on k.id = v.kpi_id
where k.key = 'revenue' and v.series = 'actual' and v.dimension_key = ''`;

const create = async (kpi: number, sqlText: string, headers = world.headers.builder, title = "Doubled revenue") => world.call(headers, "POST", "/qb/query/", { title, kpi, sql: sqlText });

test("a query is saved for a KPI and listed with title, KPI name and id, creator, dates and status", async () => {
  const saved = await create(world.kpis.target, doubledRevenue());
  assert.is(saved.status, 201, saved.text);
  assert.equal(saved.json.warning, null);
  const query = saved.json.query;
  assert.equal({ title: query.title, kpiId: query.kpiId, kpiName: query.kpiName, status: query.status }, { title: "Doubled revenue", kpiId: world.kpis.target, kpiName: "target", status: "draft" });
  const list = await world.call(world.headers.builder, "GET", "/qb/queries/");
  const row = list.json.queries.find((candidate: { id: number }) => candidate.id === query.id);
  assert.ok(row.creator, "the creator is named");
  assert.ok(row.createdAt && row.updatedAt);
  const detail = await world.call(world.headers.builder, "GET", `/qb/query/${query.id}/`);
  assert.is(detail.json.sql, doubledRevenue());
  await world.call(world.headers.builder, "DELETE", `/qb/query/${query.id}/`);
});

test("one query per KPI: 'The KPI is already assigned in another query'", async () => {
  const first = await create(world.kpis.target, doubledRevenue());
  const second = await create(world.kpis.target, doubledRevenue(), world.headers.builder, "Another");
  assert.is(second.status, 400);
  assert.equal(second.json, { kpi: [KPI_ALREADY_ASSIGNED] });
  await world.call(world.headers.builder, "DELETE", `/qb/query/${first.json.query.id}/`);
});

test("a query must be syntactically correct: the spec's text with the line and column", async () => {
  const answer = await create(world.kpis.target, "select month,\n  value\nform qb.kpi_values");
  assert.is(answer.status, 400);
  assert.equal(answer.json, { sql: [`${SYNTAX_INCORRECT} (line 3, column 6): syntax error at or near "qb"`] });
});

test("a calculated KPI cannot be a query's KPI; a KPI the builder may not write answers 403", async () => {
  const calculated = await create(world.kpis.calculated, doubledRevenue());
  assert.equal([calculated.status, calculated.json], [400, { kpi: [KPI_NOT_CALCULABLE] }]);
  const notWritable = await create(world.kpis.secretTarget, doubledRevenue(), world.headers.lowBuilder);
  assert.is(notWritable.status, 404, "a KPI above the builder's level is not found");
  const foreign = await create(world.foreignKpis.target, doubledRevenue());
  assert.is(foreign.status, 404, "another company's KPI is not found");
});

test("the preview answers the first rows and whether they make monthly values", async () => {
  const answer = await world.call(world.headers.builder, "POST", "/qb/run/", { sql: doubledRevenue(), kpi: world.kpis.target });
  assert.is(answer.status, 200, answer.text);
  assert.equal(answer.json.columns, ["month", "value"]);
  assert.equal(answer.json.rows[0], ["2024-01-01", 200]);
  assert.equal(answer.json.monthlyValues, { ok: true, months: 12, problems: [] });
  const wrong = await world.call(world.headers.builder, "POST", "/qb/run/", { sql: "select month as m, value from qb.kpi_values" });
  assert.is(wrong.json.monthlyValues.ok, false);
  assert.match(wrong.json.monthlyValues.problems[0], /needs a column named month/);
  const many = await world.call(world.headers.builder, "POST", "/qb/run/", { sql: "select a.month from qb.kpi_values a, qb.kpi_values b" });
  assert.is(many.json.rows.length, 100, "at most 100 rows are shown");
  assert.is(many.json.truncated, true);
});

test("a run for a KPI reads no value more sensitive than that KPI, even for a builder who may read it", async () => {
  const payroll = `select month, value from qb.kpi_values where kpi_id = ${world.kpis.payroll}`;
  const forLevel0 = await world.call(world.headers.builder, "POST", "/qb/run/", { sql: payroll, kpi: world.kpis.target });
  assert.equal(forLevel0.json.rows, [], "a level-0 KPI's query cannot copy level-2 values");
  const forLevel2 = await world.call(world.headers.builder, "POST", "/qb/run/", { sql: payroll, kpi: world.kpis.secretTarget });
  assert.is(forLevel2.json.rows.length, 12);
  const lowBuilder = await world.call(world.headers.lowBuilder, "POST", "/qb/run/", { sql: payroll });
  assert.equal(lowBuilder.json.rows, [], "a level-0 builder reads no level-2 value");
});

test("activating stores the result as the KPI's actuals (replacing what was there) and tells open dashboards", async () => {
  await world.withTenant(world.companyA, system, ({ db }) =>
    db.insertInto("kpi_values").values({ tenant_id: world.companyA, kpi_id: world.kpis.target, series: "actual", month: "2023-06-01", value: 1 }).execute(),
  );
  const lastSeq = await lastSeqOf();
  const saved = await create(world.kpis.target, doubledRevenue());
  const activated = await world.call(world.headers.builder, "POST", `/qb/query/${saved.json.query.id}/activate/`);
  assert.is(activated.status, 200, activated.text);
  assert.is(activated.json.months, 12);
  assert.is(activated.json.query.status, "active");
  assert.ok(activated.json.query.evaluatedAt);
  assert.equal(await world.actualsOf(world.kpis.target), Object.fromEntries(MONTHS_2024.map((month, index) => [month, (index + 1) * 200])));
  const events = await world.withTenant(world.companyA, system, (context) => readEventsAfter(context.db, lastSeq, 100));
  const edited = events.find((event) => event.type === "KpiValueEdited")!;
  assert.ok(edited, "KpiValueEdited");
  const values = (edited.payload as { values: { date: string; value: number | null }[] }).values;
  assert.ok(values.some((value) => value.date === "2023-06-01" && value.value === null), "the replaced month is removed");
  assert.ok(events.some((event) => event.type === "QueryActivated"));

  // The KPI's values as every reader sees them.
  const read = await world.call(world.headers.reader, "POST", "/kpis/values/", { startDate: "2024-01-01", date: "2024-03-01", idList: [world.kpis.target] });
  assert.equal(read.json.kpis[0].values.map((month: { value: number }) => month.value), [200, 400, 600]);

  // Active queries are not deleted; deactivating keeps the values when asked to.
  const removed = await world.call(world.headers.builder, "DELETE", `/qb/query/${saved.json.query.id}/`);
  assert.equal([removed.status, removed.json], [400, { detail: DEACTIVATE_BEFORE_DELETE }]);
  const kept = await world.call(world.headers.builder, "POST", `/qb/query/${saved.json.query.id}/deactivate/`, { values: "keep" });
  assert.is(kept.json.status, "draft");
  assert.is(Object.keys(await world.actualsOf(world.kpis.target)).length, 12, "the values stay");

  // Again active, then deactivated deleting the values.
  await world.call(world.headers.builder, "POST", `/qb/query/${saved.json.query.id}/activate/`);
  const deleted = await world.call(world.headers.builder, "POST", `/qb/query/${saved.json.query.id}/deactivate/`, { values: "delete" });
  assert.is(deleted.status, 200, deleted.text);
  assert.equal(await world.actualsOf(world.kpis.target), {}, "the values are gone");
  assert.is((await world.call(world.headers.builder, "DELETE", `/qb/query/${saved.json.query.id}/`)).status, 204);
});

test("a query that cannot calculate values is not activated, and writes nothing", async () => {
  const saved = await create(world.kpis.target, "select month, value from qb.kpi_values");
  const before = await world.actualsOf(world.kpis.target);
  const answer = await world.call(world.headers.builder, "POST", `/qb/query/${saved.json.query.id}/activate/`);
  assert.is(answer.status, 400);
  assert.is(answer.json.detail, RUN_PROBLEM);
  assert.match(answer.json.sql[0], /Row 13: the month 2024-01-01 is also in row 1/);
  assert.equal(await world.actualsOf(world.kpis.target), before);
  assert.is((await world.call(world.headers.builder, "GET", `/qb/query/${saved.json.query.id}/`)).json.status, "draft");
  await world.call(world.headers.builder, "DELETE", `/qb/query/${saved.json.query.id}/`);
});

test("saving an active query calculates its values again; when that fails, the text is saved with a warning", async () => {
  const saved = await create(world.kpis.target, doubledRevenue());
  const id = saved.json.query.id;
  await world.call(world.headers.builder, "POST", `/qb/query/${id}/activate/`);
  const tripled = doubledRevenue().replace("* 2", "* 3");
  const changed = await world.call(world.headers.builder, "PUT", `/qb/query/${id}/`, { sql: tripled });
  assert.is(changed.status, 200, changed.text);
  assert.equal(changed.json.warning, null);
  assert.is((await world.actualsOf(world.kpis.target))["2024-01-01"], 300);

  const broken = "select month, value / 0 as value from qb.kpi_values";
  const warned = await world.call(world.headers.builder, "PUT", `/qb/query/${id}/`, { sql: broken });
  assert.is(warned.status, 200);
  assert.ok(warned.json.warning.startsWith(EVALUATION_FAILED_WARNING), warned.json.warning);
  assert.match(warned.json.warning, /division by zero/);
  assert.is(warned.json.query.sql, broken, "the text is saved");
  assert.is((await world.actualsOf(world.kpis.target))["2024-01-01"], 300, "the values stay as they were");

  const syntax = await world.call(world.headers.builder, "PUT", `/qb/query/${id}/`, { sql: "select from where" });
  assert.is(syntax.status, 400, "bad syntax is never saved");
  await world.call(world.headers.builder, "POST", `/qb/query/${id}/deactivate/`, { values: "delete" });
  await world.call(world.headers.builder, "DELETE", `/qb/query/${id}/`);
});

test("the column list names every view and column a query may read", async () => {
  const answer = await world.call(world.headers.builder, "GET", "/qb/columns/");
  assert.equal(answer.json.views.map((view: { name: string }) => view.name), QB_VIEWS.map((view) => view.name));
});

test("can_build_kpis, by group or as a per-user grant; others get 403", async () => {
  assert.is((await world.call(world.headers.granted, "GET", "/qb/queries/")).status, 200, "the per-user grant");
  assert.is((await world.call(world.headers.lowBuilder, "GET", "/qb/queries/")).status, 200, "the group permission");
  assert.is((await world.call(world.headers.reader, "GET", "/qb/queries/")).status, 403);
  assert.is((await world.call(world.headers.reader, "POST", "/qb/run/", { sql: "select 1" })).status, 403);
});

test("another company's builder sees none of the queries; a builder below the KPI's level neither", async () => {
  const saved = await create(world.kpis.secretTarget, `select month, value from qb.kpi_values where kpi_id = ${world.kpis.payroll}`);
  const id = saved.json.query.id;
  assert.is((await world.call(world.headers.foreignBuilder, "GET", `/qb/query/${id}/`)).status, 404);
  assert.not.ok((await world.call(world.headers.foreignBuilder, "GET", "/qb/queries/")).json.queries.some((query: { id: number }) => query.id === id));
  assert.is((await world.call(world.headers.lowBuilder, "GET", `/qb/query/${id}/`)).status, 404);
  assert.not.ok((await world.call(world.headers.lowBuilder, "GET", "/qb/queries/")).json.queries.some((query: { id: number }) => query.id === id));
  await world.call(world.headers.builder, "DELETE", `/qb/query/${id}/`);
});

test("query events reach only builders who may read the query's KPI", async () => {
  const check = (userId: number, kpiId: number) => world.withTenant(world.companyA, system, (context) => builderEventFilter({ queryId: 1, kpiId }, context, userId));
  assert.ok(await check(world.users.builder.id, world.kpis.secretTarget));
  assert.is(await check(world.users.lowBuilder.id, world.kpis.secretTarget), null, "the KPI is above their level");
  assert.ok(await check(world.users.lowBuilder.id, world.kpis.target));
  assert.is(await check(world.users.reader.id, world.kpis.target), null, "not a builder");
});

test("with the company's query_builder feature off, its builders are refused on the server too, not only in the menu", async () => {
  const setFeature = (on: boolean) =>
    world.database.system.updateTable("tenants").set({ features: JSON.stringify({ ...COMPANY_FEATURES, query_builder: on }) }).where("id", "=", world.companyB).execute();
  await setFeature(false);
  try {
    const refused = await world.call(world.headers.foreignBuilder, "GET", "/qb/queries/");
    assert.equal({ status: refused.status, detail: refused.json.detail }, { status: 403, detail: FEATURE_OFF });
    assert.is((await world.call(world.headers.builder, "GET", "/qb/queries/")).status, 200, "another company keeps its feature");
  } finally {
    await setFeature(true);
  }
  assert.is((await world.call(world.headers.foreignBuilder, "GET", "/qb/queries/")).status, 200);
});

async function lastSeqOf(): Promise<number> {
  const events = await world.withTenant(world.companyA, system, (context) => readEventsAfter(context.db, 0, 100_000));
  return events.at(-1)?.seq ?? 0;
}

test.run();
