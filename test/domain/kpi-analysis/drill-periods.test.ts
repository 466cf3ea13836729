import { test } from "uvu";
import * as assert from "uvu/assert";
import { drillWindow } from "../../../src/domain/kpi-analysis/drill-periods";
import { splitByDimension, dimensionNames } from "../../../src/domain/kpi-analysis/dimension-split";
import { dimensionKeyOf } from "../../../src/domain/kpi/dimension-key";
import { monthIndexOf, monthDateOf } from "../../../src/domain/months";

const m = (date: string) => monthIndexOf(`${date}-01`);
const dates = (months: readonly number[]) => months.map((month) => monthDateOf(month).slice(0, 7));

test("the periods a drill compares, as a table (fiscal year from April)", () => {
  const table: [Parameters<typeof drillWindow>[0], Parameters<typeof drillWindow>[1], string[], string[], "actual" | "planning", string][] = [
    ["month", "previous", ["2026-06"], ["2026-05"], "actual", "May 2026"],
    ["month", "lastYear", ["2026-06"], ["2025-06"], "actual", "Jun 2025"],
    ["month", "plan", ["2026-06"], ["2026-06"], "planning", "Plan Jun 2026"],
    ["quarter", "previous", ["2026-04", "2026-05", "2026-06"], ["2026-01", "2026-02", "2026-03"], "actual", "Jan – Mar 2026"],
    ["ytd", "previous", ["2026-04", "2026-05", "2026-06"], ["2025-04", "2025-05", "2025-06"], "actual", "Apr – Jun 2025"],
  ];
  for (const [period, comparison, months, base, series, baseLabel] of table) {
    const window = drillWindow(period, comparison, m("2026-06"), 3);
    assert.equal(dates(window.months), months, `${period} ${comparison}`);
    assert.equal(dates(window.baseMonths), base, `${period} ${comparison} base`);
    assert.is(window.baseSeries, series);
    assert.is(window.baseLabel, baseLabel);
  }
  const ltm = drillWindow("ltm", "previous", m("2026-06"), 3);
  assert.is(ltm.months.length, 12);
  assert.equal(dates([ltm.baseMonths[0]!, ltm.baseMonths[11]!]), ["2024-07", "2025-06"]);
  // A quarter to date: only its months up to the reporting month.
  assert.equal(dates(drillWindow("quarter", "previous", m("2026-05"), 3).months), ["2026-04", "2026-05"]);
});

test("a KPI split by one dimension: the other dimensions added up, shares of the parts, base and plan", () => {
  const key = (region: string, product: string) => dimensionKeyOf({ Region: region, Product: product });
  const value = (region: string, product: string, month: string, series: "actual" | "planning", amount: number) => ({ dimensionKey: key(region, product), month: m(month), series, value: amount });
  const values = [
    value("North", "A", "2026-06", "actual", 30),
    value("North", "B", "2026-06", "actual", 10),
    value("South", "A", "2026-06", "actual", 60),
    value("North", "A", "2026-05", "actual", 20),
    value("South", "A", "2026-05", "actual", 70),
    value("North", "A", "2026-06", "planning", 50),
    value("West", "A", "2026-05", "actual", 5), // only in the base: a member that dropped out
  ];
  assert.equal(dimensionNames(values.map((each) => each.dimensionKey)), ["Product", "Region"]);
  const { rows, total } = splitByDimension(values, "Region", "cum", { months: [m("2026-06")], baseMonths: [m("2026-05")], baseSeries: "actual" });
  assert.is(total, 100);
  assert.equal(rows, [
    { member: "South", value: 60, share: 0.6, base: 70, plan: null },
    { member: "North", value: 40, share: 0.4, base: 20, plan: 50 },
    { member: "West", value: null, share: null, base: 5, plan: null },
  ]);
  // A balance (dd) over a quarter: each combination's last month, then added up.
  const balance = splitByDimension(values, "Product", "dd", { months: [m("2026-05"), m("2026-06")], baseMonths: [m("2026-04")], baseSeries: "actual" });
  assert.equal(balance.rows.map((row) => [row.member, row.value]), [["A", 30 + 60 + 5], ["B", 10]]);
  // Zero parts: no share rather than a division by zero.
  const zero = splitByDimension([value("North", "A", "2026-06", "actual", 0)], "Region", "cum", { months: [m("2026-06")], baseMonths: [m("2026-05")], baseSeries: "actual" });
  assert.equal(zero.rows, [{ member: "North", value: 0, share: null, base: null, plan: null }]);
});

test.run();
