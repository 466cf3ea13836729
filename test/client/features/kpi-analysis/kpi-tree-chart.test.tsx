import { cleanup, fireEvent, render } from "@testing-library/react";
import { useState } from "react";
import { ThemeProvider } from "styled-components";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { KpiTreeChart } from "../../../../src/client/features/kpi-analysis/views/kpi-tree-chart";
import type { TreeNodeFigures } from "../../../../src/client/features/kpi-analysis/views/kpi-tree-figures";
import { LIGHT } from "../../../../src/client/ui/theme";
import { buildFormulaTree } from "../../../../src/domain/kpi-tree/formula-tree";
import { shownTree, toggleNode } from "../../../../src/domain/kpi-tree/tree-view";

test.after.each(() => cleanup());

const cat = { id: 1, name: "P&L" };
const kpis = [
  { id: 1, key: "revenue", name: "Revenue", category: cat, formula: null, parentId: null },
  { id: 2, key: "cogs", name: "COGS", category: cat, formula: null, parentId: null },
  { id: 3, key: "gp", name: "Gross profit", category: cat, formula: "revenue - cogs", parentId: null },
  { id: 4, key: "margin", name: "Gross margin", category: cat, formula: "gp / revenue * 100", parentId: null },
];
const root = buildFormulaTree(kpis, { kind: "kpi", kpiId: 4 }).root!;
const figures: TreeNodeFigures = { actual: "€ 110", plan: "Plan € 100", deviation: "+10.0 %", tone: "good", sparkline: [1, 2, 3], coverage: [] };

/** The chart with its open and closed nodes kept as the screen keeps them; opened KPIs recorded. */
function show(opened: number[]) {
  function Harness() {
    const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
    return (
      <ThemeProvider theme={LIGHT}>
        <KpiTreeChart root={shownTree(root, toggled, 1)} figuresOf={() => figures} onToggle={(id) => setToggled((current) => toggleNode(current, id))} onOpen={(id) => opened.push(id)} label="KPI tree of Gross margin" />
      </ThemeProvider>
    );
  }
  return render(<Harness />);
}
const items = (container: HTMLElement) => [...container.querySelectorAll<SVGGElement>("[role=treeitem]")];
const focusable = (container: HTMLElement) => items(container).filter((item) => item.getAttribute("tabindex") === "0").map((item) => item.dataset["nodeId"]);
const press = (container: HTMLElement, key: string) => fireEvent.keyDown(container.querySelector("[role=tree]")!, { key });

test("a tree of treeitems with levels, expanded state and names that carry the figures", () => {
  const { container } = show([]);
  assert.ok(container.querySelector("svg[role=tree][aria-label='KPI tree of Gross margin']"));
  assert.equal(items(container).map((item) => [item.dataset["nodeId"], item.getAttribute("aria-level"), item.getAttribute("aria-expanded")]), [
    ["kpi/k4", "1", "true"],
    ["kpi/k4/k3", "2", "false"],
    ["kpi/k4/k1", "2", null],
  ]);
  assert.match(items(container)[0]!.getAttribute("aria-label")!, /^Gross margin, € 110, Plan € 100, \+10\.0 %/);
  assert.match(items(container)[2]!.getAttribute("aria-label")!, /used by Gross profit, Gross margin/);
  assert.equal(focusable(container), ["kpi/k4"], "one node in the tab order");
});

test("the keyboard walks, opens and closes the tree; Enter opens the KPI", () => {
  const opened: number[] = [];
  const { container } = show(opened);
  press(container, "ArrowDown");
  assert.equal(focusable(container), ["kpi/k4/k3"]);
  press(container, " ");
  assert.equal(items(container).map((item) => item.dataset["nodeId"]), ["kpi/k4", "kpi/k4/k3", "kpi/k4/k3/k1", "kpi/k4/k3/k2", "kpi/k4/k1"], "Space opened Gross profit");
  press(container, "ArrowRight");
  assert.equal(focusable(container), ["kpi/k4/k3/k1"]);
  press(container, "ArrowLeft");
  assert.equal(focusable(container), ["kpi/k4/k3"], "back to the parent");
  press(container, "-");
  assert.is(items(container).length, 3, "minus closed it");
  press(container, "+");
  assert.is(items(container).length, 5, "plus opened it again");
  press(container, "Enter");
  assert.equal(opened, [3]);
  fireEvent.click(items(container).find((item) => item.dataset["nodeId"] === "kpi/k4/k1")!);
  assert.equal(opened, [3, 1], "a click opens too");
});

test("the round button toggles without opening the KPI", () => {
  const opened: number[] = [];
  const { container } = show(opened);
  fireEvent.click(container.querySelector("[data-node-id='kpi/k4'] .toggle")!);
  assert.is(items(container).length, 1);
  assert.equal(opened, []);
});

test.run();
