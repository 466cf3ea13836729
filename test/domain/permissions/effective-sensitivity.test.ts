import { test } from "uvu";
import * as assert from "uvu/assert";
import { effectiveSensitivities, type SensitivityKpi } from "../../../src/domain/permissions/effective-sensitivity";

const stored = (key: string, sensitivity: number): SensitivityKpi => ({ key, sensitivity, formula: null });
const calculated = (key: string, sensitivity: number, formula: string): SensitivityKpi => ({ key, sensitivity, formula });

test("effective sensitivity as a table: catalogue → level of the KPI asked about", () => {
  const table: [string, SensitivityKpi[], string, number][] = [
    ["a stored KPI keeps its own level", [stored("revenue", 1)], "revenue", 1],
    ["a formula over lower inputs keeps its own level", [stored("revenue", 0), stored("cogs", 0), calculated("gross_profit", 2, "revenue - cogs")], "gross_profit", 2],
    [
      "a total is as confidential as its most confidential line (the demo's operating expenses)",
      [stored("personnel_costs", 2), stored("marketing_costs", 1), stored("rent_office", 1), stored("other_opex", 1), calculated("total_opex", 1, "personnel_costs + marketing_costs + rent_office + other_opex")],
      "total_opex",
      2,
    ],
    ["a ratio is as confidential as its numerator (the demo's ARPA over MRR)", [stored("mrr", 1), stored("customers", 0), calculated("arpa", 0, "mrr / customers")], "arpa", 1],
    [
      "transitively, through a calculated input",
      [stored("revenue", 1), stored("cogs", 3), calculated("gross_profit", 1, "revenue - cogs"), calculated("gross_margin", 0, "gross_profit / revenue * 100")],
      "gross_margin",
      3,
    ],
    [
      "the order of the catalogue does not matter",
      [calculated("c", 0, "b * 2"), calculated("b", 0, "a + 1"), stored("a", 2)],
      "c",
      2,
    ],
    ["a key that names no KPI adds nothing", [stored("revenue", 1), calculated("odd", 0, "revenue + unknown_kpi")], "odd", 1],
    ["numbers add nothing", [calculated("constant", 0, "12 * 2")], "constant", 0],
    ["a formula that does not parse is treated as the highest level", [stored("revenue", 0), calculated("broken", 0, "revenue >")], "broken", 3],
    ["a KPI reading a broken formula inherits that", [calculated("broken", 0, "Math.max(1)"), calculated("reads_broken", 1, "broken + 1")], "reads_broken", 3],
    [
      "a circle ends, each member at the circle's highest level",
      [stored("secret", 3), calculated("a", 0, "b + secret"), calculated("b", 1, "a * 2"), calculated("outside", 0, "b")],
      "b",
      3,
    ],
    ["a circle reaches whatever reads it", [stored("secret", 3), calculated("a", 0, "b + secret"), calculated("b", 1, "a * 2"), calculated("outside", 0, "b")], "outside", 3],
    ["a KPI reading itself", [calculated("self", 1, "self + 1")], "self", 1],
    ["what a KPI is read by does not raise it", [stored("mrr", 0), calculated("arr", 3, "mrr * 12")], "mrr", 0],
  ];
  for (const [name, catalogue, key, expected] of table) assert.is(effectiveSensitivities(catalogue).get(key), expected, name);
});

test("every KPI of the catalogue gets a level", () => {
  const levels = effectiveSensitivities([stored("revenue", 1), stored("cogs", 2), calculated("gross_profit", 0, "revenue - cogs")]);
  assert.equal(Object.fromEntries(levels), { revenue: 1, cogs: 2, gross_profit: 2 });
});

test("a long chain settles", () => {
  // k0 (level 3) ← k1 ← … ← k299, listed from the end, so each pass lifts only one more link.
  const chain = [stored("k0", 3), ...Array.from({ length: 299 }, (_, index) => calculated(`k${index + 1}`, 0, `k${index} + 1`))].reverse();
  const levels = effectiveSensitivities(chain);
  assert.is(levels.get("k299"), 3);
  assert.ok([...levels.values()].every((level) => level === 3));
});

test.run();
