import { useMemo, useState } from "react";
import { styled } from "styled-components";
import { monthDateOf } from "../../../../domain/months";
import { ScreenPage } from "../../../ui/primitives";
import { ReportingPeriodControls } from "./dashboard-filters";
import { ReportToolbar } from "./report-toolbar";
import { useKpiMeta, useKpiView, useReportingFrame } from "./hooks";
import { KpiListView } from "./list-view/kpi-list-view";

const Page = styled(ScreenPage)`
  max-width: none;
`;

const TIMEFRAMES = [
  [3, "3 months"],
  [12, "12 months"],
  [36, "3 years"],
  [60, "5 years"],
  [120, "10 years"],
] as const;

/**
 * /reporting/list-view: every readable KPI's monthly values as one list (KPI × month), with
 * column settings and filters. Long timeframes over many KPIs pass the 10,000-entry maximum;
 * the list then asks for a shorter timeframe or offers the download.
 */
export default function ListViewScreen() {
  const meta = useKpiMeta();
  const frame = useReportingFrame();
  const [months, setMonths] = useState<number>(12);
  const [type, setType] = useState<"all" | "kpi" | "financial">("all");
  const end = frame.end - frame.ignoreLastMonths;
  const values = useKpiView(
    meta.status === "loaded" ? ({ _tag: "LoadKpiValues", key: "list-view", startDate: monthDateOf(end - months + 1), date: monthDateOf(end), type, idList: null, includePlanning: true, fxRate: frame.fxRateId } as const) : null,
  );
  // Stable inputs: the list rebuilds its rows and filters only when the data changes.
  const kpis = useMemo(() => meta.kpis.filter((kpi) => type === "all" || kpi.category.kind === type), [meta.kpis, type]);
  const listValues = useMemo(() => (values?.data ? { kpis: values.data } : null), [values?.data]);
  return (
    <Page aria-labelledby="list-title">
      <h1 id="list-title">List view</h1>
      <ReportToolbar>
        <ReportingPeriodControls />
        <label>
          Timeframe
          <select value={months} onChange={(event) => setMonths(Number(event.target.value))}>
            {TIMEFRAMES.map(([count, label]) => (
              <option key={count} value={count}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          KPIs
          <select value={type} onChange={(event) => setType(event.target.value as typeof type)}>
            <option value="all">All</option>
            <option value="kpi">Operational KPIs</option>
            <option value="financial">Financial</option>
          </select>
        </label>
      </ReportToolbar>
      <KpiListView
        kpis={kpis}
        values={listValues}
        currency={frame.currency}
        status={meta.status === "error" || values?.status === "error" ? "error" : values?.data && values.status !== "loading" ? "loaded" : "loading"}
        message={meta.status === "error" ? meta.message : (values?.message ?? null)}
        fileName={`kpi-values-to-${monthDateOf(end).slice(0, 7)}.csv`}
      />
    </Page>
  );
}
