import { test } from "uvu";
import * as assert from "uvu/assert";
import { checkWarehouseData, DATA_RULES, type DataRule } from "../../../src/domain/warehouse/data-rules";
import type { WarehouseData } from "../../../src/domain/warehouse/records";
import { deal, employee, product } from "./fixtures";

const TODAY = "2026-06-15";
const data = (fields: Partial<WarehouseData>): WarehouseData => ({ deals: [], employees: [employee("E1")], products: [product("P1")], salesTargets: [], ...fields });
const rulesOf = (fields: Partial<WarehouseData>) => checkWarehouseData(data(fields), TODAY).issues.map((issue) => issue.rule);

test("each deal rule as a table: the rows it flags, and whether they are left out", () => {
  const table: [string, Parameters<typeof deal>[1], DataRule[]][] = [
    ["a clean open deal", { ownerKey: "E1", productKey: "P1", expectedCloseOn: "2026-07-01" }, []],
    ["no stage", { stage: null }, ["missing-stage"]],
    ["no amount", { amount: null }, ["missing-amount"]],
    ["negative amount", { amount: -5 }, ["negative-amount"]],
    ["negative cost", { cost: -1 }, ["negative-cost"]],
    ["won without a closed date", { stage: "won" }, ["closed-without-date"]],
    ["lost without a closed date", { stage: "lost" }, ["closed-without-date"]],
    ["closed before created", { stage: "won", closedOn: "2026-01-01" }, ["closed-before-created"]],
    ["an SQL date before the MQL date", { stage: "sql", mqlOn: "2026-02-10", sqlOn: "2026-02-01" }, ["dates-out-of-order"]],
    ["an MQL date before the lead", { stage: "mql", mqlOn: "2026-01-01" }, ["dates-out-of-order"]],
    ["skipped stages in order are fine", { stage: "won", proposalOn: "2026-02-01", closedOn: "2026-03-01" }, []],
    ["open with a closed date", { closedOn: "2026-03-01" }, ["open-with-closed-date"]],
    ["open past its expected close", { expectedCloseOn: "2026-06-14" }, ["overdue"]],
    ["expected to close today is not overdue", { expectedCloseOn: TODAY }, []],
    ["won past its expected close is not overdue", { stage: "won", expectedCloseOn: "2026-02-01", closedOn: "2026-03-01" }, []],
    ["an owner who is not an employee", { ownerKey: "E9" }, ["unknown-owner"]],
    ["a product not in the product list", { productKey: "P9" }, ["unknown-product"]],
    ["several at once", { stage: null, amount: -1, ownerKey: "E9" }, ["missing-stage", "negative-amount", "unknown-owner"]],
  ];
  for (const [name, fields, expected] of table) {
    const checked = checkWarehouseData(data({ deals: [deal("D1", fields)] }), TODAY);
    assert.equal(checked.issues.map((issue) => issue.rule), expected, name);
    const excluded = expected.some((rule) => DATA_RULES[rule].excluded);
    assert.is(checked.usable.deals.length, excluded ? 0 : 1, `${name}: ${excluded ? "left out" : "counted"}`);
  }
});

test("issue messages name the row, the column and what is wrong", () => {
  const [order, owner] = checkWarehouseData(data({ deals: [deal("D7", { stage: "sql", mqlOn: "2026-03-05", sqlOn: "2026-03-01", ownerKey: "X-1" })] }), TODAY).issues;
  assert.equal(order, { kind: "deals", key: "D7", rule: "dates-out-of-order", field: "Stage dates", message: "The SQL date (2026-03-01) is before the MQL date (2026-03-05).", excluded: false });
  assert.equal(owner, { kind: "deals", key: "D7", rule: "unknown-owner", field: "Owner ID", message: 'No employee has the ID "X-1".', excluded: false });
});

test("employees, products and sales targets", () => {
  assert.equal(rulesOf({ employees: [employee("E1", { leftOn: "2024-12-31" })] }), ["left-before-hired"]);
  assert.equal(rulesOf({ employees: [employee("E1", { leftOn: "2025-01-01" })] }), [], "leaving on the first day is one day of employment");
  assert.equal(rulesOf({ employees: [employee("E1", { fte: 0 })] }), ["fte-out-of-range"]);
  assert.equal(rulesOf({ employees: [employee("E1", { fte: 1.2 })] }), ["fte-out-of-range"]);
  assert.equal(rulesOf({ employees: [employee("E1", { fte: 0.5, department: null })] }), ["missing-department"]);
  assert.equal(rulesOf({ products: [product("P1", { price: -1 })] }), ["negative-price"]);
  assert.equal(rulesOf({ products: [product("P1", { price: 10, unitCost: 12 })] }), ["cost-above-price"]);
  assert.equal(rulesOf({ products: [product("P1", { category: null, price: null })] }), ["missing-category"]);
  assert.equal(rulesOf({ salesTargets: [{ month: "2026-04-01", amount: -1 }] }), ["negative-target"]);
  const checked = checkWarehouseData(data({ employees: [employee("E1", { fte: 0 }), employee("E2")], salesTargets: [{ month: "2026-04-01", amount: -1 }, { month: "2026-05-01", amount: 5 }] }), TODAY);
  assert.equal(checked.usable.employees.map((row) => row.key), ["E2"], "an excluded employee is not counted");
  assert.equal(checked.usable.salesTargets.map((row) => row.month), ["2026-05-01"]);
  assert.is(checked.issues.find((issue) => issue.kind === "sales-targets")?.key, "2026-04", "a target is named by its month");
});

test.run();
