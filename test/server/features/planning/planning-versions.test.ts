import { test } from "uvu";
import * as assert from "uvu/assert";
import { reportingCompany, system } from "../kpis/reporting-fixture";

const PLANNER = ["write_most_sensitive", "read_most_sensitive", "access_financial_planning"];
const planOf = (answer: { body: { kpis: { id: number; values: { planningValue: number | null }[] }[] } }, id: number) =>
  answer.body.kpis.find((kpi) => kpi.id === id)!.values.map((month) => month.planningValue);

test("a planning version keeps the fiscal year's working plan as it was; the values call reads it, calculated KPIs too", async () => {
  const { ids, userWith, call, events, tenantId, withTenant } = await reportingCompany();
  const planner = await userWith(PLANNER);
  const saved = await call(planner.headers, "POST", "/api/planning/versions/", { name: "  Budget 2026  ", fiscalYear: 2026 });
  assert.is(saved.status, 201);
  assert.equal({ ...saved.body, id: 0, createdAt: "" }, { id: 0, name: "Budget 2026", fiscalYear: 2026, firstMonth: "2026-04-01", valueCount: 12, createdAt: "", createdBy: saved.body.createdBy });
  assert.ok(saved.body.createdBy, "names who kept it");
  // The working plan changes after the version was kept …
  assert.is((await call(planner.headers, "POST", "/api/kpis/planning-values/", { values: [{ kpi: ids.revenue, date: "2026-04-01", value: 999 }, { kpi: ids.revenue, date: "2026-05-01", value: "-" }] })).status, 200);
  const range = { startDate: "2026-04-01", date: "2026-07-01", idList: [ids.revenue, ids.grossProfit] };
  const working = await call(planner.headers, "POST", "/api/kpis/values/", { ...range, includePlanning: true });
  assert.equal(planOf(working, ids.revenue), [999, null, 150, 150]);
  // … the version does not.
  const version = await call(planner.headers, "POST", "/api/kpis/values/", { ...range, planningVersion: saved.body.id });
  assert.is(version.status, 200);
  assert.equal(planOf(version, ids.revenue), [150, 150, 150, 150]);
  assert.equal(planOf(version, ids.grossProfit), [100, 100, 100, 100], "gross profit made from the version's revenue and cogs");
  assert.equal(version.body.kpis[0].values[0].value, 100, "actuals as ever");

  const list = await call(planner.headers, "GET", "/api/planning/versions/");
  assert.equal(list.body.versions.map((item: { name: string }) => item.name), ["Budget 2026"]);
  assert.equal((await events("PlanningVersionSaved")).map((event) => ({ ...(event.payload as object), versionId: 0 })), [{ versionId: 0, name: "Budget 2026", fiscalYear: 2026, valueCount: 12, by: planner.id }]);

  const stored = await withTenant(tenantId, system, ({ db }) => db.selectFrom("planning_version_values").select(({ fn }) => fn.countAll<string>().as("count")).executeTakeFirstOrThrow());
  assert.is(Number(stored.count), 12);
  assert.is((await call(planner.headers, "DELETE", `/api/planning/versions/${saved.body.id}/`)).status, 204);
  assert.equal((await call(planner.headers, "GET", "/api/planning/versions/")).body.versions, []);
  assert.equal((await events("PlanningVersionDeleted")).map((event) => event.payload), [{ versionId: saved.body.id, name: "Budget 2026", by: planner.id }]);
  const after = await withTenant(tenantId, system, ({ db }) => db.selectFrom("planning_version_values").select(({ fn }) => fn.countAll<string>().as("count")).executeTakeFirstOrThrow());
  assert.is(Number(after.count), 0, "its values went with it");
  assert.is((await call(planner.headers, "POST", "/api/kpis/values/", { ...range, planningVersion: saved.body.id })).status, 404, "a deleted version is unknown");
  assert.is((await call(planner.headers, "DELETE", `/api/planning/versions/${saved.body.id}/`)).status, 404);
});

test("version names: unique per company whatever their case, not blank, at most 100 characters; a year without plan is refused", async () => {
  const { userWith, call, events } = await reportingCompany();
  const planner = await userWith(PLANNER);
  const keep = (body: unknown) => call(planner.headers, "POST", "/api/planning/versions/", body);
  assert.is((await keep({ name: "Budget", fiscalYear: 2026 })).status, 201);
  assert.equal(await keep({ name: "budget ", fiscalYear: 2026 }), { status: 400, body: { name: ["A planning version with this name already exists."] } });
  assert.equal(await keep({ name: "   ", fiscalYear: 2026 }), { status: 400, body: { name: ["Enter a name for the version."] } });
  assert.equal(await keep({ name: "x".repeat(101), fiscalYear: 2026 }), { status: 400, body: { name: ["Use at most 100 characters."] } });
  assert.equal(await keep({ name: "Old", fiscalYear: 2019 }), { status: 400, body: { fiscalYear: ["This fiscal year has no planning values to keep yet."] } });
  assert.equal(await keep({ name: "Far", fiscalYear: 3000 }), { status: 400, body: { fiscalYear: ["Choose a fiscal year from 1900 to 2200."] } });
  assert.is((await events("PlanningVersionSaved")).length, 1, "refusals write nothing");
  const other = await reportingCompany();
  const theirs = await other.userWith(PLANNER);
  assert.is((await other.call(theirs.headers, "POST", "/api/planning/versions/", { name: "Budget", fiscalYear: 2026 })).status, 201, "another company may use the same name");
});

test("versions: keeping and deleting is planning, listing is reporting; values of a version follow each KPI's sensitivity; other companies' versions are unknown", async () => {
  const { ids, userWith, call } = await reportingCompany();
  const planner = await userWith(PLANNER);
  const version = (await call(planner.headers, "POST", "/api/planning/versions/", { name: "Budget", fiscalYear: 2026 })).body;
  const reader = await userWith(["read_sensitive"]);
  assert.equal((await call(reader.headers, "GET", "/api/planning/versions/")).body.versions.map((item: { id: number }) => item.id), [version.id]);
  assert.equal(await call(reader.headers, "POST", "/api/planning/versions/", { name: "Mine", fiscalYear: 2026 }), { status: 403, body: { detail: "You don't have permission to change planning values." } });
  assert.is((await call(reader.headers, "DELETE", `/api/planning/versions/${version.id}/`)).status, 403);
  const nobody = await userWith([]);
  assert.is((await call(nobody.headers, "GET", "/api/planning/versions/")).status, 403);
  const operational = await userWith(["read_non_sensitive", "access_operational_planning"]);
  assert.is((await call(operational.headers, "POST", "/api/planning/versions/", { name: "Ops", fiscalYear: 2026 })).status, 201, "either planning permission");

  const values = await call(reader.headers, "POST", "/api/kpis/values/", { startDate: "2026-04-01", date: "2026-04-01", planningVersion: version.id });
  assert.equal(values.body.kpis.map((kpi: { id: number }) => kpi.id).sort(), [ids.revenue, ids.customers].sort(), "a level-1 reader sees no cogs, gross profit or cash from a version either");

  const other = await reportingCompany();
  const outsider = await other.userWith([...PLANNER, "read_super_sensitive"], { isStaff: true });
  assert.is((await other.call(outsider.headers, "DELETE", `/api/planning/versions/${version.id}/`)).status, 404);
  assert.is((await other.call(outsider.headers, "POST", "/api/kpis/values/", { startDate: "2026-04-01", date: "2026-04-01", planningVersion: version.id })).status, 404);
  assert.equal((await other.call(outsider.headers, "GET", "/api/planning/versions/")).body.versions, []);
  assert.is((await call(planner.headers, "GET", "/api/planning/versions/")).body.versions.length, 2, "still there");
});

test("planning values: a full year of many KPIs saves in one request, all or nothing", async () => {
  const { ids, userWith, call, events } = await reportingCompany();
  const planner = await userWith(PLANNER);
  const months = Array.from({ length: 12 }, (_, index) => `${2027 + Math.floor((3 + index) / 12)}-${String(((3 + index) % 12) + 1).padStart(2, "0")}-01`);
  const year = [ids.revenue, ids.cogs].flatMap((kpi) => months.map((date, index) => ({ kpi, date, value: index * 10 })));
  const many = Array.from({ length: 100 }, () => year).flat();
  assert.is(many.length, 2400);
  assert.is((await call(planner.headers, "POST", "/api/kpis/planning-values/", { values: many })).status, 200, "2,400 values in one request");
  const refused = await call(planner.headers, "POST", "/api/kpis/planning-values/", { values: [...year.map((item) => ({ ...item, value: 1 })), { kpi: ids.grossProfit, date: "2027-04-01", value: 1 }] });
  assert.is(refused.status, 400);
  const answer = await call(planner.headers, "POST", "/api/kpis/values/", { startDate: "2027-04-01", date: "2027-05-01", includePlanning: true, idList: [ids.revenue] });
  assert.equal(planOf(answer, ids.revenue), [0, 10], "nothing of the refused request was written");
  assert.is((await events("PlanningValueEdited")).length, 1);
  assert.equal((await call(planner.headers, "POST", "/api/kpis/planning-values/", { values: Array.from({ length: 5001 }, () => year[0]) })).body, { values: ["Send at most 5000 values at once."] });
});

test.run();
