// Active queries are calculated again every night (02:00 UTC) by the job runner, as the person who
// last calculated them, so a query's KPI follows its data. On a clock the test moves: no sleeping.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { EVALUATOR_MAY_NOT, NIGHTLY_SUBJECT } from "../../../../src/server/features/query-builder/query-recalculation";
import { manualClock } from "../../../support/manual-clock";
import { queryBuilderWorld, system, type QueryBuilderWorld } from "./qb-fixture";

const clock = manualClock(new Date("2026-03-10T15:00:00.000Z"));
let world: QueryBuilderWorld;
test.before(async () => {
  world = await queryBuilderWorld({ clock });
});
test.after(async () => {
  await world.services.jobs.stop();
  await world.app.close();
});

const doubledRevenue = `select v.month, v.value * 2 as value
from qb.kpi_values v join qb.kpis k on k.id = v.kpi_id
where k.key = 'revenue' and v.series = 'actual' and v.dimension_key = ''`;

const nightlyRuns = () =>
  world.withTenant(world.companyA, system, ({ db }) => db.selectFrom("job_runs").select(["state", "run_after", "error", "log"]).where("subject", "=", NIGHTLY_SUBJECT).orderBy("id").execute());
const eventsOf = (type: string) => world.withTenant(world.companyA, system, ({ db }) => db.selectFrom("events").select(["payload"]).where("type", "=", type).orderBy("seq").execute());
const setRevenue = (month: string, value: number) =>
  world.withTenant(world.companyA, system, ({ db }) => db.updateTable("kpi_values").set({ value }).where("kpi_id", "=", world.kpis.revenue).where("series", "=", "actual").where("month", "=", month).execute());

async function night() {
  const next = (await nightlyRuns()).find((run) => run.state === "queued");
  assert.ok(next, "a nightly run waits");
  clock.advanceTo(next.run_after);
  await world.services.jobs.idle();
}

test("activating queues the company's nightly run; each night the KPI follows its data, an unchanged night is silent", async () => {
  const created = await world.call(world.headers.builder, "POST", "/qb/query/", { title: "Doubled revenue", kpi: world.kpis.target, sql: doubledRevenue });
  const id = created.json.query.id as number;
  assert.equal(await nightlyRuns(), [], "a draft is not calculated at night");
  const activated = await world.call(world.headers.builder, "POST", `/qb/query/${id}/activate/`);
  assert.is(activated.status, 200, activated.text);
  assert.equal((await nightlyRuns()).map((run) => [run.state, run.run_after.toISOString()]), [["queued", "2026-03-11T02:00:00.000Z"]]);
  // A second activation somewhere in the company does not queue a second run.
  await world.services.jobs.start();
  await world.services.jobs.idle();

  await setRevenue("2024-01-01", 500);
  const editsBefore = (await eventsOf("KpiValueEdited")).length;
  clock.advanceTo(new Date("2026-03-11T01:59:59.000Z"));
  await world.services.jobs.idle();
  assert.is(Number((await world.actualsOf(world.kpis.target))["2024-01-01"]), 200, "not before 02:00");
  await night();
  assert.is(Number((await world.actualsOf(world.kpis.target))["2024-01-01"]), 1000, "the KPI follows revenue");
  let runs = await nightlyRuns();
  assert.equal(runs.map((run) => [run.state, run.run_after.toISOString()]), [["succeeded", "2026-03-11T02:00:00.000Z"], ["queued", "2026-03-12T02:00:00.000Z"]]);
  assert.equal(runs[0]!.log.map((line) => line.message), ["“Doubled revenue”: 1 month changed.", "Calculated 1 of 1 active query."]);
  const edits = await eventsOf("KpiValueEdited");
  assert.is(edits.length, editsBefore + 1);
  assert.equal((edits.at(-1)!.payload as any).values, [{ kpi: world.kpis.target, date: "2024-01-01", value: 1000 }], "only what changed is written and told");
  const detail = await world.call(world.headers.builder, "GET", `/qb/query/${id}/`);
  assert.equal([detail.json.evaluatedAt, detail.json.evaluationError], ["2026-03-11T02:00:00.000Z", null]);

  await night();
  assert.is((await eventsOf("KpiValueEdited")).length, editsBefore + 1, "an unchanged night writes and tells nothing");
  assert.equal((await nightlyRuns()).at(-2)!.log.map((line) => line.message), ["“Doubled revenue”: no change.", "Calculated 1 of 1 active query."]);
});

test("the night acts as the person who last calculated the query: without their rights nothing is written and the query says why", async () => {
  const list = await world.call(world.headers.builder, "GET", "/qb/queries/");
  const id = list.json.queries.find((query: any) => query.title === "Doubled revenue").id as number;
  await world.withTenant(world.companyA, system, ({ db }) => db.deleteFrom("group_permissions").where("permission", "=", "can_build_kpis").execute());
  await setRevenue("2024-02-01", 9000);
  await night();
  assert.is(Number((await world.actualsOf(world.kpis.target))["2024-02-01"]), 400, "the KPI kept its value");
  const runs = await nightlyRuns();
  const last = runs.filter((run) => run.state !== "queued").at(-1)!;
  assert.equal([last.state, last.error], ["failed", "1 of 1 active query could not be calculated; each says why."]);
  assert.ok(last.log.some((line) => line.message === `“Doubled revenue” was not calculated: ${EVALUATOR_MAY_NOT}`));
  assert.is(runs.at(-1)!.state, "queued", "the next night still comes");
  const detail = await world.call(world.headers.granted, "GET", `/qb/query/${id}/`);
  assert.is(detail.json.evaluationError, EVALUATOR_MAY_NOT);

  // Someone who may build saves it again: it is calculated as them, and the night works again.
  const saved = await world.call(world.headers.granted, "PUT", `/qb/query/${id}/`, { title: "Doubled revenue" });
  assert.is(saved.status, 200, saved.text);
  assert.is(Number((await world.actualsOf(world.kpis.target))["2024-02-01"]), 18000);
  await setRevenue("2024-03-01", 1);
  await night();
  assert.is(Number((await world.actualsOf(world.kpis.target))["2024-03-01"]), 2);
  assert.is((await world.call(world.headers.granted, "GET", `/qb/query/${id}/`)).json.evaluationError, null);

  // Deactivated: the last night runs and queues no further one.
  await world.call(world.headers.granted, "POST", `/qb/query/${id}/deactivate/`, { values: "keep" });
  await night();
  assert.equal((await nightlyRuns()).filter((run) => run.state === "queued"), [], "no active query, no nightly run");
});

test.run();
