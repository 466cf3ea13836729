import { aggregateValues, type AggregationType } from "../kpi/aggregation";
import { dimensionsOf } from "../kpi/dimension-key";
import type { MonthIndex } from "../months";

/**
 * A KPI's value for a period split by one dimension (Region, Product, …): the values stored
 * under each dimension key, each key's months aggregated by the KPI's type, then added up over
 * the other dimensions (Region "DACH" = DACH × Subscription + DACH × Services). Shares are of the
 * sum of the parts; the KPI's own total is reported beside it, so a part that is missing from the
 * upload shows as a gap rather than being hidden.
 */
export interface DimensionValue {
  readonly dimensionKey: string;
  readonly month: MonthIndex;
  readonly series: "actual" | "planning";
  readonly value: number;
}

export interface DimensionRow {
  readonly member: string;
  readonly value: number | null;
  /** Of the parts' sum; null without a value or a zero sum. */
  readonly share: number | null;
  readonly base: number | null;
  readonly plan: number | null;
}

/** The dimension names the keys use, in order of first appearance. */
export function dimensionNames(keys: Iterable<string>): string[] {
  const names: string[] = [];
  for (const key of keys) for (const [name] of dimensionsOf(key)) if (!names.includes(name)) names.push(name);
  return names;
}

/**
 * Rows per member of `dimension` for `months` (actuals), compared with `baseMonths` of the base
 * series, and the plan of `months`; members in order of their value, largest first.
 */
export function splitByDimension(
  values: readonly DimensionValue[],
  dimension: string,
  type: AggregationType,
  window: { months: readonly MonthIndex[]; baseMonths: readonly MonthIndex[]; baseSeries: "actual" | "planning" },
): { rows: DimensionRow[]; total: number | null } {
  const memberOf = new Map<string, string | null>();
  const member = (key: string) => {
    if (!memberOf.has(key)) memberOf.set(key, dimensionsOf(key).find(([name]) => name === dimension)?.[1] ?? null);
    return memberOf.get(key)!;
  };
  const figure = (months: readonly MonthIndex[], series: "actual" | "planning") => {
    const wanted = new Set(months);
    // Per key its months' values in month order, then per member the keys' figures added up.
    const byKey = new Map<string, { month: MonthIndex; value: number }[]>();
    for (const each of values) {
      if (each.series !== series || !wanted.has(each.month) || member(each.dimensionKey) === null) continue;
      const list = byKey.get(each.dimensionKey) ?? [];
      list.push({ month: each.month, value: each.value });
      byKey.set(each.dimensionKey, list);
    }
    const byMember = new Map<string, number>();
    for (const [key, list] of byKey) {
      const value = aggregateValues(list.sort((a, b) => a.month - b.month).map((each) => each.value), type);
      if (value === null) continue;
      byMember.set(member(key)!, (byMember.get(member(key)!) ?? 0) + value);
    }
    return byMember;
  };
  const now = figure(window.months, "actual");
  const base = figure(window.baseMonths, window.baseSeries);
  const plan = figure(window.months, "planning");
  const members = [...new Set([...now.keys(), ...base.keys(), ...plan.keys()])];
  const total = now.size === 0 ? null : [...now.values()].reduce((sum, value) => sum + value, 0);
  const rows = members.map((name): DimensionRow => {
    const value = now.get(name) ?? null;
    return { member: name, value, share: value === null || !total ? null : value / total, base: base.get(name) ?? null, plan: plan.get(name) ?? null };
  });
  rows.sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity) || a.member.localeCompare(b.member));
  return { rows, total };
}
