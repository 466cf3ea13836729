import type { KpiMeta } from "../../../../../contracts/kpis";
import type { Crumb } from "../../../../ui/breadcrumbs";

/** The reporting screens a KPI detail can be opened from, by address prefix. */
const ORIGINS: readonly Crumb[] = [
  { label: "My dashboard", href: "/my-dashboard" },
  { label: "Operational dashboard", href: "/reporting/operational-dashboard" },
  { label: "Strategic dashboard", href: "/reporting/strategic-dashboard" },
  { label: "Financial dashboard", href: "/reporting/financial-dashboard" },
  { label: "List view", href: "/reporting/list-view" },
  { label: "Issues", href: "/reporting/issues" },
  { label: "Actions", href: "/reporting/actions" },
  { label: "KPI tree", href: "/reporting/kpi-tree" },
  { label: "KPI comparison", href: "/reporting/kpi-comparison" },
];

/**
 * The KPI detail's breadcrumbs: the screen the person came from, when the link that opened the
 * detail said so (`history.state.from`, an address of one of ORIGINS, kept with its own path such
 * as a financial category), otherwise the dashboard the KPI lives on (financial KPIs on the
 * financial dashboard, the others on the operational one) or, for a person who may not open that
 * dashboard (an investor reads KPIs without dashboards), the list view or My dashboard; then the
 * KPI itself. Without any screen the person may open, the trail is the KPI alone.
 */
export function detailTrail(kpi: Pick<KpiMeta, "id" | "name" | "category">, from: unknown, mayOpen: (href: string) => boolean = () => true): Crumb[] {
  const self = { label: kpi.name, href: `/reporting/kpi-detail/${kpi.id}` };
  const origin = typeof from === "string" ? ORIGINS.find((screen) => from === screen.href || from.startsWith(`${screen.href}/`) || from.startsWith(`${screen.href}?`)) : undefined;
  if (origin && mayOpen(origin.href)) return [{ label: origin.label, href: from as string }, self];
  const fallbacks = [kpi.category.kind === "financial" ? ORIGINS[3]! : ORIGINS[1]!, ORIGINS[4]!, ORIGINS[0]!];
  const parent = fallbacks.find((crumb) => mayOpen(crumb.href));
  return parent ? [parent, self] : [self];
}

/** Where the link that opened this page said the person came from (wouter `<Link state={{ from }}>`). */
export function cameFrom(): unknown {
  const state: unknown = typeof window === "undefined" ? null : window.history.state;
  return state && typeof state === "object" ? (state as Record<string, unknown>)["from"] : undefined;
}

/** What a KPI's numbers are in, for its subtitle and chart title: money only with a currency. */
export function unitName(unit: string, currency: string): string {
  return unit === "currency" ? `Money in ${currency}` : (UNIT_NAMES[unit] ?? unit);
}

const UNIT_NAMES: Readonly<Record<string, string>> = {
  number: "Number",
  percentage: "Percent",
  positions: "Count",
  binary: "Yes or no",
  seconds: "Seconds",
  days: "Days",
  months: "Months",
  years: "Years",
};
