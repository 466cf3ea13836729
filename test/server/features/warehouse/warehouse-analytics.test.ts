import { test } from "uvu";
import * as assert from "uvu/assert";
import { warehouseCompany } from "./warehouse-fixture";

const Q1 = "from=2025-01-01&to=2025-03-01";

/** Another company's raw data: large numbers in the same months, which no answer may count. */
async function withNeighbour() {
  const company = await warehouseCompany();
  await warehouseCompany({
    employees: ["Employee ID,Name,Department,Hired", "X1,Xena Other,Sales,2020-01-01", "X2,Xavier Other,Sales,2020-01-01"],
    products: ["Product ID,Name,Category,Price,Unit cost", "SUB,Other core,Subscription,999999,1"],
    "sales-targets": ["Month,Target", "2025-01,9000000"],
    deals: [
      "Deal ID,Name,Stage,Amount,Cost,Recurring months,Created,MQL date,SQL date,Closed,Expected close,Owner ID,Product ID",
      "D1,Other won,Won,1000000,10,24,2025-01-02,2025-01-03,2025-01-04,2025-01-20,,X1,SUB",
      "D7,Other open,Negotiation,2000000,,,2025-02-02,2025-02-03,2025-02-04,,2199-01-01,X1,SUB",
      "D8,Other lost,Lost,3000000,,,2025-03-02,2025-03-03,,2025-03-20,,X2,SUB",
    ],
  });
  return company;
}

test("deal size: the won deals of the period, only the company's own", async () => {
  const { get } = await withNeighbour();
  const answer = await get(`/sales/deal-size/?${Q1}`);
  assert.is(answer.statusCode, 200, answer.body);
  const body = answer.json();
  assert.equal([body.count, body.total, body.average, body.median, body.largest], [2, 17_000, 8_500, 8_500, 12_000]);
  assert.equal(body.months, [
    { month: "2025-01-01", count: 1, total: 12_000, average: 12_000 },
    { month: "2025-02-01", count: 1, total: 5_000, average: 5_000 },
    { month: "2025-03-01", count: 0, total: 0, average: null },
  ]);
  assert.is(body.buckets.reduce((total: number, bucket: { count: number }) => total + bucket.count, 0), 2);
});

test("stages and stage percentages of the deals that came in during the period", async () => {
  const { get } = await withNeighbour();
  const stages = (await get(`/sales/stages/?${Q1}`)).json();
  assert.equal([stages.count, stages.amount], [5, 34_000], "D6 has no stage: left out");
  assert.equal(stages.stages.map((row: { stage: string; count: number; amount: number }) => [row.stage, row.count, row.amount]), [
    ["lead", 1, 3_000],
    ["mql", 0, 0],
    ["sql", 0, 0],
    ["proposal", 1, 6_000],
    ["negotiation", 0, 0],
    ["won", 2, 17_000],
    ["lost", 1, 8_000],
  ]);
  const percentages = (await get(`/sales/stage-percentages/?${Q1}`)).json();
  assert.equal([percentages.count, percentages.won, percentages.lost, percentages.open, percentages.winRate], [5, 2, 1, 2, 66.7]);
  assert.equal(percentages.stages.map((row: { reached: number; percentOfLeads: number; percentOfPrevious: number | null }) => [row.reached, row.percentOfLeads, row.percentOfPrevious]), [
    [5, 100, null],
    [4, 80, 80],
    [4, 80, 100],
    [3, 60, 75],
    [2, 40, 66.7],
    [2, 40, 100],
  ]);
});

test("sales target: won against target, cumulated", async () => {
  const { get } = await withNeighbour();
  const body = (await get(`/sales/sales-target/?${Q1}`)).json();
  assert.equal([body.won, body.target, body.attainment], [17_000, 40_000, 42.5]);
  assert.equal(body.months.map((month: { won: number; target: number; attainment: number }) => [month.won, month.target, month.attainment]), [
    [12_000, 10_000, 120],
    [5_000, 10_000, 85],
    [0, 20_000, 42.5],
  ]);
});

test("the pipeline of a past day from the stage dates, and of today", async () => {
  const { get } = await withNeighbour();
  const past = (await get("/sales/pipeline/?date=2025-02-12")).json();
  assert.equal([past.date, past.count, past.amount, past.weighted], ["2025-02-12", 3, 19_000, 5_100]);
  assert.equal(past.stages.map((row: { stage: string; amount: number }) => [row.stage, row.amount]), [
    ["lead", 0],
    ["mql", 6_000],
    ["sql", 8_000],
    ["proposal", 5_000],
    ["negotiation", 0],
  ]);
  assert.equal(past.closeMonths.map((bucket: { label: string; amount: number }) => [bucket.label, bucket.amount]), [
    ["Feb 2025", 0],
    ["Mar 2025", 0],
    ["Apr 2025", 0],
    ["May 2025", 0],
    ["Jun 2025", 0],
    ["Jul 2025", 0],
    ["Later", 6_000],
    ["No close date", 13_000],
  ]);
  const now = (await get("/sales/pipeline/")).json();
  assert.equal([now.count, now.amount, now.weighted], [2, 9_000, 3_150]);
});

test("list views: financial and employee count by month; every variant answers its columns", async () => {
  const { get } = await withNeighbour();
  const financial = (await get(`/list-views/financial/?${Q1}`)).json();
  const keys = ["wonDeals", "bookings", "recurring", "oneOff", "cost", "grossProfit", "grossMargin", "averageDeal", "newPipeline"];
  assert.equal(financial.rows.map((row: { cells: Record<string, unknown> }) => keys.map((key) => row.cells[key])), [
    [1, 12_000, 12_000, 0, 2_400, 9_600, 80, 12_000, 17_000],
    [1, 5_000, 0, 5_000, 3_000, 2_000, 40, 5_000, 14_000],
    [0, 0, 0, 0, 0, 0, null, null, 3_000],
  ]);
  const people = (await get(`/list-views/employee-count/?${Q1}`)).json();
  assert.equal(people.rows.map((row: { cells: Record<string, unknown> }) => ["headcount", "fte", "hires", "leavers", "attrition"].map((key) => row.cells[key])), [
    [2, 2, 0, 1, 50],
    [2, 1.5, 1, 0, 0],
    [2, 1.5, 0, 0, 0],
  ]);
  const projects = (await get(`/list-views/project-profitability/?${Q1}`)).json();
  assert.equal(projects.rows.map((row: { cells: Record<string, unknown> }) => [row.cells["project"], row.cells["owner"], row.cells["product"], row.cells["profit"]]), [
    ["Acme core", "Ann Archer", "Core", 9_600],
    ["Bolt setup", "Ben Baker", "Setup", 2_000],
  ]);
  const mrr = (await get(`/list-views/recurring-revenue/?${Q1}`)).json();
  assert.equal(mrr.rows.map((row: { cells: Record<string, unknown> }) => row.cells["mrr"]), [1_000, 1_000, 1_000]);
  const products = (await get(`/list-views/product-management/?${Q1}`)).json();
  assert.equal(products.rows.map((row: { cells: Record<string, unknown> }) => [row.cells["product"], row.cells["wonRevenue"], row.cells["winRate"], row.cells["openPipeline"]]), [
    ["Setup", 5_000, 50, 3_000],
    ["Core", 12_000, 100, 6_000],
  ]);
  const funnel = (await get(`/list-views/mql-sql/?${Q1}`)).json();
  assert.equal(funnel.rows.map((row: { cells: Record<string, unknown> }) => [row.cells["leads"], row.cells["mqls"], row.cells["sqls"]]), [
    [2, 2, 2],
    [2, 2, 2],
    [1, 0, 0],
  ]);
});

test("data issues: every rule broken, per kind, and what the metrics leave out", async () => {
  const { get } = await withNeighbour();
  const body = (await get("/data-issues/")).json();
  assert.equal(body.issues, [
    { kind: "deals", key: "D6", rule: "missing-stage", field: "Stage", message: "The deal has no stage.", excluded: true },
    { kind: "deals", key: "D6", rule: "unknown-owner", field: "Owner ID", message: 'No employee has the ID "E9".', excluded: false },
  ]);
  assert.equal(body.kinds[0], { kind: "deals", rows: 6, issues: 2, excludedRows: 1 });
  assert.is(body.more, 0);
  assert.equal((await get("/data-issues/?kind=employees")).json().issues, []);
});

test("a period that ends before it starts, or is too long, is a 400 with the field", async () => {
  const { get } = await warehouseCompany({});
  assert.equal((await get("/sales/deal-size/?from=2025-03-01&to=2025-01-01")).json(), { to: ["The period must not end before it starts."] });
  assert.equal((await get("/list-views/financial/?from=2000-01-01&to=2025-01-01")).json(), { to: ["The period may cover at most 120 months."] });
  assert.is((await get("/list-views/unknown/?from=2025-01-01&to=2025-01-01")).statusCode, 400);
  const empty = (await get(`/sales/stage-percentages/?${Q1}`)).json();
  assert.equal([empty.count, empty.winRate], [0, null], "no data: no percentages");
});

test("analytics need deep-drill access; the raw data screen also opens to uploaders", async () => {
  const { get, tokenOf } = await warehouseCompany({});
  const employee = await tokenOf(["access_my_dashboard", "read_sensitive"], "Employee");
  assert.is((await get(`/sales/deal-size/?${Q1}`, employee.headers)).statusCode, 403);
  assert.is((await get("/raw-data/", employee.headers)).statusCode, 403);
  const uploader = await tokenOf(["upload_download_excel_data"], "Uploader");
  assert.is((await get("/raw-data/", uploader.headers)).statusCode, 200);
  assert.is((await get("/snapshots/", uploader.headers)).statusCode, 403);
  const driller = await tokenOf(["access_deep_drills"], "Driller");
  assert.is((await get(`/list-views/financial/?${Q1}`, driller.headers)).statusCode, 200);
});

test.run();
