import { PERIOD_RULES, type PeriodRule } from "../../contracts/kpis";
import type { AggregationType } from "./aggregation";
import { dependenciesOf, formulaText, parseFormula, type Formula } from "./formula";

export { PERIOD_RULES, type PeriodRule };

const BY_TYPE: Readonly<Record<AggregationType, Exclude<PeriodRule, "weighted">>> = { cum: "sum", ad: "average", dd: "last" };

/**
 * How a KPI's period figures are made (contracts PERIOD_RULES): by its own aggregation type,
 * unless it is a calculated KPI declared a weighted ratio. A stored KPI is never weighted (it has
 * no inputs to weigh; the database refuses the flag on one).
 */
export function periodRuleOf(kpi: { readonly aggregationType: AggregationType; readonly isCalculated: boolean; readonly weightedRatio: boolean }): PeriodRule {
  return kpi.isCalculated && kpi.weightedRatio ? "weighted" : BY_TYPE[kpi.aggregationType];
}

const IN_WORDS: Readonly<Record<Exclude<PeriodRule, "weighted">, string>> = {
  sum: "Sum of the monthly values",
  average: "Average of the monthly values",
  last: "Value of the period's last month with data",
};
const INPUTS_OVER: Readonly<Record<Exclude<PeriodRule, "weighted">, string>> = {
  sum: "over the period's sums",
  average: "over the period's averages",
  last: "at the period's last month with data",
};

/**
 * The rule in one line for the KPI detail: "Average of the monthly values", "Average of the
 * monthly values of Revenue ÷ Headcount", "Gross profit ÷ Revenue × 100 over the period's sums".
 * `inputOf` finds a formula's input by key (its name and rule); an unknown key shows as the key.
 */
export function describePeriodRule(
  kpi: { readonly periodRule: PeriodRule; readonly formula: string | null },
  inputOf: (key: string) => { readonly name: string; readonly periodRule: PeriodRule } | undefined,
): string {
  const formula = kpi.formula === null ? null : parsedOrNull(kpi.formula);
  const text = formula && formulaText(formula, (key) => inputOf(key)?.name ?? key);
  if (kpi.periodRule !== "weighted") return text ? `${IN_WORDS[kpi.periodRule]} of ${text}` : IN_WORDS[kpi.periodRule];
  if (!formula || !text) return "The formula over its inputs' figures of the period";
  const rules = new Set([...dependenciesOf(formula)].map((key) => inputOf(key)?.periodRule));
  const [only] = rules;
  return rules.size === 1 && only !== undefined && only !== "weighted" ? `${text} ${INPUTS_OVER[only]}` : `${text}, each input over the period by its own rule`;
}

function parsedOrNull(text: string): Formula | null {
  try {
    return parseFormula(text);
  } catch {
    return null;
  }
}
