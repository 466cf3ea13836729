import type { SectionData } from "../../../../contracts/investor-reporting";
import { formatKpiValue, withLeadingMinus, formatNumber } from "../../../../domain/kpi/number-format";
import { absentDeviationText, percentDeviation } from "../../../../domain/kpi/percent-deviation";

/**
 * The table of a KPI section (kpi, financial_reporting, planning, forecasting) as rows of text,
 * so the screen, paper and tests read one model. Two views (spec section 3, selectedView):
 * - actual_comparison: per KPI a group of rows — Actual, the base it is compared with (Plan when
 *   the section compares with planning, else the comparison range's actuals), then Deviation and
 *   Deviation % as the section's switches say — over the columns of the reported range (view
 *   type month, quarter or year) and the aggregates YTD, LTM and FY at the range's end;
 * - flexible_columns: one row per KPI, the reported range's actuals, then the comparison range's,
 *   then YTD and LTM actuals.
 */
export type KpiSection = Extract<SectionData, { kind: "kpis" }>;
type SectionKpi = KpiSection["kpis"][number];

export interface TableColumn {
  readonly key: string;
  readonly label: string;
  /** A second header line (the range a column covers, "vs Apr 2025"). */
  readonly detail: string;
  readonly group: "reported" | "compared" | "aggregate";
}

export interface TableRow {
  readonly key: string;
  /** The first cell: the KPI's name, or the line of a KPI's group. */
  readonly label: string;
  readonly kind: "kpi" | "line";
  /** Cells as text; a deviation carries its sign, so the colour is never the only clue. */
  readonly cells: readonly string[];
  /**
   * Deviation lines: per cell whether it lies in the KPI's good direction (a cost below plan is
   * good). Absent on other lines, and where the figures do not say which direction is good
   * (figures frozen before it was kept), rather than guessing and showing a cost overrun green.
   */
  readonly tones?: readonly Tone[];
}

export type Tone = "good" | "bad" | "neutral";

export interface KpiTable {
  readonly columns: readonly TableColumn[];
  readonly rows: readonly TableRow[];
}

const AGGREGATES = [
  { key: "ytd", label: "YTD", detail: "Year to date" },
  { key: "ltm", label: "LTM", detail: "Last 12 months" },
  { key: "fy", label: "FY", detail: "Full year" },
] as const;

export function kpiTable(section: KpiSection, view: "actual_comparison" | "flexible_columns", currency: string): KpiTable {
  return view === "flexible_columns" ? flexibleTable(section, currency) : comparisonTable(section, currency);
}

function comparisonTable(section: KpiSection, currency: string): KpiTable {
  const reference = section.kpis[0];
  const columns: TableColumn[] = [
    ...(reference?.history ?? []).map((bucket, index) => ({ key: `r${index}`, label: bucket.label, detail: section.compareWithPlanning ? (bucket.rangeLabel === bucket.label ? "" : bucket.rangeLabel) : `vs ${reference?.comparison[index]?.label ?? "–"}`, group: "reported" as const })),
    ...AGGREGATES.map((aggregate) => ({ ...aggregate, group: "aggregate" as const })),
  ];
  const baseName = section.compareWithPlanning ? "Plan" : "Compared period";
  const rows = section.kpis.flatMap((kpi): TableRow[] => {
    const format = (value: number | null | undefined) => formatKpiValue(value ?? null, kpi.unit, { currency });
    const pairs = [
      ...kpi.history.map((bucket, index) => ({ actual: bucket.actual, base: section.compareWithPlanning ? bucket.planning : (kpi.comparison[index]?.actual ?? null) })),
      ...aggregatePairs(kpi, section.compareWithPlanning),
    ];
    const lines: TableRow[] = [
      { key: `${kpi.id}`, label: kpi.name, kind: "kpi", cells: pairs.map(() => "") },
      { key: `${kpi.id}/actual`, label: "Actual", kind: "line", cells: pairs.map((pair) => format(pair.actual)) },
      { key: `${kpi.id}/base`, label: baseName, kind: "line", cells: pairs.map((pair) => format(pair.base)) },
    ];
    const tones = kpi.higherIsBetter === undefined ? {} : { tones: pairs.map((pair) => toneOf(pair.actual, pair.base, kpi.higherIsBetter!)) };
    if (section.deviation) lines.push({ key: `${kpi.id}/deviation`, label: "Deviation", kind: "line", cells: pairs.map((pair) => deviationCell(pair.actual, pair.base, kpi.unit, currency)), ...tones });
    if (section.percentDeviation) lines.push({ key: `${kpi.id}/percent`, label: "Deviation %", kind: "line", cells: pairs.map((pair) => percentCell(pair.actual, pair.base, baseName === "Plan" ? "plan" : "base")), ...tones });
    return lines;
  });
  return { columns, rows };
}

function flexibleTable(section: KpiSection, currency: string): KpiTable {
  const reference = section.kpis[0];
  const columns: TableColumn[] = [
    ...(reference?.history ?? []).map((bucket, index) => ({ key: `r${index}`, label: bucket.label, detail: "Actual", group: "reported" as const })),
    ...(reference?.comparison ?? []).map((bucket, index) => ({ key: `c${index}`, label: bucket.label, detail: "Compared", group: "compared" as const })),
    ...AGGREGATES.slice(0, 2).map((aggregate) => ({ ...aggregate, detail: `${aggregate.detail}, actual`, group: "aggregate" as const })),
  ];
  const rows = section.kpis.map((kpi): TableRow => {
    const format = (value: number | null | undefined) => formatKpiValue(value ?? null, kpi.unit, { currency });
    return {
      key: `${kpi.id}`,
      label: kpi.name,
      kind: "kpi",
      cells: [...kpi.history.map((bucket) => format(bucket.actual)), ...kpi.comparison.map((bucket) => format(bucket.actual)), format(kpi.aggregates?.ytd.actualValue), format(kpi.aggregates?.ltm.value)],
    };
  });
  return { columns, rows };
}

/**
 * The aggregates' actual and base: against the plan, the pairs over the months that have both
 * (never twelve months of actuals against seven of plan); otherwise against last year.
 */
function aggregatePairs(kpi: SectionKpi, withPlanning: boolean) {
  const aggregates = kpi.aggregates;
  if (!aggregates) return AGGREGATES.map(() => ({ actual: null, base: null }));
  if (withPlanning)
    return [
      { actual: aggregates.ytd.actualVsPlanning.actualValue, base: aggregates.ytd.actualVsPlanning.planningValue },
      { actual: aggregates.ltm.actualVsPlanning.actualValue, base: aggregates.ltm.actualVsPlanning.planningValue },
      { actual: aggregates.fullyear.actualPlanningValue, base: aggregates.fullyear.planningValue },
    ];
  return [
    { actual: aggregates.ytd.actualVsLastYear.actualValue, base: aggregates.ytd.actualVsLastYear.lastYearValue },
    { actual: aggregates.ltm.value, base: null },
    { actual: aggregates.fullyear.actualPlanningValue, base: aggregates.fullyear.lastYearValue },
  ];
}

function toneOf(actual: number | null, base: number | null, higherIsBetter: boolean): Tone {
  if (actual === null || base === null || actual === base) return "neutral";
  return actual > base === higherIsBetter ? "good" : "bad";
}

function deviationCell(actual: number | null, base: number | null, unit: string, currency: string) {
  if (actual === null || base === null) return "–";
  const difference = actual - base;
  // A percentage KPI deviates in percentage points.
  const text = unit === "percentage" ? withLeadingMinus(difference, (size) => `${formatNumber(size, 1)} pp`) : formatKpiValue(difference, unit, { currency });
  return difference > 0 && /[1-9]/.test(text) ? `+${text}` : text;
}

function percentCell(actual: number | null, base: number | null, against: string) {
  const deviation = percentDeviation(actual, base);
  if (deviation.kind === "percent") return deviation.text;
  return actual === null && base === null ? "–" : absentDeviationText(deviation, against);
}
