/**
 * Custom KPIs (issue 15): KPIs a company adds beside the catalogue's. They are stored KPIs (their
 * values entered, uploaded or synchronized); a calculated KPI is built in the query builder.
 * Their key, which formulas name them by, is made once from the name and never changes.
 */
export const CUSTOM_KEY_PREFIX = "custom_";
const KEY_STEM_LENGTH = 40;

/** A key for a new custom KPI named `name`, unlike every key in `taken`: custom_net_revenue, custom_net_revenue_2, … */
export function customKpiKey(name: string, taken: ReadonlySet<string>): string {
  const stem =
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, KEY_STEM_LENGTH)
      .replace(/_+$/, "") || "kpi";
  const base = `${CUSTOM_KEY_PREFIX}${stem}`;
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix++) if (!taken.has(`${base}_${suffix}`)) return `${base}_${suffix}`;
}

/**
 * Which settings a KPI's editor may change (docs/decisions.md, "Glossary, benchmarks and KPI
 * management"): a catalogue KPI keeps what its values and formulas mean (name, unit, aggregation,
 * good direction, category, formula) and cannot be deleted; the company tunes who sees it, how
 * often it is reported, whether it is validated and who answers for it. A custom KPI is the
 * company's own: all of it.
 */
export const CATALOGUE_KPI_FIELDS = ["sensitivity", "cadence", "validationState"] as const;
export const CUSTOM_KPI_FIELDS = ["name", "description", "categoryId", "unit", "aggregationType", "higherIsBetter", "sensitivity", "cadence", "validationState"] as const;
export type KpiSettingField = (typeof CUSTOM_KPI_FIELDS)[number];

/** The fields of a change a KPI does not allow (empty: all allowed). */
export function disallowedFields(isCustom: boolean, changed: readonly string[]): string[] {
  const allowed: readonly string[] = isCustom ? CUSTOM_KPI_FIELDS : CATALOGUE_KPI_FIELDS;
  return changed.filter((field) => !allowed.includes(field));
}

export const CATALOGUE_FIELD_FIXED = "This is a catalogue KPI: its meaning stays as delivered. Create a custom KPI to measure it differently.";
