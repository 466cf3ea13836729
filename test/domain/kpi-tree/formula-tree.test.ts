import { test } from "uvu";
import * as assert from "uvu/assert";
import { CYCLE_DETECTED, INVALID_FORMULA } from "../../../src/domain/kpi/formula";
import { buildFormulaTree, type FormulaTreeNode, type TreeSourceKpi } from "../../../src/domain/kpi-tree/formula-tree";

const PNL = { id: 1, name: "P&L" };
const FIN = { id: 2, name: "Financial" };
const kpi = (id: number, key: string, category = PNL, formula: string | null = null, parentId: number | null = null): TreeSourceKpi => ({ id, key, name: key, category, formula, parentId });

// A small P&L: EBIT ← EBITDA − depreciation; EBITDA ← gross profit − opex; gross profit ← revenue − cogs;
// opex has its cost lines as parts (parentId) and reads them in its formula too; gross margin reads gross profit and revenue.
const catalogue: TreeSourceKpi[] = [
  kpi(1, "revenue"),
  kpi(2, "cogs"),
  kpi(3, "gross_profit", PNL, "revenue - cogs"),
  kpi(4, "opex", PNL, "staff + rent"),
  kpi(5, "staff", PNL, null, 4),
  kpi(6, "rent", PNL, null, 4),
  kpi(7, "ebitda", PNL, "gross_profit - opex"),
  kpi(8, "depreciation"),
  kpi(9, "ebit", PNL, "ebitda - depreciation"),
  kpi(10, "gross_margin", FIN, "gross_profit / revenue * 100"),
  kpi(11, "cash", FIN),
];

/** The tree as nested [label, children] with markers: * shared, ↺ cycle, (part) for a parentId child. */
const shape = (node: FormulaTreeNode): unknown => {
  const label = `${node.label}${node.usedIn.length > 1 ? "*" : ""}${node.cycle ? "↺" : ""}${node.relation === "part" ? " (part)" : ""}`;
  return node.children.length ? [label, node.children.map(shape)] : label;
};

test("the whole company: categories, their KPIs nothing reads, each formula's inputs under it", () => {
  const { root, problems } = buildFormulaTree(catalogue, { kind: "company", name: "Acme" });
  assert.equal(problems, []);
  assert.equal(shape(root!), [
    "Acme",
    [
      ["P&L", [["ebit", [["ebitda", [["gross_profit*", ["revenue*", "cogs"]], ["opex", ["staff", "rent"]]]], "depreciation"]]]],
      ["Financial", [["gross_margin", [["gross_profit*", ["revenue*", "cogs"]], "revenue*"]], "cash"]],
    ],
  ]);
});

test("node ids are unique paths even where a KPI shows twice; usedIn names its readers", () => {
  const { root } = buildFormulaTree(catalogue, { kind: "company", name: "Acme" });
  const ids: string[] = [];
  const visit = (node: FormulaTreeNode) => {
    ids.push(node.id);
    node.children.forEach(visit);
  };
  visit(root!);
  assert.equal(new Set(ids).size, ids.length);
  assert.ok(ids.includes("company/c1/k9/k7/k3/k1"));
  assert.ok(ids.includes("company/c2/k10/k1"));
  const revenue = root!.children[1]!.children[0]!.children[1]!;
  assert.equal(revenue.usedIn, ["gross_profit", "gross_margin"]);
});

test("one KPI as the root: its inputs down to the stored KPIs", () => {
  const table: [number, unknown][] = [
    [7, ["ebitda", [["gross_profit*", ["revenue*", "cogs"]], ["opex", ["staff", "rent"]]]]],
    [4, ["opex", ["staff", "rent"]]],
    [1, "revenue*"],
  ];
  for (const [kpiId, expected] of table) assert.equal(shape(buildFormulaTree(catalogue, { kind: "kpi", kpiId }).root!), expected, `root ${kpiId}`);
  assert.equal(buildFormulaTree(catalogue, { kind: "kpi", kpiId: 99 }).root, null);
});

test("parts (parentId) hang under their total when its formula does not read them", () => {
  const kpis = [kpi(1, "total"), kpi(2, "a", PNL, null, 1), kpi(3, "b", PNL, null, 1), kpi(4, "self", PNL, null, 4)];
  assert.equal(shape(buildFormulaTree(kpis, { kind: "company", name: "Acme" }).root!), ["Acme", [["P&L", [["total", ["a (part)", "b (part)"]], "self"]]]]);
});

test("inputs the reader may not see are counted, not shown", () => {
  const kpis = [kpi(1, "margin", FIN, "profit / revenue * 100"), kpi(2, "revenue", FIN)];
  const { root } = buildFormulaTree(kpis, { kind: "kpi", kpiId: 1 });
  assert.equal(shape(root!), ["margin", ["revenue"]]);
  assert.is(root!.hiddenInputs, 1);
});

test("circles of formulas: cut where they close, marked, reported with the spec's text; every KPI placed", () => {
  const kpis = [kpi(1, "a", PNL, "b + 1"), kpi(2, "b", PNL, "a * 2"), kpi(3, "c", PNL, "c - 1"), kpi(4, "d")];
  const { root, problems } = buildFormulaTree(kpis, { kind: "company", name: "Acme" });
  assert.equal(shape(root!), ["Acme", [["P&L", ["d", ["a", [["b", ["a↺"]]]], ["c", ["c↺"]]]]]]);
  assert.equal(problems, [`${CYCLE_DETECTED}: a → b → a`, `${CYCLE_DETECTED}: c → c`]);
  assert.ok(problems.every((problem) => problem.startsWith("Cycle detected in kpi formula")));
});

test("a formula that does not parse is reported and drawn without inputs", () => {
  const kpis = [kpi(1, "bad", PNL, "revenue ** 2"), kpi(2, "revenue")];
  const { root, problems } = buildFormulaTree(kpis, { kind: "company", name: "Acme" });
  assert.equal(problems, [`bad: ${INVALID_FORMULA}`]);
  assert.equal(shape(root!), ["Acme", [["P&L", ["bad", "revenue"]]]]);
});

test("no KPIs: the company alone", () => {
  assert.equal(shape(buildFormulaTree([], { kind: "company", name: "Acme" }).root!), "Acme");
});

test.run();
