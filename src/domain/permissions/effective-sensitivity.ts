import { dependenciesOf, FormulaError, parseFormula } from "../kpi/formula";
import type { Sensitivity } from "./sensitivity";

/**
 * A calculated KPI is at least as sensitive as every KPI its formula reads, transitively.
 * Otherwise its value hands out what the inputs' levels keep back: with personnel costs at level
 * 2 and operating expenses = personnel + three level-1 lines at level 1, a level-1 reader gets
 * personnel costs by subtraction; with ARPA = MRR / customers at level 0 and customers at 0, a
 * level-0 reader gets the level-1 MRR by multiplication. So who may read a KPI is decided by its
 * effective sensitivity (docs/decisions.md, "No confidential value through a formula").
 */
export interface SensitivityKpi {
  readonly key: string;
  readonly sensitivity: number;
  /** The formula text of a calculated KPI; null for a stored one. */
  readonly formula: string | null;
}

/** The highest level: what a formula that cannot be read is treated as (fail closed). */
const HIGHEST: Sensitivity = 3;

/**
 * Each KPI's effective sensitivity, by key: the highest of its own level and the effective levels
 * of the KPIs its formula names. Keys that name no KPI add nothing (they evaluate to no value).
 * A formula that does not parse counts as the highest level, since what it reads is unknown.
 * Formulas in a circle cannot be evaluated, but they must not hang this either: the levels are
 * raised to a fixed point, so every KPI of a circle ends with the circle's highest level.
 */
export function effectiveSensitivities(kpis: Iterable<SensitivityKpi>): Map<string, number> {
  const levels = new Map<string, number>();
  const inputs = new Map<string, readonly string[]>();
  for (const kpi of kpis) {
    const read = kpi.formula === null ? [] : formulaInputs(kpi.formula);
    levels.set(kpi.key, read === null ? HIGHEST : kpi.sensitivity);
    inputs.set(kpi.key, read ?? []);
  }
  // Levels only rise and are bounded, so this ends; each pass lifts every KPI to its inputs' levels,
  // so a chain of n formulas settles within n + 1 passes.
  let changed = true;
  while (changed) {
    changed = false;
    for (const [key, read] of inputs) {
      const highest = Math.max(levels.get(key)!, ...read.map((input) => levels.get(input) ?? 0));
      if (highest > levels.get(key)!) {
        levels.set(key, highest);
        changed = true;
      }
    }
  }
  return levels;
}

/** The keys a formula text reads, or null when it does not parse. */
function formulaInputs(formula: string): string[] | null {
  try {
    return [...dependenciesOf(parseFormula(formula))];
  } catch (error) {
    if (error instanceof FormulaError) return null;
    throw error;
  }
}
