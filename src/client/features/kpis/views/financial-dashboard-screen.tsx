import { useEffect, useState } from "react";
import { Link, useParams } from "wouter";
import { styled } from "styled-components";
import { NO_CATEGORIES_DATA, type FlexibleColumn, type KpiCategory } from "../../../../contracts/kpis";
import { fiscalYearStart } from "../../../../domain/fiscal-calendar";
import { actualComparisonColumns, columnsSpan, type CompareWith } from "../../../../domain/kpi/flexible-columns";
import { monthDateOf } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { DangerAlert, RetryAlert, ScreenPage } from "../../../ui/primitives";
import { ReportingPeriodControls } from "./dashboard-filters";
import { FinancialTable } from "./financial/financial-table";
import { FinancialToolbar } from "./financial/financial-toolbar";
import { ReportToolbar } from "./report-toolbar";
import { useKpiMeta, useKpiView, useReportingFrame } from "./hooks";

const Page = styled(ScreenPage)`
  max-width: none;
  nav { display: flex; gap: 6px; flex-wrap: wrap; }
  nav a { padding: 6px 12px; border-radius: 999px; border: 1px solid ${(p) => p.theme.border}; text-decoration: none; color: ${(p) => p.theme.text}; font-size: 14px; }
  nav a[aria-current="page"] { background: ${(p) => p.theme.accent}; color: ${(p) => p.theme.accentText}; border-color: ${(p) => p.theme.accent}; }
  .status { color: ${(p) => p.theme.textMuted}; font-size: 13px; }
`;

type View = "actual_comparison" | "flexible_columns";
type Range = "month" | "ytd";

/**
 * /reporting/financial-dashboard/{categoryId?}: the P&L of a financial category as a table,
 * either the actual comparison (full year, compare with, select columns) or the category's own
 * flexible columns. Rows nest by parent KPI, expanded one level by default.
 */
export default function FinancialDashboardScreen() {
  const params = useParams<{ categoryId?: string }>();
  const dispatch = useDispatch();
  const meta = useKpiMeta();
  const frame = useReportingFrame();
  const loaded = useModel((state: AppState) => state.kpis.categories.financial);
  // Categories are kept for the session, like the catalogue; a failed load is tried again on the next visit.
  const categoriesNeeded = loaded?.status !== "loaded";
  useEffect(() => {
    if (categoriesNeeded) dispatch({ _tag: "LoadKpiCategories", kind: "financial" });
  }, [dispatch, categoriesNeeded]);
  const [view, setView] = useState<View | null>(null);
  const [range, setRange] = useState<Range>("month");
  const [fullYear, setFullYear] = useState(true);
  const [compareWith, setCompareWith] = useState<CompareWith>("planning");
  const [selectedColumnIds, setSelectedColumnIds] = useState<string[] | undefined>(undefined);

  const categories = categoriesOf(loaded, meta.kpis);
  const category = categories.find((candidate) => String(candidate.id) === params.categoryId) ?? categories[0];
  const kpis = meta.kpis.filter((kpi) => kpi.category.id === category?.id);
  const chosenView: View = view ?? (category && category.flexibleColumnsConfig.length > 0 ? "flexible_columns" : "actual_comparison");
  const columns: readonly FlexibleColumn[] = chosenView === "flexible_columns" && category ? category.flexibleColumnsConfig : actualComparisonColumns(compareWith, fullYear);
  const end = frame.end - frame.ignoreLastMonths;
  const selection = { start: range === "ytd" ? fiscalYearStart(end, frame.fiscalYearOffset) : end, end };
  const span = columnsSpan(columns, { selection, fiscalYearOffset: frame.fiscalYearOffset }) ?? selection;
  const ready = meta.status === "loaded" && kpis.length > 0;
  const valuesCommand = ready
    ? ({
        _tag: "LoadKpiValues",
        key: `financial/${category!.id}`,
        startDate: monthDateOf(span.start),
        date: monthDateOf(span.end),
        type: "financial",
        idList: kpis.map((kpi) => kpi.id),
        includePlanning: true,
        fxRate: frame.fxRateId,
      } as const)
    : null;
  const values = useKpiView(valuesCommand);

  return (
    <Page aria-labelledby="financial-title" aria-busy={values?.status === "loading"}>
      <h1 id="financial-title">Financial dashboard</h1>
      {loaded?.status === "error" ? <p className="status" role="status">{NO_CATEGORIES_DATA}: the categories show without their own columns.</p> : null}
      <nav aria-label="Financial categories">
        {categories.map((candidate) => (
          <Link key={candidate.id} href={`/reporting/financial-dashboard/${candidate.id}`} aria-current={candidate.id === category?.id ? "page" : undefined}>
            {candidate.name}
          </Link>
        ))}
      </nav>
      <ReportToolbar>
        <ReportingPeriodControls />
        <label>
          Period
          <select value={range} onChange={(event) => setRange(event.target.value as Range)}>
            <option value="month">Month</option>
            <option value="ytd">Year to date</option>
          </select>
        </label>
        <label>
          View
          <select value={chosenView} onChange={(event) => setView(event.target.value as View)}>
            <option value="actual_comparison">Actual comparison</option>
            <option value="flexible_columns" disabled={!category || category.flexibleColumnsConfig.length === 0}>
              Flexible columns
            </option>
          </select>
        </label>
      </ReportToolbar>
      {chosenView === "actual_comparison" ? (
        <FinancialToolbar
          fullYear={fullYear}
          onFullYearChange={setFullYear}
          compareWith={compareWith}
          onCompareWithChange={setCompareWith}
          columns={columns}
          selectedColumnIds={selectedColumnIds}
          onSelectedColumnIdsChange={setSelectedColumnIds}
        />
      ) : null}
      {meta.status === "error" ? <DangerAlert>{meta.message}</DangerAlert> : null}
      {values?.status === "error" ? (
        <RetryAlert message={values.message} onRetry={() => valuesCommand && dispatch(valuesCommand)} />
      ) : null}
      {meta.status === "loaded" && !category ? <p className="status">There are no financial categories yet.</p> : null}
      {values?.data && category ? (
        <FinancialTable
          kpis={kpis}
          values={{ kpis: values.data }}
          columns={columns}
          selection={selection}
          fiscalYearOffset={frame.fiscalYearOffset}
          currency={frame.currency}
          selectedColumnIds={chosenView === "actual_comparison" ? selectedColumnIds : undefined}
          label={`${category.name} (${frame.currency})`}
        />
      ) : ready ? (
        <p className="status">Loading values…</p>
      ) : null}
    </Page>
  );
}

/** The financial categories; when the call fails, those of the catalogue with no columns of their own. */
function categoriesOf(loaded: AppState["kpis"]["categories"]["financial"], kpis: AppState["kpis"]["meta"]["kpis"]): readonly KpiCategory[] {
  if (loaded?.status === "loaded") return loaded.categories;
  const byId = new Map<number, KpiCategory>();
  for (const kpi of kpis) {
    if (kpi.category.kind === "financial" && !byId.has(kpi.category.id)) byId.set(kpi.category.id, { id: kpi.category.id, name: kpi.category.name, kind: "financial", isComplex: kpi.category.isComplex, flexibleColumnsConfig: [] });
  }
  return [...byId.values()];
}
