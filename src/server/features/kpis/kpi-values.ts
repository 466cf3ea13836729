import type { KpiMonthValue, KpiType, ValuesResponse } from "../../../contracts/kpis";
import { dependenciesOf, evaluateFormula, evaluationOrder, FormulaError, parseFormula, type Formula } from "../../../domain/kpi/formula";
import { convert, type DatedRate } from "../../../domain/kpi/fx";
import { monthDateOf, monthRange, type MonthIndex } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { HttpError, notFound } from "../../platform/http/errors";
import { loadKpis, loadSeries, loadVersionPlanning, type KpiRow } from "./kpi-repository";
import { mayRead, type Reader } from "./kpi-service";

export interface ValuesOptions {
  readonly first: MonthIndex;
  readonly last: MonthIndex;
  readonly type: KpiType;
  /** Only these KPIs (each must exist and be readable, or the whole request is unknown); null: all. */
  readonly idList: readonly number[] | null;
  readonly includePlanning: boolean;
  /** The chosen named FX rate's dated values; null is local currency. */
  readonly fxRates: readonly DatedRate[] | null;
  /** A saved planning version whose values stand in for the working plan; unknown: 404. */
  readonly planningVersion?: number | null;
}

type MonthSeries = { actual: Map<MonthIndex, number | null>; planning: Map<MonthIndex, number | null>; forecast: Map<MonthIndex, number | null> };

/**
 * Every month from `first` to `last` of the readable KPIs asked for: actual, planning (when asked
 * for), the actual twelve months earlier and the active forecast, money converted month by month.
 * Calculated KPIs apply their formula to their inputs' values of the same month, in dependency
 * order. Readable means by effective sensitivity, so every input of a readable calculated KPI is
 * readable too: no value here is made from one the reader may not see.
 * The data is read with one query per table, whatever the number of KPIs.
 */
export async function valuesFor(context: TenantContext, reader: Reader, options: ValuesOptions): Promise<ValuesResponse> {
  const kpis = await loadKpis(context);
  const byId = new Map(kpis.map((kpi) => [kpi.id, kpi] as const));
  const byKey = new Map(kpis.map((kpi) => [kpi.key, kpi] as const));
  if (options.idList) for (const id of options.idList) if (!byId.has(id) || !mayRead(reader, byId.get(id)!)) throw notFound();
  const asked = options.idList ? new Set(options.idList) : null;
  const requested = kpis.filter(
    (kpi) => mayRead(reader, kpi) && (options.type === "all" || kpi.category_kind === options.type) && (!asked || asked.has(kpi.id)),
  );

  // The stored KPIs behind the requested ones: themselves, or their formulas' inputs, transitively.
  const formulas = new Map<string, Formula>();
  const stored = new Set<number>();
  const visit = (kpi: KpiRow) => {
    if (kpi.formula === null) return void stored.add(kpi.id);
    if (formulas.has(kpi.key)) return;
    const formula = parsedFormula(kpi);
    formulas.set(kpi.key, formula);
    for (const input of dependenciesOf(formula)) {
      const inputKpi = byKey.get(input);
      if (inputKpi) visit(inputKpi);
    }
  };
  requested.forEach(visit);

  const { first, last, fxRates } = options;
  const raw = await loadSeries(context, [...stored], first - 12, last);
  if (options.planningVersion != null) {
    const version = await loadVersionPlanning(context, options.planningVersion, [...stored], first - 12, last);
    if (!version) throw notFound();
    for (const [id, values] of raw) raw.set(id, { ...values, planning: version.get(id) ?? new Map() });
  }
  const series = new Map<string, MonthSeries>();
  for (const id of stored) {
    const kpi = byId.get(id)!;
    const values = raw.get(id)!;
    const converted = (source: ReadonlyMap<MonthIndex, number>) =>
      new Map([...source].map(([month, value]) => [month, convert(value, kpi.unit, month, fxRates)] as const));
    series.set(kpi.key, { actual: converted(values.actual), planning: converted(values.planning), forecast: converted(values.forecast) });
  }
  const monthsWithLastYear = monthRange(first - 12, last);
  for (const key of orderOf(formulas)) {
    const formula = formulas.get(key)!;
    const of = (name: keyof MonthSeries, months: readonly MonthIndex[]) =>
      new Map(months.map((month) => [month, evaluateFormula(formula, (input) => series.get(input)?.[name].get(month) ?? null)] as const));
    series.set(key, { actual: of("actual", monthsWithLastYear), planning: of("planning", monthsWithLastYear), forecast: of("forecast", monthsWithLastYear) });
  }

  const months = monthRange(first, last);
  return {
    kpis: requested.map((kpi) => {
      const values = series.get(kpi.key)!;
      return {
        id: kpi.id,
        values: months.map(
          (month): KpiMonthValue => ({
            date: monthDateOf(month),
            value: values.actual.get(month) ?? null,
            planningValue: options.includePlanning || options.planningVersion != null ? (values.planning.get(month) ?? null) : null,
            lastYearValue: values.actual.get(month - 12) ?? null,
            forecastValue: values.forecast.get(month) ?? null,
          }),
        ),
      };
    }),
  };
}

/** A stored formula that does not parse, or formulas in a circle, are the company's data, not the request: 409. */
function parsedFormula(kpi: KpiRow): Formula {
  try {
    return parseFormula(kpi.formula!);
  } catch (error) {
    if (error instanceof FormulaError) throw new HttpError(409, { detail: `${kpi.name}: ${error.message}` });
    throw error;
  }
}

function orderOf(formulas: ReadonlyMap<string, Formula>): string[] {
  try {
    return evaluationOrder(formulas);
  } catch (error) {
    if (error instanceof FormulaError) throw new HttpError(409, { detail: error.message });
    throw error;
  }
}
