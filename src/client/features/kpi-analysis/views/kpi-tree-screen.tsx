import { useMemo, useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { KpiMonthValue } from "../../../../contracts/kpis";
import { buildFormulaTree, type TreeRoot } from "../../../../domain/kpi-tree/formula-tree";
import { firstOpened, openDepthFor, shownTree, toggleNode } from "../../../../domain/kpi-tree/tree-view";
import { fiscalYearStart } from "../../../../domain/fiscal-calendar";
import { monthDateOf, monthLabel, monthRangeLabel } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Card } from "../../../ui/card";
import { FilterSelect } from "../../../ui/compact-controls";
import { FilterBar, type FilterBarItem } from "../../../ui/filter-bar";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useKpiMeta, useKpiView, useReportingFrame } from "../../kpis/views/hooks";
import { useReportingPeriodItems } from "../../kpis/views/reporting-period";
import { KpiTreeChart } from "./kpi-tree-chart";
import { treeNodeFigures, TREE_SPARKLINE_MONTHS, type TreePeriod } from "./kpi-tree-figures";

export const KPI_TREE_PATH = "/reporting/kpi-tree";
const COMPANY_ROOT = 0;
const FIGURES: readonly { value: TreePeriod; label: string }[] = [
  { value: "month", label: "Reporting month" },
  { value: "ytd", label: "Year to date" },
];

/**
 * /reporting/kpi-tree?root={kpiId}&figures=ytd: the KPIs as a tree (domain/kpi-tree), each node
 * with its actual, plan, deviation for the reporting month or the year to date, and its last
 * twelve months. The root is the whole
 * company or one KPI, kept in the address so a tree can be shared; a node opens the KPI detail.
 */
export default function KpiTreeScreen() {
  const dispatch = useDispatch();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const meta = useKpiMeta();
  const frame = useReportingFrame();
  const period = useReportingPeriodItems();
  const companyName = useModel((state: AppState) => state.session.company?.name ?? "Company");
  const params = new URLSearchParams(search);
  const rootParam = Number(params.get("root"));
  const rootKpi = Number.isInteger(rootParam) && rootParam > 0 ? rootParam : COMPANY_ROOT;
  const figuresPeriod: TreePeriod = params.get("figures") === "ytd" ? "ytd" : "month";
  // What the person opened and closed, for the root they did it on; a new root starts afresh.
  const [toggled, setToggled] = useState<{ root: number; ids: ReadonlySet<string> } | null>(null);

  const month = frame.end - frame.ignoreLastMonths;
  const valuesCommand =
    meta.status === "loaded" && meta.kpis.length > 0
      ? ({ _tag: "LoadKpiValues", key: "kpi-tree", startDate: monthDateOf(month - TREE_SPARKLINE_MONTHS + 1), date: monthDateOf(month), type: "all", idList: null, includePlanning: true, fxRate: frame.fxRateId } as const)
      : null;
  const values = useKpiView(valuesCommand);
  const aggregatesCommand =
    valuesCommand && figuresPeriod === "ytd"
      ? ({ _tag: "LoadKpiAggregates", key: "kpi-tree", endDate: frame.endDate, ignoreLastMonths: frame.ignoreLastMonths, fxRate: frame.fxRateId, idList: meta.kpis.map((kpi) => kpi.id) } as const)
      : null;
  const aggregates = useKpiView(aggregatesCommand);
  const failure = values?.status === "error" ? { load: values, command: valuesCommand } : aggregates?.status === "error" ? { load: aggregates, command: aggregatesCommand } : null;

  const root: TreeRoot = rootKpi === COMPANY_ROOT ? { kind: "company", name: companyName } : { kind: "kpi", kpiId: rootKpi };
  const tree = useMemo(() => buildFormulaTree(meta.kpis, root), [meta.kpis, root.kind, rootKpi, companyName]);
  const toggledIds = useMemo(() => (toggled?.root === rootKpi ? toggled.ids : tree.root ? firstOpened(tree.root) : new Set<string>()), [toggled, rootKpi, tree]);
  const shown = useMemo(() => (tree.root ? shownTree(tree.root, toggledIds, openDepthFor(tree.root)) : null), [tree, toggledIds]);
  const figuresOf = useMemo(() => {
    const monthsOf = new Map<number, readonly KpiMonthValue[]>((values?.data ?? []).map((entry) => [entry.id, entry.values]));
    const byId = new Map(meta.kpis.map((kpi) => [kpi.id, kpi] as const));
    return (kpiId: number) => {
      const kpi = byId.get(kpiId);
      if (!kpi || !values?.data) return null;
      if (figuresPeriod === "month") return treeNodeFigures(kpi, monthsOf.get(kpiId) ?? [], month, frame.currency);
      const ytd = aggregates?.data?.[kpiId]?.ytd;
      return ytd ? treeNodeFigures(kpi, monthsOf.get(kpiId) ?? [], month, frame.currency, ytd) : null;
    };
  }, [values?.data, aggregates?.data, figuresPeriod, meta.kpis, month, frame.currency]);

  const rootOptions = [{ value: COMPANY_ROOT, label: "Whole company" }, ...meta.kpis.map((kpi) => ({ value: kpi.id, label: `${kpi.name} (${kpi.category.name})` }))];
  // Both choices live in the address: a tree can be bookmarked and shared as it is seen.
  const go = (root: number, figures: TreePeriod) => {
    const query = new URLSearchParams();
    if (root !== COMPANY_ROOT) query.set("root", String(root));
    if (figures !== "month") query.set("figures", figures);
    const text = query.toString();
    navigate(`${KPI_TREE_PATH}${text ? `?${text}` : ""}`);
  };
  const chooseRoot = (kpiId: number) => go(kpiId, figuresPeriod);
  const items: FilterBarItem[] = [
    ...period.items,
    { key: "root", priority: "essential", changed: rootKpi !== COMPANY_ROOT, control: <FilterSelect<number> label="Root" value={rootKpi} options={rootOptions} onChange={chooseRoot} /> },
    { key: "figures", priority: "primary", changed: figuresPeriod !== "month", control: <FilterSelect<TreePeriod> label="Figures" value={figuresPeriod} options={FIGURES} onChange={(figures) => go(rootKpi, figures)} /> },
  ];
  const periodText = figuresPeriod === "ytd" ? `year to date (${monthRangeLabel(fiscalYearStart(month, frame.fiscalYearOffset), month)})` : monthLabel(month);
  const from = `${location}${search ? `?${search}` : ""}`;

  return (
    <Page aria-labelledby="kpi-tree-title" aria-busy={values?.status === "loading" || aggregates?.status === "loading"}>
      <PageHeader
        title="KPI tree"
        headingId="kpi-tree-title"
        description={`How the KPIs add up: each calculated KPI with the KPIs its formula reads, by category. Actual against plan for ${periodText}, and the last 12 months.`}
      />
      <FilterBar
        label="KPI tree filters"
        items={items}
        onReset={() => {
          period.resetReportingPeriod();
          go(COMPANY_ROOT, "month");
        }}
      />
      {tree.problems.length > 0 ? (
        <Alert tone="warning" title="Some formulas cannot be drawn in full">
          <ul>
            {tree.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {meta.status === "error" ? <ErrorState title="The KPIs could not be loaded" message={meta.message} onRetry={() => dispatch({ _tag: "LoadKpiMeta" })} /> : null}
      {failure?.command ? <ErrorState title="The figures could not be loaded" message={failure.load.message} onRetry={() => dispatch(failure.command!)} /> : null}
      {meta.status === "loaded" && meta.kpis.length === 0 ? <EmptyState title="No KPIs to show" text="This company has no KPIs you may read yet." /> : null}
      {meta.status === "loaded" && meta.kpis.length > 0 && !tree.root ? (
        <EmptyState title="This KPI does not exist, or you may not see it." text="Choose another root, or the whole company." />
      ) : null}
      {meta.status !== "loaded" && meta.status !== "error" ? <LoadingState label="Loading KPIs…" /> : null}
      {shown && meta.status === "loaded" ? (
        <Card padding="md" title={rootKpi === COMPANY_ROOT ? companyName : `${tree.root!.label} and its inputs`}>
          <KpiTreeChart
            root={shown}
            figuresOf={figuresOf}
            label={`KPI tree of ${tree.root!.label}`}
            onToggle={(id) => setToggled({ root: rootKpi, ids: toggleNode(toggledIds, id) })}
            onOpen={(kpiId) => navigate(`/reporting/kpi-detail/${kpiId}`, { state: { from } })}
          />
        </Card>
      ) : null}
    </Page>
  );
}
