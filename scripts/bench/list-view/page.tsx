// The page of list-view.bench.ts (bundled by esbuild into a temp dir): renders 10,000 list-view
// rows either with KpiListView (virtualized) or with a plain table that renders every row with
// the same head, cells and formatting, and reports how long the first render took.
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { ThemeProvider } from "styled-components";
import type { KpiMeta, ValuesResponse } from "../../../src/contracts/kpis";
import { KpiListView } from "../../../src/client/features/kpis/views/list-view/kpi-list-view";
import { ListViewHeader } from "../../../src/client/features/kpis/views/list-view/list-view-header";
import { ListViewCells } from "../../../src/client/features/kpis/views/list-view/list-view-row";
import { Section, TableFrame } from "../../../src/client/features/kpis/views/list-view/styles";
import { GlobalStyle } from "../../../src/client/ui/global-style";
import { DARK } from "../../../src/client/ui/theme";
import { isFilterable, LIST_VIEW_COLUMNS, listViewRows, listViewScales, type ListViewColumnKey } from "../../../src/domain/kpi/list-view";
import { monthDateOf, monthIndexOf } from "../../../src/domain/months";

const KPI_COUNT = 100;
const MONTH_COUNT = 100; // 100 × 100 = 10,000 rows, the most the list view shows
const UNITS = ["currency", "percentage", "days", "positions", "number"];
const FIRST_MONTH = monthIndexOf("2018-01-01");

const kpis: KpiMeta[] = Array.from({ length: KPI_COUNT }, (_, index) => ({
  id: index + 1,
  key: `kpi_${index + 1}`,
  name: `KPI ${index + 1}`,
  description: "",
  category: { id: (index % 6) + 1, name: `Category ${(index % 6) + 1}`, kind: "kpi", isComplex: false, flexibleColumnsConfig: [] },
  parentId: null,
  benchmarks: { valueBottom25: null, valueMedian50: null, valueTop25: null, top5: null },
  aggregationType: "cum",
  higherIsBetter: true,
  favorite: false,
  sensitivity: 0,
  isCalculated: false,
  formula: null,
  periodRule: "sum",
  unit: UNITS[index % UNITS.length]!,
  cadence: "monthly",
  validationState: "validated",
  lastActualDate: null,
  outdated: false,
  writable: true,
  overrideForecasting: false,
  customDashboards: [],
  customDashboardsKpi: [],
}));
// Deterministic values of every size, so the formatter takes all its paths.
const valueOf = (kpi: number, month: number, salt: number) => ((kpi * 7_919 + month * 104_729 + salt * 1_299_709) % 2_000_003) * (kpi % 3 === 0 ? 1 : kpi % 3 === 1 ? 0.37 : 13.1);
const values: ValuesResponse = {
  kpis: kpis.map((kpi) => ({
    id: kpi.id,
    values: Array.from({ length: MONTH_COUNT }, (_, month) => ({
      date: monthDateOf(FIRST_MONTH + month),
      value: valueOf(kpi.id, month, 1),
      planningValue: valueOf(kpi.id, month, 2),
      lastYearValue: month % 5 === 0 ? null : valueOf(kpi.id, month, 3),
      forecastValue: valueOf(kpi.id, month, 4),
    })),
  })),
};

/** Everything KpiListView does for its first render, but with every row in the DOM. */
function PlainListView({ kpis, values, currency }: { kpis: readonly KpiMeta[]; values: ValuesResponse; currency: string }) {
  const rows = listViewRows(kpis, values);
  const filterable = Object.fromEntries(LIST_VIEW_COLUMNS.map((column) => [column.key, isFilterable(rows, column.key)])) as Record<ListViewColumnKey, boolean>;
  const scales = listViewScales(rows, {});
  const noop = () => {};
  return (
    <Section aria-label="KPI list">
      <TableFrame role="table" aria-label="KPI list" aria-rowcount={rows.length + 1}>
        <ListViewHeader rows={rows} currency={currency} sort={null} filters={{}} settings={{}} scales={scales} filterable={filterable} onSort={noop} onFilter={noop} onSettings={noop} />
        <div className="body" role="rowgroup" style={{ height: 480, overflowY: "auto" }}>
          {rows.map((row, index) => (
            <ListViewCells key={index} row={row} rowIndex={index + 2} settings={{}} currency={currency} scales={scales} />
          ))}
        </div>
      </TableFrame>
    </Section>
  );
}

export interface RenderResult {
  /** root.render inside flushSync: until React has committed the rows to the DOM. */
  readonly commitMs: number;
  /** …plus the browser's style and layout of what was committed (a forced reflow). */
  readonly layoutMs: number;
  readonly domNodes: number;
  readonly renderedRows: number;
}

let root: Root | null = null;
const bench = {
  render(kind: "ours" | "plain"): RenderResult {
    const container = document.getElementById("root")!;
    root = createRoot(container);
    const view = kind === "ours" ? <KpiListView kpis={kpis} values={values} currency="EUR" status="loaded" message={null} /> : <PlainListView kpis={kpis} values={values} currency="EUR" />;
    const start = performance.now();
    flushSync(() =>
      root!.render(
        <ThemeProvider theme={DARK}>
          <GlobalStyle />
          {view}
        </ThemeProvider>,
      ),
    );
    const commitMs = performance.now() - start;
    void document.body.offsetHeight;
    const layoutMs = performance.now() - start;
    return { commitMs, layoutMs, domNodes: document.getElementsByTagName("*").length, renderedRows: container.querySelectorAll('.body [role="row"]').length };
  },
  /** The DOM after the browser has painted twice (effects and any re-measuring done). */
  async settled(): Promise<{ domNodes: number; renderedRows: number }> {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return { domNodes: document.getElementsByTagName("*").length, renderedRows: document.querySelectorAll('.body [role="row"]').length };
  },
  unmount() {
    root?.unmount();
    root = null;
  },
};
(window as unknown as { listViewBench: typeof bench }).listViewBench = bench;
