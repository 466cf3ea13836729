import { useEffect, useState } from "react";
import { useParams } from "wouter";
import { styled } from "styled-components";
import { NO_CATEGORIES_DATA, type FlexibleColumn, type KpiCategory } from "../../../../contracts/kpis";
import { fiscalYearStart } from "../../../../domain/fiscal-calendar";
import { actualComparisonColumns, COMPARE_WITH, columnsSpan, periodName, type CompareWith } from "../../../../domain/kpi/flexible-columns";
import { monthDateOf, monthRangeLabel } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { FilterSelect } from "../../../ui/compact-controls";
import { FilterBar, type FilterBarItem } from "../../../ui/filter-bar";
import { Checkbox } from "../../../ui/inputs";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import { CategoryTabs } from "./financial/category-tabs";
import { ColumnPicker, COMPARE_WITH_LABEL } from "./financial/column-picker";
import { FinancialTable } from "./financial/financial-table";
import { useKpiMeta, useKpiView, useReportingFrame } from "./hooks";
import { useReportingPeriodItems } from "./reporting-period";

type View = "actual_comparison" | "flexible_columns";
type Range = "month" | "ytd";

const DEFAULTS = { range: "month" as Range, fullYear: true, compareWith: "planning" as CompareWith };

/**
 * /reporting/financial-dashboard/{categoryId?}: the P&L of a financial category as a table,
 * either the actual comparison (full year, compare with, select columns) or the category's own
 * flexible columns. Rows nest by parent KPI, expanded one level by default; the categories are
 * tabs, each at its own address.
 */
export default function FinancialDashboardScreen() {
  const params = useParams<{ categoryId?: string }>();
  const dispatch = useDispatch();
  const meta = useKpiMeta();
  const frame = useReportingFrame();
  const period = useReportingPeriodItems();
  const loaded = useModel((state: AppState) => state.kpis.categories.financial);
  // Categories are kept for the session, like the catalogue; a failed load is tried again on the next visit.
  const categoriesNeeded = loaded?.status !== "loaded";
  useEffect(() => {
    if (categoriesNeeded) dispatch({ _tag: "LoadKpiCategories", kind: "financial" });
  }, [dispatch, categoriesNeeded]);
  const [view, setView] = useState<View | null>(null);
  const [range, setRange] = useState<Range>(DEFAULTS.range);
  const [fullYear, setFullYear] = useState(DEFAULTS.fullYear);
  const [compareWith, setCompareWith] = useState<CompareWith>(DEFAULTS.compareWith);
  // A saved planning version compares like the plan, its values read from the version.
  const [compareVersion, setCompareVersion] = useState<number | null>(null);
  const versions = useModel((state: AppState) => state.planning.versions);
  useEffect(() => {
    if (versions.status === "idle") dispatch({ _tag: "LoadPlanningVersions" });
  }, [dispatch, versions.status]);
  const version = compareVersion === null ? null : (versions.list.find((candidate) => candidate.id === compareVersion) ?? null);
  const [selectedColumnIds, setSelectedColumnIds] = useState<string[] | undefined>(undefined);

  const categories = categoriesOf(loaded, meta.kpis);
  const category = categories.find((candidate) => String(candidate.id) === params.categoryId) ?? categories[0];
  const kpis = meta.kpis.filter((kpi) => kpi.category.id === category?.id);
  const hasOwnColumns = !!category && category.flexibleColumnsConfig.length > 0;
  const defaultView: View = hasOwnColumns ? "flexible_columns" : "actual_comparison";
  const chosenView: View = view ?? defaultView;
  const columns: readonly FlexibleColumn[] =
    chosenView === "flexible_columns" && category
      ? category.flexibleColumnsConfig
      : version
        ? actualComparisonColumns("planning", fullYear).map((column) => (column.id === "comparison" ? { ...column, title: version.name } : column.id === "full-year" ? { ...column, title: `${version.name} FY` } : column))
        : actualComparisonColumns(compareWith, fullYear);
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
        planningVersion: chosenView === "actual_comparison" && version ? version.id : null,
      } as const)
    : null;
  const values = useKpiView(valuesCommand);

  const comparison = chosenView === "actual_comparison";
  const items: FilterBarItem[] = [
    ...period.items,
    {
      key: "range",
      priority: "primary",
      changed: range !== DEFAULTS.range,
      control: <FilterSelect<Range> label="Period" value={range} options={[{ value: "month", label: "Month" }, { value: "ytd", label: "Year to date" }]} onChange={setRange} />,
    },
    {
      key: "view",
      priority: "secondary",
      changed: chosenView !== defaultView,
      control: (
        <FilterSelect<View>
          label="View"
          value={chosenView}
          options={[
            { value: "actual_comparison", label: "Actual comparison" },
            { value: "flexible_columns", label: "Flexible columns", disabled: !hasOwnColumns },
          ]}
          onChange={setView}
        />
      ),
    },
    ...(comparison
      ? [
          {
            key: "compare-with",
            priority: "primary",
            changed: compareWith !== DEFAULTS.compareWith || version !== null,
            control: (
              <FilterSelect<string>
                label="Compare with"
                value={version ? `version:${version.id}` : compareWith}
                options={[...COMPARE_WITH.map((option) => ({ value: option as string, label: COMPARE_WITH_LABEL[option] })), ...versions.list.map((candidate) => ({ value: `version:${candidate.id}`, label: `Version: ${candidate.name}` }))]}
                onChange={(value) => {
                  if (value.startsWith("version:")) {
                    setCompareVersion(Number(value.slice(8)));
                    setCompareWith("planning");
                  } else {
                    setCompareVersion(null);
                    setCompareWith(value as CompareWith);
                  }
                }}
              />
            ),
          } satisfies FilterBarItem,
          {
            key: "full-year",
            priority: "secondary",
            changed: fullYear !== DEFAULTS.fullYear,
            control: (
              <FullYear>
                <Checkbox label="Full year" checked={fullYear} onChange={(event) => setFullYear(event.target.checked)} />
              </FullYear>
            ),
          } satisfies FilterBarItem,
        ]
      : []),
  ];
  const reset = () => {
    period.resetReportingPeriod();
    setRange(DEFAULTS.range);
    setView(null);
    setCompareWith(DEFAULTS.compareWith);
    setCompareVersion(null);
    setFullYear(DEFAULTS.fullYear);
    setSelectedColumnIds(undefined);
  };
  const selectionName = periodName(selection.start, selection.end, frame.fiscalYearOffset);

  return (
    <Page as="section" aria-labelledby="financial-title" aria-busy={values?.status === "loading"}>
      <PageHeader
        headingId="financial-title"
        title="Financial dashboard"
        description={
          category ? (
            <>
              {category.name} for {selectionName}
              {selection.start !== selection.end && selectionName !== monthRangeLabel(selection.start, selection.end) ? ` (${monthRangeLabel(selection.start, selection.end)})` : ""}. Money in each column is shown in the one scale its header names; ◐ marks a figure
              that only part of its period's months stand behind.
            </>
          ) : undefined
        }
      />
      {categories.length > 0 ? <CategoryTabs categories={categories} currentId={category?.id} /> : null}
      {loaded?.status === "error" ? <Alert tone="warning">{NO_CATEGORIES_DATA}: the categories show without their own columns.</Alert> : null}
      <FilterBar label="Financial dashboard filters" items={items} onReset={reset} />
      {meta.status === "error" ? <ErrorState message={meta.message ?? "The KPIs could not be loaded."} /> : null}
      {values?.status === "error" ? <ErrorState message={values.message ?? "The values could not be loaded."} onRetry={() => valuesCommand && dispatch(valuesCommand)} /> : null}
      {meta.status === "loaded" && !category ? <EmptyState title="There are no financial categories yet." /> : null}
      {values?.data && category ? (
        <section aria-label={`${category.name} table`} className="table-section">
          {comparison ? (
            <TableTools>
              <ColumnPicker columns={columns} selectedColumnIds={selectedColumnIds} onChange={setSelectedColumnIds} />
            </TableTools>
          ) : null}
          <FinancialTable
            kpis={kpis}
            values={{ kpis: values.data }}
            columns={columns}
            selection={selection}
            fiscalYearOffset={frame.fiscalYearOffset}
            currency={frame.currency}
            selectedColumnIds={comparison ? selectedColumnIds : undefined}
            label={`${category.name}, ${selectionName}`}
          />
        </section>
      ) : ready && values?.status !== "error" ? (
        <LoadingState label="Loading values…" />
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

/** The checkbox lines up with the compact controls' boxes, under their captions. */
const FullYear = styled.div`
  display: flex;
  align-items: center;
  min-height: 28px;
`;

const TableTools = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${SPACE.sm};
`;
