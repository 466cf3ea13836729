import type { AggregationType, KpiUnit, ReportingCadence, ValidationState } from "../schema";

/**
 * The demo KPI catalogue. Each KPI says how its monthly series behaves (`shape`) around its
 * level in January 2026 (`base`):
 * - flow: a monthly amount (revenue, hires): grows by `growth` a year, swings by `season`;
 * - level: a stock at month end (cash, customers): grows by `growth` a year;
 * - ratio: a rate or duration (margin, days): moves by `growth` points a year, plus `season`;
 * - binary: 1 with probability `base`.
 * `noise` is the relative (flow, level) or absolute (ratio) deviation of one month.
 * KPIs with a `formula` are calculated from other KPIs' keys and have no stored values; the
 * margins are weighted ratios (`weightedRatio`: a quarter's margin is the quarter's profit over the
 * quarter's revenue), the other calculated KPIs aggregate their monthly values by their type.
 */
export type SeriesShape = "flow" | "level" | "ratio" | "binary";

export interface DemoKpi {
  readonly key: string;
  readonly name: string;
  readonly category: DemoCategoryName;
  readonly unit: KpiUnit;
  readonly aggregation: AggregationType;
  readonly shape: SeriesShape;
  readonly base: number;
  readonly growth?: number;
  readonly season?: number;
  readonly noise?: number;
  readonly min?: number;
  readonly max?: number;
  readonly integer?: boolean;
  readonly higherIsBetter?: boolean;
  readonly sensitivity?: 0 | 1 | 2 | 3;
  readonly cadence?: ReportingCadence;
  readonly validation?: ValidationState;
  readonly formula?: string;
  /** A calculated KPI whose period figures are its formula over its inputs' period figures. */
  readonly weightedRatio?: boolean;
  readonly parent?: string;
  readonly description?: string;
}

export const DEMO_CATEGORIES = [
  { name: "P&L", kind: "financial" },
  { name: "Financial", kind: "kpi" },
  { name: "Sales", kind: "kpi" },
  { name: "SaaS", kind: "kpi" },
  { name: "People", kind: "kpi" },
  { name: "Product", kind: "kpi" },
  { name: "Operations", kind: "kpi" },
] as const;

export type DemoCategoryName = (typeof DEMO_CATEGORIES)[number]["name"];

const cost = { higherIsBetter: false } as const;

export const DEMO_KPIS: readonly DemoKpi[] = [
  // P&L: the financial dashboard's category set, in statement order.
  { key: "revenue", name: "Revenue", category: "P&L", unit: "currency", aggregation: "cum", shape: "flow", base: 1_000_000, growth: 0.25, season: 0.08, noise: 0.04, sensitivity: 1 },
  { key: "cogs", name: "Cost of goods sold", category: "P&L", unit: "currency", aggregation: "cum", shape: "flow", base: 320_000, growth: 0.2, season: 0.06, noise: 0.05, sensitivity: 1, ...cost },
  { key: "gross_profit", name: "Gross profit", category: "P&L", unit: "currency", aggregation: "cum", shape: "flow", base: 680_000, sensitivity: 1, formula: "revenue - cogs" },
  { key: "total_opex", name: "Operating expenses", category: "P&L", unit: "currency", aggregation: "cum", shape: "flow", base: 605_000, sensitivity: 1, formula: "personnel_costs + marketing_costs + rent_office + other_opex", ...cost },
  { key: "personnel_costs", name: "Personnel costs", category: "P&L", unit: "currency", aggregation: "cum", shape: "flow", base: 380_000, growth: 0.18, noise: 0.02, sensitivity: 2, parent: "total_opex", ...cost },
  { key: "marketing_costs", name: "Marketing costs", category: "P&L", unit: "currency", aggregation: "cum", shape: "flow", base: 120_000, growth: 0.2, season: 0.15, noise: 0.1, sensitivity: 1, parent: "total_opex", ...cost },
  { key: "rent_office", name: "Rent and office", category: "P&L", unit: "currency", aggregation: "cum", shape: "flow", base: 45_000, growth: 0.05, noise: 0.01, sensitivity: 1, parent: "total_opex", ...cost },
  { key: "other_opex", name: "Other operating expenses", category: "P&L", unit: "currency", aggregation: "cum", shape: "flow", base: 60_000, growth: 0.1, noise: 0.08, sensitivity: 1, parent: "total_opex", ...cost },
  { key: "ebitda", name: "EBITDA", category: "P&L", unit: "currency", aggregation: "cum", shape: "flow", base: 75_000, sensitivity: 2, formula: "gross_profit - total_opex" },
  { key: "depreciation", name: "Depreciation and amortisation", category: "P&L", unit: "currency", aggregation: "cum", shape: "flow", base: 25_000, growth: 0.05, noise: 0.01, sensitivity: 1, ...cost },
  { key: "ebit", name: "EBIT", category: "P&L", unit: "currency", aggregation: "cum", shape: "flow", base: 50_000, sensitivity: 2, formula: "ebitda - depreciation" },

  { key: "cash_balance", name: "Cash balance", category: "Financial", unit: "currency", aggregation: "dd", shape: "level", base: 4_500_000, growth: 0.1, noise: 0.03, sensitivity: 3 },
  { key: "net_burn", name: "Net burn", category: "Financial", unit: "currency", aggregation: "cum", shape: "flow", base: 80_000, growth: -0.2, noise: 0.2, sensitivity: 2, ...cost },
  { key: "runway", name: "Runway", category: "Financial", unit: "months", aggregation: "dd", shape: "ratio", base: 24, growth: -1, noise: 1, min: 0, sensitivity: 2 },
  { key: "dso", name: "Days sales outstanding", category: "Financial", unit: "days", aggregation: "ad", shape: "ratio", base: 42, growth: -2, noise: 3, min: 5, ...cost },
  { key: "dpo", name: "Days payables outstanding", category: "Financial", unit: "days", aggregation: "ad", shape: "ratio", base: 35, noise: 2, min: 5 },
  { key: "gross_margin", name: "Gross margin", category: "Financial", unit: "percentage", aggregation: "ad", shape: "ratio", base: 68, sensitivity: 1, formula: "gross_profit / revenue * 100", weightedRatio: true },
  { key: "ebitda_margin", name: "EBITDA margin", category: "Financial", unit: "percentage", aggregation: "ad", shape: "ratio", base: 7.5, sensitivity: 2, formula: "ebitda / revenue * 100", weightedRatio: true },
  { key: "capex", name: "Capital expenditure", category: "Financial", unit: "currency", aggregation: "cum", shape: "flow", base: 30_000, noise: 0.3, sensitivity: 1, ...cost },
  { key: "monthly_close_on_time", name: "Monthly close on time", category: "Financial", unit: "binary", aggregation: "dd", shape: "binary", base: 0.85 },

  { key: "new_bookings", name: "New bookings", category: "Sales", unit: "currency", aggregation: "cum", shape: "flow", base: 180_000, growth: 0.3, season: 0.12, noise: 0.12, sensitivity: 1 },
  { key: "pipeline_value", name: "Pipeline value", category: "Sales", unit: "currency", aggregation: "dd", shape: "level", base: 2_400_000, growth: 0.3, noise: 0.06 },
  { key: "win_rate", name: "Win rate", category: "Sales", unit: "percentage", aggregation: "ad", shape: "ratio", base: 24, growth: 1, noise: 2.5, min: 0, max: 100 },
  { key: "deals_won", name: "Deals won", category: "Sales", unit: "number", aggregation: "cum", shape: "flow", base: 18, growth: 0.25, season: 0.1, noise: 0.15, integer: true },
  { key: "avg_deal_size", name: "Average deal size", category: "Sales", unit: "currency", aggregation: "ad", shape: "level", base: 10_000, growth: 0.05, noise: 0.08 },
  { key: "sales_cycle", name: "Sales cycle length", category: "Sales", unit: "days", aggregation: "ad", shape: "ratio", base: 48, growth: -2, noise: 4, min: 5, ...cost },
  { key: "qualified_leads", name: "Sales-qualified leads", category: "Sales", unit: "number", aggregation: "cum", shape: "flow", base: 140, growth: 0.3, season: 0.1, noise: 0.1, integer: true, cadence: "weekly" },
  { key: "quota_attainment", name: "Quota attainment", category: "Sales", unit: "percentage", aggregation: "ad", shape: "ratio", base: 92, noise: 8, min: 0, validation: "in_validation" },
  { key: "sales_reps", name: "Quota-carrying reps", category: "Sales", unit: "positions", aggregation: "dd", shape: "level", base: 12, growth: 0.2, integer: true },

  { key: "mrr", name: "Monthly recurring revenue", category: "SaaS", unit: "currency", aggregation: "dd", shape: "level", base: 850_000, growth: 0.28, noise: 0.01, sensitivity: 1 },
  { key: "arr", name: "Annual recurring revenue", category: "SaaS", unit: "currency", aggregation: "dd", shape: "level", base: 10_200_000, sensitivity: 1, formula: "mrr * 12" },
  { key: "customers", name: "Paying customers", category: "SaaS", unit: "number", aggregation: "dd", shape: "level", base: 620, growth: 0.22, noise: 0.01, integer: true },
  { key: "new_customers", name: "New customers", category: "SaaS", unit: "number", aggregation: "cum", shape: "flow", base: 38, growth: 0.2, season: 0.1, noise: 0.15, integer: true },
  { key: "churned_customers", name: "Churned customers", category: "SaaS", unit: "number", aggregation: "cum", shape: "flow", base: 9, noise: 0.25, integer: true, ...cost },
  { key: "logo_churn", name: "Logo churn rate", category: "SaaS", unit: "percentage", aggregation: "ad", shape: "ratio", base: 1.5, growth: -0.1, noise: 0.3, min: 0, ...cost },
  { key: "nrr", name: "Net revenue retention", category: "SaaS", unit: "percentage", aggregation: "ad", shape: "ratio", base: 108, growth: 1, noise: 1.5, min: 0 },
  { key: "arpa", name: "Average revenue per account", category: "SaaS", unit: "currency", aggregation: "ad", shape: "level", base: 1_370, formula: "mrr / customers" },
  { key: "cac", name: "Customer acquisition cost", category: "SaaS", unit: "currency", aggregation: "ad", shape: "level", base: 9_000, growth: 0.05, noise: 0.1, sensitivity: 1, ...cost },
  { key: "ltv_cac", name: "LTV to CAC ratio", category: "SaaS", unit: "number", aggregation: "ad", shape: "ratio", base: 3.4, growth: 0.1, noise: 0.2, min: 0 },
  { key: "cac_payback", name: "CAC payback period", category: "SaaS", unit: "months", aggregation: "ad", shape: "ratio", base: 14, growth: -0.5, noise: 1, min: 1, ...cost },
  { key: "expansion_mrr", name: "Expansion MRR", category: "SaaS", unit: "currency", aggregation: "cum", shape: "flow", base: 22_000, growth: 0.3, noise: 0.15 },

  { key: "headcount", name: "Headcount", category: "People", unit: "number", aggregation: "dd", shape: "level", base: 118, growth: 0.18, integer: true },
  { key: "new_hires", name: "New hires", category: "People", unit: "number", aggregation: "cum", shape: "flow", base: 4, growth: 0.2, noise: 0.4, integer: true },
  { key: "attrition", name: "Employee attrition", category: "People", unit: "percentage", aggregation: "ad", shape: "ratio", base: 1.2, noise: 0.5, min: 0, sensitivity: 2, ...cost },
  { key: "enps", name: "Employee NPS", category: "People", unit: "number", aggregation: "ad", shape: "ratio", base: 32, growth: 2, noise: 5, min: -100, max: 100, cadence: "quarterly", sensitivity: 2 },
  { key: "open_positions", name: "Open positions", category: "People", unit: "positions", aggregation: "dd", shape: "level", base: 11, noise: 0.2, integer: true },
  { key: "time_to_hire", name: "Time to hire", category: "People", unit: "days", aggregation: "ad", shape: "ratio", base: 41, growth: -1, noise: 5, min: 5, ...cost },
  { key: "sick_leave", name: "Sick leave rate", category: "People", unit: "percentage", aggregation: "ad", shape: "ratio", base: 3.8, season: 1, noise: 0.6, min: 0, sensitivity: 3, ...cost },
  { key: "revenue_per_employee", name: "Revenue per employee", category: "People", unit: "currency", aggregation: "ad", shape: "level", base: 8_500, sensitivity: 1, formula: "revenue / headcount" },
  { key: "training_hours", name: "Training hours per employee", category: "People", unit: "number", aggregation: "ad", shape: "ratio", base: 3.5, noise: 0.8, min: 0, cadence: "quarterly", validation: "unvalidated" },

  { key: "mau", name: "Monthly active users", category: "Product", unit: "number", aggregation: "dd", shape: "level", base: 48_000, growth: 0.3, noise: 0.03, integer: true, cadence: "automated" },
  { key: "dau_mau", name: "DAU/MAU ratio", category: "Product", unit: "percentage", aggregation: "ad", shape: "ratio", base: 38, noise: 1.5, min: 0, max: 100, cadence: "automated" },
  { key: "feature_adoption", name: "Feature adoption rate", category: "Product", unit: "percentage", aggregation: "ad", shape: "ratio", base: 46, growth: 3, noise: 2, min: 0, max: 100 },
  { key: "nps", name: "Net promoter score", category: "Product", unit: "number", aggregation: "ad", shape: "ratio", base: 41, growth: 1, noise: 3, min: -100, max: 100, cadence: "quarterly" },
  { key: "uptime", name: "Uptime", category: "Product", unit: "percentage", aggregation: "ad", shape: "ratio", base: 99.93, noise: 0.04, min: 98, max: 100, cadence: "automated" },
  { key: "releases", name: "Releases shipped", category: "Product", unit: "number", aggregation: "cum", shape: "flow", base: 14, noise: 0.25, integer: true },
  { key: "critical_bugs_open", name: "Open critical bugs", category: "Product", unit: "number", aggregation: "dd", shape: "level", base: 7, noise: 0.3, integer: true, ...cost },
  { key: "api_response_time", name: "API response time", category: "Product", unit: "seconds", aggregation: "ad", shape: "ratio", base: 0.42, noise: 0.05, min: 0.05, cadence: "automated", ...cost },

  { key: "support_tickets", name: "Support tickets", category: "Operations", unit: "number", aggregation: "cum", shape: "flow", base: 980, growth: 0.15, season: 0.1, noise: 0.08, integer: true, cadence: "weekly", ...cost },
  { key: "first_response_time", name: "First response time", category: "Operations", unit: "seconds", aggregation: "ad", shape: "ratio", base: 5_400, growth: -300, noise: 600, min: 300, ...cost },
  { key: "csat", name: "Customer satisfaction", category: "Operations", unit: "percentage", aggregation: "ad", shape: "ratio", base: 91, noise: 1.5, min: 0, max: 100 },
  { key: "on_time_delivery", name: "On-time delivery", category: "Operations", unit: "percentage", aggregation: "ad", shape: "ratio", base: 94, noise: 2, min: 0, max: 100 },
  { key: "implementation_time", name: "Implementation time", category: "Operations", unit: "days", aggregation: "ad", shape: "ratio", base: 28, growth: -1.5, noise: 3, min: 3, ...cost },
];
