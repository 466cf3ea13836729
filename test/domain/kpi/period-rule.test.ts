import { test } from "uvu";
import * as assert from "uvu/assert";
import type { AggregationType } from "../../../src/domain/kpi/aggregation";
import { describePeriodRule, periodRuleOf, type PeriodRule } from "../../../src/domain/kpi/period-rule";

test("the period rule as a table: a KPI's own aggregation type, unless it is a calculated KPI declared a weighted ratio", () => {
  const table: [AggregationType, isCalculated: boolean, weightedRatio: boolean, PeriodRule][] = [
    ["cum", false, false, "sum"],
    ["ad", false, false, "average"],
    ["dd", false, false, "last"],
    ["cum", true, false, "sum"],
    ["ad", true, false, "average"],
    ["dd", true, false, "last"],
    ["ad", true, true, "weighted"],
    ["cum", true, true, "weighted"],
    ["ad", false, true, "average"],
  ];
  assert.equal(
    table.map(([aggregationType, isCalculated, weightedRatio]) => periodRuleOf({ aggregationType, isCalculated, weightedRatio })),
    table.map(([, , , rule]) => rule),
  );
});

test("the rule in one line for the KPI detail", () => {
  const catalogue: Record<string, { name: string; periodRule: PeriodRule }> = {
    revenue: { name: "Revenue", periodRule: "sum" },
    gross_profit: { name: "Gross profit", periodRule: "sum" },
    headcount: { name: "Headcount", periodRule: "last" },
    nps: { name: "NPS", periodRule: "average" },
    gross_margin: { name: "Gross margin", periodRule: "weighted" },
  };
  const inputOf = (key: string) => catalogue[key];
  const table: [PeriodRule, string | null, string][] = [
    ["sum", null, "Sum of the monthly values"],
    ["average", null, "Average of the monthly values"],
    ["last", null, "Value of the period's last month with data"],
    ["average", "revenue / headcount", "Average of the monthly values of Revenue ÷ Headcount"],
    ["sum", "revenue - gross_profit", "Sum of the monthly values of Revenue − Gross profit"],
    ["weighted", "gross_profit / revenue * 100", "Gross profit ÷ Revenue × 100 over the period's sums"],
    ["weighted", "nps / 10", "NPS ÷ 10 over the period's averages"],
    ["weighted", "revenue / headcount", "Revenue ÷ Headcount, each input over the period by its own rule"],
    ["weighted", "gross_margin - 50", "Gross margin − 50, each input over the period by its own rule"],
    ["weighted", "missing / revenue", "missing ÷ Revenue, each input over the period by its own rule"],
    ["weighted", "revenue +", "The formula over its inputs' figures of the period"],
  ];
  assert.equal(
    table.map(([periodRule, formula]) => describePeriodRule({ periodRule, formula }, inputOf)),
    table.map(([, , text]) => text),
  );
});

test.run();
