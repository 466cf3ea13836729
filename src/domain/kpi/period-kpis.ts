import type { MonthIndex } from "../months";
import { byAggregationType, type AggregationType, type Measure } from "./aggregation";
import { dependenciesOf, evaluateFormula, type Formula } from "./formula";
import type { KpiSeries } from "./kpi-aggregates";

/**
 * One month of a KPI as its period rule reads it: its value, or, for a weighted ratio, its
 * inputs' months by key (a margin's month is that month's gross profit and revenue, so a
 * quarter can add those up before dividing).
 */
export type Observation = number | InputMonths;
export interface InputMonths extends ReadonlyMap<string, Observation> {}

/** A KPI ready for period figures: its months and how they make a figure (kpiAggregates, kpiHistory). */
export interface PeriodKpi {
  readonly series: KpiSeries<Observation>;
  readonly measure: Measure<Observation>;
}

/** A calculated KPI: its parsed formula, aggregation type and whether it is a weighted ratio. */
export interface CalculatedKpi {
  readonly key: string;
  readonly formula: Formula;
  readonly aggregationType: AggregationType;
  readonly weightedRatio: boolean;
}

const SERIES = ["actual", "planning", "forecast"] as const;

/** A stored KPI: its values, aggregated by its type. */
export function storedPeriodKpi(series: KpiSeries<number>, type: AggregationType): PeriodKpi {
  return { series, measure: byType(type) };
}

/**
 * Adds the calculated KPIs to `known` (stored KPIs by key), in `calculated`'s order, which must
 * be an evaluation order (formula.ts `evaluationOrder`), for the months `months`:
 * - by type (sum, average, last): the formula month by month over the inputs' monthly values,
 *   then aggregated by the KPI's own type, like a stored KPI (a quarter's revenue per employee is
 *   the average of its three monthly values, not three times one);
 * - a weighted ratio: a month exists when every input has one, and a period's figure is the
 *   formula over the inputs' figures of those months, each input by its own rule (a quarter's
 *   gross margin is the quarter's gross profit over the quarter's revenue).
 * A formula input that names no known KPI has no months, so the KPI has none either.
 */
export function addCalculatedKpis(known: Map<string, PeriodKpi>, calculated: readonly CalculatedKpi[], months: readonly MonthIndex[]): void {
  for (const kpi of calculated) known.set(kpi.key, kpi.weightedRatio ? weightedRatio(kpi, known, months) : byTypeCalculated(kpi, known, months));
}

/** A month's value of a KPI: its figure over that month alone. */
export function monthValue(kpi: PeriodKpi, observation: Observation | undefined): number | null {
  return observation === undefined ? null : kpi.measure([observation]);
}

// A KPI that is not a weighted ratio holds only numbers (stored values or monthly formula values).
const byType = (type: AggregationType) => byAggregationType(type) as Measure<Observation>;

function byTypeCalculated(kpi: CalculatedKpi, known: ReadonlyMap<string, PeriodKpi>, months: readonly MonthIndex[]): PeriodKpi {
  const seriesOf = (name: (typeof SERIES)[number]) => {
    const values = new Map<MonthIndex, number>();
    for (const month of months) {
      const value = evaluateFormula(kpi.formula, (key) => {
        const input = known.get(key);
        return input ? monthValue(input, input.series[name].get(month)) : null;
      });
      if (value !== null) values.set(month, value);
    }
    return values;
  };
  return { series: { actual: seriesOf("actual"), planning: seriesOf("planning"), forecast: seriesOf("forecast") }, measure: byType(kpi.aggregationType) };
}

function weightedRatio(kpi: CalculatedKpi, known: ReadonlyMap<string, PeriodKpi>, months: readonly MonthIndex[]): PeriodKpi {
  const inputs = [...dependenciesOf(kpi.formula)].map((key) => [key, known.get(key)] as const);
  const seriesOf = (name: (typeof SERIES)[number]) => {
    const observations = new Map<MonthIndex, Observation>();
    if (inputs.some(([, input]) => input === undefined)) return observations;
    for (const month of months) {
      const inputMonths = new Map<string, Observation>();
      for (const [key, input] of inputs) {
        const observation = input!.series[name].get(month);
        if (observation === undefined) break;
        inputMonths.set(key, observation);
      }
      if (inputMonths.size === inputs.length) observations.set(month, inputMonths);
    }
    return observations;
  };
  const measure: Measure<Observation> = (observations) =>
    evaluateFormula(kpi.formula, (key) => {
      const input = known.get(key);
      return input ? input.measure(observations.map((observation) => (observation as InputMonths).get(key)!)) : null;
    });
  return { series: { actual: seriesOf("actual"), planning: seriesOf("planning"), forecast: seriesOf("forecast") }, measure };
}
