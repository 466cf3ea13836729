import { test } from "uvu";
import * as assert from "uvu/assert";
import { buildFormulaTree, type TreeSourceKpi } from "../../../src/domain/kpi-tree/formula-tree";
import { firstOpened, openDepthFor, shownInOrder, shownTree, toggleNode, treeKey } from "../../../src/domain/kpi-tree/tree-view";

const cat = { id: 1, name: "P&L" };
const kpis: TreeSourceKpi[] = [
  { id: 1, key: "revenue", name: "Revenue", category: cat, formula: null, parentId: null },
  { id: 2, key: "cogs", name: "COGS", category: cat, formula: null, parentId: null },
  { id: 3, key: "gp", name: "GP", category: cat, formula: "revenue - cogs", parentId: null },
  { id: 4, key: "opex", name: "Opex", category: cat, formula: null, parentId: null },
  { id: 5, key: "ebitda", name: "EBITDA", category: cat, formula: "gp - opex", parentId: null },
];
const root = buildFormulaTree(kpis, { kind: "company", name: "Acme" }).root!;
const rows = (toggled: string[], depth = 3) =>
  shownInOrder(shownTree(root, new Set(toggled), depth)).map((node) => `${"  ".repeat(node.depth)}${node.node.label}${node.hasChildren ? (node.expanded ? "-" : "+") : ""}`);

test("shown nodes by open depth and toggles, as a table", () => {
  const table: [string[], number | undefined, string[]][] = [
    [[], undefined, ["Acme-", "  P&L-", "    EBITDA-", "      GP+", "      Opex"]],
    [["company/c1/k5/k3"], undefined, ["Acme-", "  P&L-", "    EBITDA-", "      GP-", "        Revenue", "        COGS", "      Opex"]],
    [["company/c1"], undefined, ["Acme-", "  P&L+"]],
    [[], 1, ["Acme-", "  P&L+"]],
    [["company"], 1, ["Acme+"]],
  ];
  for (const [toggled, depth, expected] of table) assert.equal(rows(toggled, depth), expected, JSON.stringify(toggled));
});

test("the first look: the company shows its categories, the first one open down to its top KPIs' inputs' inputs; one KPI three levels", () => {
  assert.is(openDepthFor(root), 1);
  assert.equal([...firstOpened(root)], ["company/c1", "company/c1/k5", "company/c1/k5/k3"]);
  assert.equal(rows([...firstOpened(root)], 1), ["Acme-", "  P&L-", "    EBITDA-", "      GP-", "        Revenue", "        COGS", "      Opex"]);
  const single = buildFormulaTree(kpis, { kind: "kpi", kpiId: 5 }).root!;
  assert.is(openDepthFor(single), 3);
  assert.equal(firstOpened(single).size, 0);
});

test("toggleNode flips one id and leaves the old set alone", () => {
  const before = new Set(["a"]);
  assert.equal([...toggleNode(before, "b")], ["a", "b"]);
  assert.equal([...toggleNode(before, "a")], []);
  assert.equal([...before], ["a"]);
});

test("keys on the focused node, as a table", () => {
  const order = shownInOrder(shownTree(root, new Set(), 3));
  const E = "company/c1/k5";
  const GP = "company/c1/k5/k3";
  const OPEX = "company/c1/k5/k4";
  const table: [string, string, ReturnType<typeof treeKey>][] = [
    [E, "ArrowDown", { kind: "focus", id: GP }],
    [E, "ArrowUp", { kind: "focus", id: "company/c1" }],
    ["company", "ArrowUp", { kind: "none" }],
    [OPEX, "ArrowDown", { kind: "none" }],
    [OPEX, "Home", { kind: "focus", id: "company" }],
    [E, "End", { kind: "focus", id: OPEX }],
    [E, "ArrowRight", { kind: "focus", id: GP }],
    [GP, "ArrowRight", { kind: "toggle", id: GP }],
    [OPEX, "ArrowRight", { kind: "none" }],
    [E, "ArrowLeft", { kind: "toggle", id: E }],
    [GP, "ArrowLeft", { kind: "focus", id: E }],
    ["company", "ArrowLeft", { kind: "toggle", id: "company" }],
    [GP, " ", { kind: "toggle", id: GP }],
    [OPEX, " ", { kind: "none" }],
    [GP, "+", { kind: "toggle", id: GP }],
    [E, "+", { kind: "none" }],
    [E, "-", { kind: "toggle", id: E }],
    [GP, "-", { kind: "none" }],
    [GP, "Enter", { kind: "open", kpiId: 3 }],
    ["company/c1", "Enter", { kind: "toggle", id: "company/c1" }],
    [E, "x", { kind: "none" }],
    ["gone", "ArrowDown", { kind: "focus", id: "company" }],
  ];
  for (const [focused, key, expected] of table) assert.equal(treeKey(order, focused, key), expected, `${focused} ${key}`);
});

test.run();
