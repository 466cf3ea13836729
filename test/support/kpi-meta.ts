import type { KpiMeta } from "../../src/contracts/kpis";

/**
 * A KPI as GET /api/kpis/meta/ answers it, for view and domain tests: a plain, validated,
 * writable, monthly cum KPI in a "Sales" KPI category, with `over` on top.
 */
export function kpiMeta(id: number, over: Partial<KpiMeta> = {}): KpiMeta {
  return {
    id,
    key: `kpi_${id}`,
    name: `KPI ${id}`,
    description: "",
    category: { id: 1, name: "Sales", kind: "kpi", isComplex: false, flexibleColumnsConfig: [] },
    parentId: null,
    benchmarks: { valueBottom25: null, valueMedian50: null, valueTop25: null, top5: null },
    aggregationType: "cum",
    higherIsBetter: true,
    favorite: false,
    sensitivity: 0,
    isCalculated: false,
    formula: null,
    periodRule: "sum",
    unit: "number",
    cadence: "monthly",
    validationState: "validated",
    lastActualDate: null,
    outdated: false,
    writable: true,
    overrideForecasting: false,
    customDashboards: [],
    customDashboardsKpi: [],
    ...over,
  };
}
