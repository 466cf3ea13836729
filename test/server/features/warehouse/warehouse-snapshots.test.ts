import { test } from "uvu";
import * as assert from "uvu/assert";
import { warehouseCompany } from "./warehouse-fixture";

test("a snapshot keeps a day's pipeline; compared with now it tells what became of each deal", async () => {
  const { app, admin, get, upload } = await warehouseCompany();
  const taken = await app.inject({ method: "POST", url: "/warehouse-api/snapshots/", headers: admin.headers, payload: { name: "Mid February", date: "2025-02-12" } });
  assert.is(taken.statusCode, 201, taken.body);
  const snapshot = taken.json();
  assert.equal([snapshot.name, snapshot.asOf, snapshot.count, snapshot.amount, snapshot.weighted, snapshot.takenBy], ["Mid February", "2025-02-12", 3, 19_000, 5_100, snapshot.takenBy]);

  // A later upload changes D4's amount and drops D3: the snapshot still holds them as they were.
  const changed = [
    "Deal ID,Name,Stage,Amount,Created,MQL date,SQL date,Proposal date,Closed,Expected close",
    "D2,Bolt setup,Won,5000,2025-01-10,2025-01-12,2025-01-20,2025-02-01,2025-02-15,",
    "D4,Delta core,Proposal,6500,2025-02-10,2025-02-11,2025-02-15,2025-03-01,,2199-01-15",
    "D5,Echo lead,Lead,3000,2025-03-01,,,,,",
  ];
  assert.is((await upload("deals", changed.join("\n"))).statusCode, 201);
  const comparison = (await get(`/snapshots/${snapshot.id}/`)).json();
  assert.equal(comparison.deals.map((deal: { key: string; outcome: string; thenStage: string | null; nowStage: string | null; thenAmount: number | null; nowAmount: number | null }) => [deal.key, deal.outcome, deal.thenStage, deal.nowStage, deal.thenAmount, deal.nowAmount]), [
    ["D2", "won", "proposal", "won", 5_000, 5_000],
    ["D3", "removed", "sql", null, 8_000, null],
    ["D4", "advanced", "mql", "proposal", 6_000, 6_500],
    ["D5", "new", null, "lead", null, 3_000],
  ]);
  assert.equal(comparison.stages.map((row: { stage: string; thenAmount: number; nowAmount: number }) => [row.stage, row.thenAmount, row.nowAmount]), [
    ["lead", 0, 3_000],
    ["mql", 6_000, 0],
    ["sql", 8_000, 0],
    ["proposal", 5_000, 6_500],
    ["negotiation", 0, 0],
  ]);
  const list = (await get("/snapshots/")).json();
  assert.equal(list.map((item: { name: string; amount: number }) => [item.name, item.amount]), [["Mid February", 19_000]]);
});

test("a snapshot's name is unique, its day is not in the future; deleting one keeps the others", async () => {
  const { app, admin, get } = await warehouseCompany();
  const take = (payload: Record<string, unknown>) => app.inject({ method: "POST", url: "/warehouse-api/snapshots/", headers: admin.headers, payload });
  const first = (await take({ name: "Today" })).json();
  assert.is(first.asOf, new Date().toISOString().slice(0, 10), "today when no date is given");
  assert.equal((await take({ name: "Today", date: "2025-01-01" })).json(), { name: ["A snapshot with this name already exists."] });
  assert.equal((await take({ name: "Tomorrow", date: "2199-01-01" })).json(), { date: ["A snapshot keeps a pipeline that was: choose today or an earlier day."] });
  assert.is((await take({ name: "   " })).statusCode, 400);
  const second = (await take({ name: "January", date: "2025-01-31" })).json();
  assert.is((await app.inject({ method: "DELETE", url: `/warehouse-api/snapshots/${first.id}/`, headers: admin.headers })).statusCode, 204);
  assert.is((await app.inject({ method: "DELETE", url: `/warehouse-api/snapshots/${first.id}/`, headers: admin.headers })).statusCode, 404);
  assert.equal((await get("/snapshots/")).json().map((item: { id: number }) => item.id), [second.id]);
});

test("another company's snapshot is not found, not compared and not deleted", async () => {
  const owner = await warehouseCompany();
  const other = await warehouseCompany({});
  const snapshot = (await owner.app.inject({ method: "POST", url: "/warehouse-api/snapshots/", headers: owner.admin.headers, payload: { name: "Owner's" } })).json();
  assert.is((await other.get(`/snapshots/${snapshot.id}/`)).statusCode, 404);
  assert.is((await other.app.inject({ method: "DELETE", url: `/warehouse-api/snapshots/${snapshot.id}/`, headers: other.admin.headers })).statusCode, 404);
  assert.equal((await other.get("/snapshots/")).json(), []);
  assert.is((await owner.get(`/snapshots/${snapshot.id}/`)).statusCode, 200, "still there for its owner");
});

test.run();
