import type { SectionData } from "../../../../src/contracts/investor-reporting";
import { bucket } from "../../../domain/charts/fixtures";

export type KpiSectionData = Extract<SectionData, { kind: "kpis" }>;

/** Revenue (money) and gross margin (a percentage) over two quarters, compared with the year before. */
export function kpiSection(overrides: Partial<KpiSectionData> = {}): KpiSectionData {
  return {
    kind: "kpis",
    categoryId: null,
    viewType: "quarter",
    to: { startDate: "2026-01-01", endDate: "2026-06-01" },
    from: { startDate: "2025-01-01", endDate: "2025-06-01" },
    compareWithPlanning: true,
    showComments: true,
    percentDeviation: true,
    deviation: true,
    kpis: [
      { id: 1, name: "Revenue", unit: "currency", history: [bucket("Q1 2026", "2026-01-01", { actual: 1_200_000, planning: 1_000_000 }), bucket("Q2 2026", "2026-04-01", { actual: 900_000, planning: 1_000_000 })], comparison: [bucket("Q1 2025", "2025-01-01", { actual: 800_000 }), bucket("Q2 2025", "2025-04-01", { actual: 1_000_000 })], aggregates: null },
      { id: 2, name: "Gross margin", unit: "percentage", history: [bucket("Q1 2026", "2026-01-01", { actual: 62, planning: 60 }), bucket("Q2 2026", "2026-04-01", { actual: 58 })], comparison: [bucket("Q1 2025", "2025-01-01", { actual: 55 }), bucket("Q2 2025", "2025-04-01", {})], aggregates: null },
    ],
    ...overrides,
  };
}
