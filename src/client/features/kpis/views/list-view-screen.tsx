import { useMemo, useState } from "react";
import type { KpiType } from "../../../../contracts/kpis";
import type { ListViewGrouping } from "../../../../domain/kpi/list-view";
import type { BucketSize } from "../../../../domain/kpi/periods";
import { monthDateOf, monthRangeLabel } from "../../../../domain/months";
import { FilterSelect } from "../../../ui/compact-controls";
import { FilterBar, type FilterBarItem } from "../../../ui/filter-bar";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { useKpiMeta, useKpiView, useReportingFrame } from "./hooks";
import { KpiListView } from "./list-view/kpi-list-view";
import { useReportingPeriodItems } from "./reporting-period";

const TIMEFRAMES = [
  { value: 3, label: "3 months" },
  { value: 12, label: "12 months" },
  { value: 36, label: "3 years" },
  { value: 60, label: "5 years" },
  { value: 120, label: "10 years" },
] as const;
const ROWS_PER: readonly { value: BucketSize; label: string }[] = [
  { value: 1, label: "Month" },
  { value: 3, label: "Quarter" },
  { value: 6, label: "Half-year" },
  { value: 12, label: "Fiscal year" },
];
const KPI_TYPES: readonly { value: KpiType; label: string }[] = [
  { value: "all", label: "All" },
  { value: "kpi", label: "Operational KPIs" },
  { value: "financial", label: "Financial" },
];
const DEFAULTS = { months: 12, type: "all" as KpiType, bucketSize: 1 as BucketSize };

/**
 * /reporting/list-view: every readable KPI's values as one list (KPI × month, or × fiscal
 * quarter, half-year or year), with column settings and filters. Long timeframes over many KPIs
 * pass the 10,000-entry maximum; the list then asks for a shorter timeframe or offers the download.
 */
export default function ListViewScreen() {
  const meta = useKpiMeta();
  const frame = useReportingFrame();
  const period = useReportingPeriodItems();
  const [months, setMonths] = useState<number>(DEFAULTS.months);
  const [type, setType] = useState<KpiType>(DEFAULTS.type);
  const [bucketSize, setBucketSize] = useState<BucketSize>(DEFAULTS.bucketSize);
  const end = frame.end - frame.ignoreLastMonths;
  const first = end - months + 1;
  const values = useKpiView(
    meta.status === "loaded" ? ({ _tag: "LoadKpiValues", key: "list-view", startDate: monthDateOf(first), date: monthDateOf(end), type, idList: null, includePlanning: true, fxRate: frame.fxRateId } as const) : null,
  );
  // Stable inputs: the list rebuilds its rows and filters only when the data changes.
  const kpis = useMemo(() => meta.kpis.filter((kpi) => type === "all" || kpi.category.kind === type), [meta.kpis, type]);
  const listValues = useMemo(() => (values?.data ? { kpis: values.data } : null), [values?.data]);
  const grouping = useMemo<ListViewGrouping>(() => ({ bucketSize, fiscalYearOffset: frame.fiscalYearOffset, first, last: end }), [bucketSize, frame.fiscalYearOffset, first, end]);
  const items: FilterBarItem[] = [
    ...period.items,
    { key: "timeframe", priority: "primary", changed: months !== DEFAULTS.months, control: <FilterSelect<number> label="Timeframe" value={months} options={TIMEFRAMES} onChange={setMonths} /> },
    { key: "rows", priority: "primary", changed: bucketSize !== DEFAULTS.bucketSize, control: <FilterSelect<BucketSize> label="One row per" value={bucketSize} options={ROWS_PER} onChange={setBucketSize} /> },
    { key: "type", priority: "secondary", changed: type !== DEFAULTS.type, control: <FilterSelect<KpiType> label="KPIs" value={type} options={KPI_TYPES} onChange={setType} /> },
  ];
  const reset = () => {
    period.resetReportingPeriod();
    setMonths(DEFAULTS.months);
    setType(DEFAULTS.type);
    setBucketSize(DEFAULTS.bucketSize);
  };
  return (
    <Page as="section" aria-labelledby="list-title">
      <PageHeader
        headingId="list-title"
        title="List view"
        description={`Every KPI's values from ${monthRangeLabel(first, end)}. Money in each column is shown in the one scale its header names; ◐ marks a period or figure that only part of its months stand behind.`}
      />
      <FilterBar label="List view filters" items={items} onReset={reset} />
      <KpiListView
        kpis={kpis}
        values={listValues}
        grouping={grouping}
        currency={frame.currency}
        status={meta.status === "error" || values?.status === "error" ? "error" : values?.data && values.status !== "loading" ? "loaded" : "loading"}
        message={meta.status === "error" ? meta.message : (values?.message ?? null)}
        fileName={`kpi-values-to-${monthDateOf(end).slice(0, 7)}.csv`}
      />
    </Page>
  );
}
