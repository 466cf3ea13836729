import { test } from "uvu";
import * as assert from "uvu/assert";
import { kpiTree, toggleRow, visibleRows, type KpiTreeNode, type TreeKpi } from "../../../src/domain/kpi/kpi-tree";

// A P&L: Revenue (1) with Product (2, itself with Hardware 4 and Software 5) and Services (3);
// Costs (6) with Staff (7); EBIT (8) alone.
const pnl: TreeKpi[] = [
  { id: 1, parentId: null },
  { id: 2, parentId: 1 },
  { id: 4, parentId: 2 },
  { id: 5, parentId: 2 },
  { id: 3, parentId: 1 },
  { id: 6, parentId: null },
  { id: 7, parentId: 6 },
  { id: 8, parentId: null },
];
const shape = (nodes: readonly KpiTreeNode<TreeKpi>[]): unknown => nodes.map((node) => (node.children.length ? [node.kpi.id, shape(node.children)] : node.kpi.id));
const rows = (toggled: number[], level?: number) => visibleRows(kpiTree(pnl), new Set(toggled), level).map((row) => `${"  ".repeat(row.depth)}${row.kpi.id}${row.hasChildren ? (row.expanded ? "-" : "+") : ""}`);

test("the tree follows parentId, children in the order given", () => {
  assert.equal(shape(kpiTree(pnl)), [[1, [[2, [4, 5]], 3]], [6, [7]], 8]);
});

test("orphans (parent not in the list), self-parents and circles become roots; every KPI shows once", () => {
  const table: [TreeKpi[], unknown][] = [
    [[{ id: 1, parentId: 99 }, { id: 2, parentId: 1 }], [[1, [2]]]],
    [[{ id: 2, parentId: 1 }, { id: 1, parentId: null }], [[1, [2]]]],
    [[{ id: 1, parentId: 1 }], [1]],
    [[{ id: 1, parentId: 2 }, { id: 2, parentId: 1 }, { id: 3, parentId: null }], [3, [1, [2]]]],
    [[], []],
  ];
  for (const [kpis, expected] of table) assert.equal(shape(kpiTree(kpis)), expected, JSON.stringify(kpis));
});

test("visible rows by expand level and toggles, as a table", () => {
  const table: [number[], number | undefined, string[]][] = [
    // Default level 1: roots open, their children show, grandchildren do not.
    [[], undefined, ["1-", "  2+", "  3", "6-", "  7", "8"]],
    [[2], undefined, ["1-", "  2-", "    4", "    5", "  3", "6-", "  7", "8"]],
    [[1], undefined, ["1+", "6-", "  7", "8"]], // closing an open root
    [[1, 2], undefined, ["1+", "6-", "  7", "8"]], // an opened child of a closed root stays hidden
    [[8], undefined, ["1-", "  2+", "  3", "6-", "  7", "8"]], // a leaf has nothing to open
    [[], 0, ["1+", "6+", "8"]],
    [[6], 0, ["1+", "6-", "  7", "8"]],
    [[], 2, ["1-", "  2-", "    4", "    5", "  3", "6-", "  7", "8"]],
  ];
  for (const [toggled, level, expected] of table) assert.equal(rows(toggled, level), expected, `toggled ${toggled} level ${level}`);
});

test("toggling flips one id and leaves the old set alone", () => {
  const before = new Set([1]);
  assert.equal([...toggleRow(before, 2)], [1, 2]);
  assert.equal([...toggleRow(before, 1)], []);
  assert.equal([...before], [1]);
});

test.run();
