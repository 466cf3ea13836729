// Team analytics on a seeded set: progress against the even line, confidence, at risk, check-ins per week.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { ANALYTICS_PERIOD_TOO_LONG, PERIOD_ORDER_TEXT } from "../../../../src/contracts/okr-insights";
import { okrCompany } from "./fixture";

const URL = "/api/okrs/team-analytics/";
const close = (actual: number | null, expected: number, message: string) => assert.ok(actual !== null && Math.abs(actual - expected) < 1e-9, `${message}: ${actual} ≠ ${expected}`);

async function seeded() {
  const world = await okrCompany();
  const { objective, keyResult, checkIn, unit, employee } = world;
  const sales = await unit("Sales");
  const emea = await unit("EMEA", "team", sales);
  const finance = await unit("Finance");
  const corporate = await objective({ title: "Corporate goal" });
  const k1 = await keyResult(corporate, { title: "K1", actual: 50 });
  const k2 = await keyResult(corporate, { title: "K2", actual: 20 });
  await checkIn(k1, 8, "2026-05-12T09:00:00Z");
  await checkIn(k2, 3, "2026-04-10T09:00:00Z");
  await checkIn(k2, 6, "2026-04-20T09:00:00Z");
  const slow = await objective({ title: "Slow team goal", level: "team", categoryId: emea });
  const k3 = await keyResult(slow, { title: "K3", actual: 5 });
  await checkIn(k3, 7, "2026-05-05T09:00:00Z");
  const unsure = await objective({ title: "Unsure team goal", level: "team", categoryId: emea });
  const k4 = await keyResult(unsure, { title: "K4", actual: 60 });
  await checkIn(k4, 3, "2026-05-11T09:00:00Z");
  // Outside the quarter, and personal: neither counts.
  const old = await objective({ title: "Last quarter", level: "team", categoryId: emea, startsOn: "2026-01-01", endsOn: "2026-03-31" });
  await keyResult(old, { title: "Old", actual: 0 });
  const own = await objective({ title: "Own", level: "employee", ownerUserId: employee.id });
  await keyResult(own, { title: "Own KR", actual: 0 });
  return { ...world, sales, emea, finance, corporate, slow, unsure };
}

test("per unit for the current quarter: averages, expected line, at risk, check-ins per week, recent share", async () => {
  const { call, admin, sales, emea, finance, slow, unsure } = await seeded();
  const answer = await call(admin.headers, "GET", URL);
  assert.is(answer.status, 200);
  const body = answer.body;
  assert.equal([body.from, body.to, body.today], ["2026-04-01", "2026-06-30", "2026-05-13"]);
  assert.equal(body.teams.map((team: any) => [team.name, team.kind, team.unitId]), [["Corporate", "corporate", null], ["Finance", "department", finance], ["Sales", "department", sales], ["EMEA", "team", emea]]);
  const [corporate, financeRow, , emeaRow] = body.teams;
  const expected = (42 / 91) * 100;
  assert.equal([corporate.objectives, corporate.keyResults, corporate.atRisk, corporate.checkIns, corporate.recentCheckInShare], [1, 2, 0, 3, 0.5]);
  close(corporate.averageProgress, 35, "corporate progress");
  close(corporate.expectedProgress, expected, "corporate expected");
  close(corporate.averageConfidence, 7, "the latest confidence of each KR (8 and 6)");
  assert.equal(corporate.weeks, [
    { weekStart: "2026-03-30", checkIns: 0 },
    { weekStart: "2026-04-06", checkIns: 1 },
    { weekStart: "2026-04-13", checkIns: 0 },
    { weekStart: "2026-04-20", checkIns: 1 },
    { weekStart: "2026-04-27", checkIns: 0 },
    { weekStart: "2026-05-04", checkIns: 0 },
    { weekStart: "2026-05-11", checkIns: 1 },
  ]);
  assert.equal([emeaRow.objectives, emeaRow.atRisk, emeaRow.checkIns, emeaRow.recentCheckInShare], [2, 2, 2, 1]);
  close(emeaRow.averageProgress, 32.5, "EMEA progress");
  close(emeaRow.averageConfidence, 5, "EMEA confidence");
  assert.equal([financeRow.objectives, financeRow.averageProgress, financeRow.averageConfidence, financeRow.recentCheckInShare], [0, null, null, null]);
  assert.equal([body.total.objectives, body.total.atRisk, body.total.checkIns], [3, 2, 5]);
  close(body.total.averageProgress, 100 / 3, "total progress");
  close(body.total.averageConfidence, 6, "total confidence");
  assert.equal(
    body.atRisk.map((entry: any) => [entry.id, entry.title, entry.unitName, entry.reasons, entry.lowestConfidence]),
    [
      [slow, "Slow team goal", "EMEA", ["behind"], 7],
      [unsure, "Unsure team goal", "EMEA", ["low_confidence"], 3],
    ],
  );
});

test("another period: the objectives overlapping it, weeks up to its end", async () => {
  const { call, admin } = await seeded();
  const { body } = await call(admin.headers, "GET", `${URL}?from=2026-01-01&to=2026-03-31`);
  const emea = body.teams.find((team: any) => team.name === "EMEA");
  assert.equal([emea.objectives, emea.atRisk, emea.checkIns, emea.weeks.length], [1, 1, 0, 14]);
  assert.equal(body.atRisk.map((entry: any) => entry.title), ["Last quarter"], "ended at 0 %: behind");
  const onlyFrom = await call(admin.headers, "GET", `${URL}?from=2026-07-01`);
  assert.equal([onlyFrom.body.from, onlyFrom.body.to], ["2026-07-01", "2026-09-30"]);
});

test("levels: corporate only for readers of corporate OKRs; read_team_okrs needed; bad periods refused", async () => {
  const { call, employee, personal, stranger, admin } = await seeded();
  const mine = await call(employee.headers, "GET", URL);
  assert.equal(mine.body.teams.map((team: any) => team.name), ["Finance", "Sales", "EMEA"]);
  assert.is(mine.body.total.objectives, 2);
  assert.is((await call(personal.headers, "GET", URL)).status, 403);
  const theirs = await call(stranger.headers, "GET", URL);
  assert.equal([theirs.status, theirs.body.teams.map((team: any) => team.name), theirs.body.total.objectives, theirs.body.atRisk], [200, ["Corporate"], 0, []]);
  assert.equal((await call(admin.headers, "GET", `${URL}?from=2026-05-01&to=2026-04-01`)).body, { to: [PERIOD_ORDER_TEXT] });
  assert.equal((await call(admin.headers, "GET", `${URL}?from=2024-01-01&to=2026-12-31`)).body, { to: [ANALYTICS_PERIOD_TOO_LONG] });
  assert.is((await call(admin.headers, "GET", `${URL}?from=soon`)).status, 400);
});

test.run();
