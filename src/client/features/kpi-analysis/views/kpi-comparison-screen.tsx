import { useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import type { KpiMeta } from "../../../../contracts/kpis";
import {
  comparedMonths,
  comparisonQuery,
  kpiComparison,
  MIN_COMPARED,
  parseComparisonQuery,
  periodComparison,
  type ActualsOf,
  type ComparisonChoice,
  type ComparisonMode,
  type ComparisonScale,
  type ComparisonWindow,
} from "../../../../domain/kpi-comparison/comparison";
import { monthDateOf, monthIndexOf, monthLabel, type MonthIndex } from "../../../../domain/months";
import { useDispatch } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Card } from "../../../ui/card";
import { FilterSelect, SegmentedControl } from "../../../ui/compact-controls";
import { FilterBar, type FilterBarItem } from "../../../ui/filter-bar";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { useKpiMeta, useKpiView, useReportingFrame } from "../../kpis/views/hooks";
import { useReportingPeriodItems } from "../../kpis/views/reporting-period";
import { KpiComparisonChart } from "./kpi-comparison-chart";
import { comparisonPanels } from "./kpi-comparison-panels";
import { KpiComparisonPicker } from "./kpi-comparison-picker";
import { KpiComparisonSummary } from "./kpi-comparison-summary";
import { KpiComparisonTable } from "./kpi-comparison-table";

export const KPI_COMPARISON_PATH = "/reporting/kpi-comparison";

const MODES: readonly { value: ComparisonMode; label: string }[] = [
  { value: "kpis", label: "KPIs side by side" },
  { value: "periods", label: "One KPI, three years" },
];
const SCALES: readonly { value: ComparisonScale; label: string; title: string }[] = [
  { value: "indexed", label: "Indexed", title: "Every series as 100 at its first month with a value" },
  { value: "absolute", label: "Absolute", title: "The KPIs' own numbers, one axis per unit" },
];
const WINDOWS: readonly { value: ComparisonWindow; label: string }[] = [
  { value: 12, label: "12 months" },
  { value: 24, label: "24 months" },
  { value: 36, label: "36 months" },
];

/**
 * /reporting/kpi-comparison?kpis=…&mode=…&scale=…&months=…: two to six KPIs month by month, or
 * one KPI's fiscal year against the two before, as a chart and a table, indexed or absolute
 * (domain/kpi-comparison). The whole choice is the address, so it can be bookmarked and shared.
 */
export default function KpiComparisonScreen() {
  const dispatch = useDispatch();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const choice = parseComparisonQuery(search);
  const meta = useKpiMeta();
  const frame = useReportingFrame();
  const period = useReportingPeriodItems();
  const change = (next: Partial<ComparisonChoice>) => {
    const merged = { ...choice, ...next };
    // Switching to one KPI over three years keeps the first KPI chosen.
    navigate(`${KPI_COMPARISON_PATH}${comparisonQuery({ ...merged, kpiIds: merged.mode === "periods" ? merged.kpiIds.slice(0, 1) : merged.kpiIds })}`, { replace: true });
  };

  const byId = new Map(meta.kpis.map((kpi) => [kpi.id, kpi] as const));
  const kpis = choice.kpiIds.map((id) => byId.get(id)).filter((kpi): kpi is KpiMeta => kpi !== undefined);
  const missing = meta.status === "loaded" ? choice.kpiIds.length - kpis.length : 0;
  const enough = choice.mode === "periods" ? kpis.length === 1 : kpis.length >= MIN_COMPARED;
  const end: MonthIndex = frame.end - frame.ignoreLastMonths;
  const months = comparedMonths(choice, end, frame.fiscalYearOffset);
  const valuesCommand = enough
    ? ({ _tag: "LoadKpiValues", key: "kpi-comparison", startDate: monthDateOf(months.first), date: monthDateOf(months.last), type: "all", idList: kpis.map((kpi) => kpi.id), includePlanning: false, fxRate: frame.fxRateId } as const)
    : null;
  const values = useKpiView(valuesCommand);

  const data = useMemo(() => {
    if (!enough || !values?.data) return null;
    const actuals = new Map(values.data.map((entry) => [entry.id, new Map(entry.values.filter((month) => month.value !== null).map((month) => [monthIndexOf(month.date), month.value!] as const))] as const));
    const actualsOf: ActualsOf = (id) => actuals.get(id) ?? new Map();
    return choice.mode === "periods" ? periodComparison(kpis[0]!, actualsOf, end, frame.fiscalYearOffset) : kpiComparison(kpis, actualsOf, end, choice.months);
  }, [enough, values?.data, choice.mode, choice.months, kpis.map((kpi) => kpi.id).join(","), end, frame.fiscalYearOffset]);

  const items: FilterBarItem[] = [
    ...period.items,
    { key: "mode", priority: "essential", changed: choice.mode !== "kpis", control: <SegmentedControl<ComparisonMode> label="Compare" options={MODES} value={choice.mode} onChange={(mode) => change({ mode })} /> },
    { key: "scale", priority: "essential", changed: choice.scale !== "indexed", control: <SegmentedControl<ComparisonScale> label="Scale" options={SCALES} value={choice.scale} onChange={(scale) => change({ scale })} /> },
    ...(choice.mode === "kpis"
      ? [{ key: "months", priority: "primary" as const, changed: choice.months !== 12, control: <FilterSelect<ComparisonWindow> label="Months" value={choice.months} options={WINDOWS} onChange={(window) => change({ months: window })} /> }]
      : []),
  ];
  const from = `${location}${search ? `?${search}` : ""}`;
  const what = choice.mode === "periods" ? `${kpis[0]?.name ?? "A KPI"} this fiscal year against the two before` : `${kpis.map((kpi) => kpi.name).join(", ")} over ${choice.months} months to ${monthLabel(end)}`;

  return (
    <Page aria-labelledby="kpi-comparison-title" aria-busy={values?.status === "loading"}>
      <PageHeader
        title="KPI comparison"
        headingId="kpi-comparison-title"
        description="Two to six KPIs side by side, or one KPI's year against the two before it, month by month: indexed to 100 at the first month with a value, or in their own numbers."
      />
      <FilterBar
        label="Comparison filters"
        items={items}
        onReset={() => {
          period.resetReportingPeriod();
          change({ mode: "kpis", scale: "indexed", months: 12 });
        }}
      />
      <Card title={choice.mode === "periods" ? "KPI" : "KPIs"} padding="md">
        {meta.status === "loaded" ? (
          <KpiComparisonPicker kpis={meta.kpis} chosen={kpis.map((kpi) => kpi.id)} single={choice.mode === "periods"} onChange={(kpiIds) => change({ kpiIds })} />
        ) : meta.status === "error" ? (
          <ErrorState title="The KPIs could not be loaded" message={meta.message} onRetry={() => dispatch({ _tag: "LoadKpiMeta" })} />
        ) : (
          <LoadingState label="Loading KPIs…" />
        )}
      </Card>
      {missing > 0 ? (
        <Alert tone="warning" title={missing === 1 ? "One KPI of this comparison is not available" : `${missing} KPIs of this comparison are not available`}>
          It no longer exists, or you may not see it; the comparison shows the others.
        </Alert>
      ) : null}
      {meta.status === "loaded" && !enough ? (
        <EmptyState
          title={choice.mode === "periods" ? "Choose a KPI" : kpis.length === 0 ? "Choose two to six KPIs" : "Choose one more KPI"}
          text={choice.mode === "periods" ? "Its current fiscal year is shown against the two before it, month by month." : "They are shown side by side, month by month, as a chart and a table."}
        />
      ) : null}
      {values?.status === "error" && valuesCommand ? <ErrorState title="The values could not be loaded" message={values.message} onRetry={() => dispatch(valuesCommand)} /> : null}
      {enough && !data && values?.status !== "error" ? <LoadingState variant="skeleton" lines={8} label="Loading values…" /> : null}
      {data ? (
        <>
          <Card title={choice.mode === "periods" ? "Year against year" : "Side by side"} padding="md">
            <KpiComparisonChart
              panels={comparisonPanels(data, choice.scale)}
              labels={data.columns.map((column) => column.label)}
              currency={frame.currency}
              description={`Line chart: ${what}, ${choice.scale === "indexed" ? "indexed" : "in absolute values"}. The table below has the numbers.`}
            />
            <KpiComparisonSummary data={data} mode={choice.mode} kpis={kpis} currency={frame.currency} from={from} />
          </Card>
          <Card title="Month by month" padding="md">
            <KpiComparisonTable data={data} scale={choice.scale} currency={frame.currency} label={`Comparison: ${what}`} />
          </Card>
        </>
      ) : null}
    </Page>
  );
}
