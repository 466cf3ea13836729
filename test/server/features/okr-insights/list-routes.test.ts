// The OKR list view: rows per key result under its objective, KPI-fed figures, filters, levels,
// and each person's columns.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { COLUMNS_DUPLICATE, COLUMNS_EMPTY, DEFAULT_LIST_COLUMNS, PERIOD_ORDER_TEXT } from "../../../../src/contracts/okr-insights";
import { okrCompany } from "./fixture";

const LIST = "/api/okrs/list/";
const COLUMNS = "/api/okrs/list/columns/";

async function seeded() {
  const world = await okrCompany();
  const { admin, employee, objective, keyResult, checkIn, unit, status, kpi } = world;
  const onTrack = await status("On track", "#2f855a");
  const behind = await status("Behind", "#c53030");
  const sales = await unit("Sales");
  const revenue = await kpi("Revenue", "cum", { "2026-03-01": 999, "2026-04-01": 30, "2026-05-01": 45, "2026-06-01": 1000 });
  const grow = await objective({ title: "Grow", statusId: onTrack, responsibleIds: [admin.id], position: 0 });
  const fed = await keyResult(grow, { title: "Revenue to 300", start: 0, target: 300, kpiId: revenue, responsibleUserId: employee.id, position: 0 });
  const manual = await keyResult(grow, { title: "Churn down to 2", direction: "decreasing", start: 10, target: 2, actual: 6, statusId: behind, position: 1 });
  await checkIn(manual, 9, "2026-05-01T10:00:00Z");
  await checkIn(manual, 4, "2026-05-10T10:00:00Z");
  const team = await objective({ title: "Sales playbook", level: "team", categoryId: sales, responsibleIds: [employee.id] });
  const later = await objective({ title: "Next year", startsOn: "2027-01-01", endsOn: "2027-03-31" });
  const own = await objective({ title: "Learn SQL", level: "employee", ownerUserId: employee.id });
  await keyResult(own, { title: "Course done", direction: "binary", start: 0, target: 1, actual: 1 });
  return { ...world, onTrack, behind, sales, revenue, grow, fed, manual, team, later, own };
}

test("a row per key result under its objective, an objective without key results as a row; figures from the OKR rules", async () => {
  const { call, admin, employee, grow, fed, manual, team, own, revenue, onTrack, behind, sales } = await seeded();
  const answer = await call(admin.headers, "GET", LIST);
  assert.is(answer.status, 200);
  const rows = answer.body.rows;
  assert.equal(rows.map((row: any) => [row.objectiveTitle, row.keyResult?.title ?? null]), [
    ["Grow", "Revenue to 300"],
    ["Grow", "Churn down to 2"],
    ["Next year", null],
    ["Sales playbook", null],
    ["Learn SQL", "Course done"],
  ]);
  const [revenueRow, churnRow, , teamRow, ownRow] = rows;
  // KPI-fed (cumulative): April and May add up; March is before the period, June after this month.
  assert.equal(revenueRow.keyResult, { id: fed, title: "Revenue to 300", direction: "increasing", unit: "", start: 0, target: 300, actual: 75, progress: 25, kpi: { id: revenue, name: "Revenue", unit: "number" }, kpiFed: true, confidence: null });
  assert.equal(revenueRow.status, { id: onTrack, name: "On track", color: "#2f855a", position: 0 }, "the objective's status when the key result has none");
  assert.equal(revenueRow.responsible, [{ id: employee.id, name: "Emil Employee" }]);
  assert.equal([churnRow.keyResult.id, churnRow.keyResult.actual, churnRow.keyResult.progress, churnRow.keyResult.confidence], [manual, 6, 50, 4], "decreasing 10 → 2 at 6 is half way; the latest confidence");
  assert.is(churnRow.status.id, behind);
  assert.equal(churnRow.responsible, [{ id: admin.id, name: "Ada Admin" }], "no responsible of its own: the objective's");
  assert.is(churnRow.updatedAt, "2026-05-10T10:00:00.000Z", "a check-in updates the row");
  assert.is(revenueRow.objectiveProgress, 37.5);
  assert.equal([teamRow.objectiveId, teamRow.level, teamRow.unit, teamRow.keyResult, teamRow.objectiveProgress], [team, "team", { id: sales, name: "Sales" }, null, null]);
  assert.equal([ownRow.objectiveId, ownRow.owner, ownRow.keyResult.progress], [own, { id: employee.id, name: "Emil Employee" }, 100]);
  assert.equal(answer.body.units, [{ id: sales, name: "Sales" }]);
  assert.equal(answer.body.statuses.map((status: { name: string }) => status.name), ["On track", "Behind"]);
  assert.equal(answer.body.people.map((person: { name: string }) => person.name), ["Ada Admin", "Emil Employee"]);
  assert.is(rows[0].objectiveId, grow);
});

test("filters: level, unit, period (overlapping), status, responsible person; a period ending before it starts is refused", async () => {
  const { call, admin, employee, sales, behind, onTrack } = await seeded();
  const titles = async (query: string) => (await call(admin.headers, "GET", `${LIST}${query}`)).body.rows.map((row: any) => row.keyResult?.title ?? row.objectiveTitle);
  assert.equal(await titles("?level=team"), ["Sales playbook"]);
  assert.equal(await titles(`?unitId=${sales}`), ["Sales playbook"]);
  assert.equal(await titles("?from=2026-07-01"), ["Next year"]);
  assert.equal(await titles("?from=2026-06-30&to=2026-12-31"), ["Revenue to 300", "Churn down to 2", "Sales playbook", "Course done"]);
  assert.equal(await titles(`?statusId=${behind}`), ["Churn down to 2"]);
  assert.equal(await titles(`?statusId=${onTrack}`), ["Revenue to 300"]);
  assert.equal(await titles(`?responsibleId=${employee.id}`), ["Revenue to 300", "Sales playbook"]);
  assert.equal((await call(admin.headers, "GET", `${LIST}?from=2026-05-01&to=2026-04-01`)).body, { to: [PERIOD_ORDER_TEXT] });
  for (const query of ["level=board", "unitId=0", "from=2026-13-01", "statusId=x", "responsibleId=-3"]) assert.is((await call(admin.headers, "GET", `${LIST}?${query}`)).status, 400, query);
});

test("levels: an employee without read_corporate_okrs sees no corporate rows; a KPI they may not read is not named", async () => {
  const world = await seeded();
  const { call, employee, personal, db, revenue, stranger } = world;
  assert.equal((await call(employee.headers, "GET", LIST)).body.rows.map((row: any) => row.objectiveTitle), ["Sales playbook", "Learn SQL"]);
  assert.equal((await call(personal.headers, "GET", LIST)).body.rows.map((row: any) => row.objectiveTitle), ["Learn SQL"]);
  assert.equal((await call(stranger.headers, "GET", LIST)).body.rows, []);
  await db((db) => db.updateTable("kpis").set({ sensitivity: 2 }).where("id", "=", revenue).execute());
  const admin = (await call(world.admin.headers, "GET", LIST)).body.rows[0];
  assert.equal([admin.keyResult.kpi, admin.keyResult.kpiFed, admin.keyResult.actual, admin.keyResult.progress], [null, true, null, null], "linked, but neither the KPI nor its value is given to a reader of lower sensitivity (as the objective API answers)");
});

test("columns: the defaults, saved per person with their order, back to the defaults with null; bad choices refused", async () => {
  const { call, admin, employee } = await okrCompany();
  assert.equal((await call(admin.headers, "GET", COLUMNS)).body, { columns: [...DEFAULT_LIST_COLUMNS], isDefault: true });
  const saved = await call(admin.headers, "PUT", COLUMNS, { columns: ["progress", "name", "confidence", "link"] });
  assert.equal([saved.status, saved.body], [200, { columns: ["progress", "name", "confidence", "link"], isDefault: false }]);
  assert.equal((await call(admin.headers, "GET", COLUMNS)).body.columns, ["progress", "name", "confidence", "link"]);
  assert.equal((await call(employee.headers, "GET", COLUMNS)).body.isDefault, true, "another person's choice is theirs");
  await call(admin.headers, "PUT", COLUMNS, { columns: ["status"] });
  assert.equal((await call(admin.headers, "GET", COLUMNS)).body.columns, ["status"], "saving again replaces");
  assert.equal((await call(admin.headers, "PUT", COLUMNS, { columns: ["name", "name"] })).body, { columns: [COLUMNS_DUPLICATE] });
  assert.equal((await call(admin.headers, "PUT", COLUMNS, { columns: [] })).body, { columns: [COLUMNS_EMPTY] });
  assert.is((await call(admin.headers, "PUT", COLUMNS, { columns: ["name", "salary"] })).status, 400);
  assert.is((await call(admin.headers, "PUT", COLUMNS, {})).status, 400);
  assert.equal((await call(admin.headers, "GET", COLUMNS)).body.columns, ["status"], "a refused choice changes nothing");
  assert.equal((await call(admin.headers, "PUT", COLUMNS, { columns: null })).body, { columns: [...DEFAULT_LIST_COLUMNS], isDefault: true });
});

test.run();
