import { test } from "uvu";
import * as assert from "uvu/assert";
import { monthIndexOf } from "../../../src/domain/months";
import { listView, type ListView } from "../../../src/domain/warehouse/list-views";
import type { WarehouseData } from "../../../src/domain/warehouse/records";
import { deal, employee, product } from "./fixtures";

const JAN = monthIndexOf("2026-01-01");
const MAR = monthIndexOf("2026-03-01");
const TODAY = "2026-03-20";

const data: WarehouseData = {
  deals: [
    deal("S1", { stage: "won", amount: 12_000, cost: 2_000, recurringMonths: 12, closedOn: "2026-01-15", productKey: "SUB", ownerKey: "E1", name: "Acme subscription", customer: "Acme", mqlOn: "2026-01-11", sqlOn: "2026-01-12" }),
    deal("S2", { stage: "won", amount: 6_000, cost: 600, recurringMonths: 3, closedOn: "2026-02-01", productKey: "SUB", createdOn: "2026-01-20", mqlOn: "2026-01-25" }),
    deal("P1", { stage: "won", amount: 5_000, cost: 4_000, closedOn: "2026-02-20", productKey: "SRV", ownerKey: "E2", createdOn: "2026-02-01", mqlOn: "2026-02-03", sqlOn: "2026-02-05" }),
    deal("L1", { stage: "lost", amount: 9_000, closedOn: "2026-02-25", productKey: "SRV", createdOn: "2026-02-02", mqlOn: "2026-02-04", sqlOn: "2026-02-06" }),
    deal("O1", { stage: "proposal", amount: 7_000, productKey: "SRV", createdOn: "2026-03-01" }),
    deal("X1", { stage: "won", amount: 1_000, closedOn: "2026-03-05", productKey: "OLD", createdOn: "2026-03-02" }),
  ],
  employees: [
    employee("E1", { department: "Sales", hiredOn: "2025-06-01" }),
    employee("E2", { department: "Sales", hiredOn: "2026-02-10", fte: 0.5 }),
    employee("E3", { department: "Engineering", hiredOn: "2025-01-01", leftOn: "2026-01-31" }),
    employee("E4", { department: "Engineering", hiredOn: "2025-03-01" }),
  ],
  products: [product("SUB", { name: "Core", price: 1_000, unitCost: 200 }), product("SRV", { name: "Setup", category: "Services", price: 5_000, unitCost: 4_000 })],
  salesTargets: [],
};

const cellsOf = (view: ListView, keys: string[]) => view.rows.map((row) => keys.map((key) => row.cells[key]));

test("financial: bookings, recurring and one-off, cost, profit and margin per month", () => {
  const view = listView("financial", data, JAN, MAR, TODAY);
  assert.equal(cellsOf(view, ["month", "wonDeals", "bookings", "recurring", "oneOff", "cost", "grossProfit", "grossMargin", "averageDeal", "newPipeline"]), [
    ["2026-01-01", 1, 12_000, 12_000, 0, 2_000, 10_000, 83.3, 12_000, 18_000],
    ["2026-02-01", 2, 11_000, 6_000, 5_000, 4_600, 6_400, 58.2, 5_500, 14_000],
    ["2026-03-01", 1, 1_000, 0, 1_000, 0, 1_000, 100, 1_000, 8_000],
  ]);
  assert.is(view.title, "Financial");
});

test("recurring revenue: contracts spread over their months, new and churned MRR", () => {
  const view = listView("recurring-revenue", data, JAN, monthIndexOf("2026-05-01"), TODAY);
  assert.equal(cellsOf(view, ["month", "mrr", "arr", "newMrr", "churnedMrr", "netNewMrr", "contracts"]), [
    ["2026-01-01", 1_000, 12_000, 1_000, 0, 1_000, 1],
    ["2026-02-01", 3_000, 36_000, 2_000, 0, 2_000, 2],
    ["2026-03-01", 3_000, 36_000, 0, 0, 0, 2],
    ["2026-04-01", 3_000, 36_000, 0, 0, 0, 2],
    ["2026-05-01", 1_000, 12_000, 0, 2_000, -2_000, 1], // S2 ran February to April
  ]);
});

test("product management: per product, and deals without a known product in their own row", () => {
  const view = listView("product-management", data, JAN, MAR, TODAY);
  assert.equal(cellsOf(view, ["product", "unitMargin", "wonDeals", "wonRevenue", "averageDeal", "winRate", "openPipeline"]), [
    ["Core", 80, 2, 18_000, 9_000, 100, 0],
    ["Setup", 20, 1, 5_000, 5_000, 50, 7_000],
    ["Not in the product list", null, 1, 1_000, 1_000, 100, 0],
  ]);
});

test("project profitability: each won deal as a project, named with its owner and product", () => {
  const view = listView("project-profitability", data, monthIndexOf("2026-02-01"), MAR, TODAY);
  assert.equal(cellsOf(view, ["project", "owner", "product", "closed", "revenue", "cost", "profit", "margin"]), [
    ["Deal S2", null, "Core", "2026-02-01", 6_000, 600, 5_400, 90],
    ["Deal P1", "Person E2", "Setup", "2026-02-20", 5_000, 4_000, 1_000, 20],
    ["Deal X1", null, "OLD", "2026-03-05", 1_000, 0, 1_000, 100],
  ]);
});

test("MQL/SQL: counted in the month each stage was reached; the rates follow each month's group", () => {
  const view = listView("mql-sql", data, JAN, MAR, TODAY);
  assert.equal(cellsOf(view, ["month", "leads", "mqls", "sqls", "leadToMql", "mqlToSql", "sqlToWon"]), [
    ["2026-01-01", 2, 2, 1, 100, 100, 100], // S2 was won later, so it reached SQL too
    ["2026-02-01", 2, 2, 2, 100, 100, 50],
    ["2026-03-01", 2, 0, 0, 100, null, null], // O1 is at proposal and X1 was won: both passed MQL without a date for it
  ]);
});

test("employee count: headcount and FTE at month end, hires, leavers, attrition, departments", () => {
  const view = listView("employee-count", data, JAN, MAR, TODAY);
  assert.equal(view.columns.slice(6).map((column) => column.label), ["Engineering", "Sales"]);
  assert.equal(cellsOf(view, ["month", "headcount", "fte", "hires", "leavers", "attrition", "department:Engineering", "department:Sales"]), [
    ["2026-01-01", 3, 3, 0, 1, 33.3, 2, 1], // E3's last day is January 31: still counted that day, a leaver of January
    ["2026-02-01", 3, 2.5, 1, 0, 0, 1, 2],
    ["2026-03-01", 3, 2.5, 0, 0, 0, 1, 2],
  ]);
});

test.run();
