import { sql } from "kysely";
import { NO_SUCH_FX_RATE } from "../../../contracts/kpis";
import { figureOf } from "../../../domain/kpi/aggregation";
import { dependenciesOf, FormulaError, parseFormula, type Formula } from "../../../domain/kpi/formula";
import { convert, type DatedRate } from "../../../domain/kpi/fx";
import type { PeriodKpi } from "../../../domain/kpi/period-kpis";
import { monthDateOf, monthIndexOf, type MonthIndex } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { loadFxRate, loadKpis, type KpiRow } from "../kpis/kpi-repository";
import { mayRead, periodKpisOf, type Reader } from "../kpis/kpi-service";

/**
 * What every analysis of one KPI reads, in the reader's transaction: the catalogue, the KPI
 * (unknown, another company's or unreadable: 404, the same answer), the company's fiscal year and
 * the currency money is shown in (a named FX rate's, else the local one).
 */
export async function analysisFrame(context: TenantContext, reader: Reader, kpiId: number, fxRate: number | undefined) {
  const catalogue = await loadKpis(context);
  const kpi = catalogue.find((candidate) => candidate.id === kpiId);
  if (!kpi || !mayRead(reader, kpi)) throw notFound();
  const tenant = await context.db.selectFrom("tenants").select(["fiscal_year_offset", "local_currency"]).executeTakeFirstOrThrow();
  let fxRates: DatedRate[] | null = null;
  let currency = tenant.local_currency;
  if (fxRate !== undefined) {
    fxRates = await loadFxRate(context, fxRate);
    if (!fxRates) throw badRequest({ fxRate: [NO_SUCH_FX_RATE] });
    currency = (await context.db.selectFrom("fx_rates").select("currency").where("id", "=", fxRate).executeTakeFirstOrThrow()).currency;
  }
  const byKey = new Map(catalogue.map((each) => [each.key, each] as const));
  return { catalogue, byKey, kpi, fiscalYearOffset: tenant.fiscal_year_offset, currency, fxRates };
}
export type AnalysisFrame = Awaited<ReturnType<typeof analysisFrame>>;

/** A stored formula that does not parse is the company's data, not the request: 409 with its text. */
export function formulaOf(kpi: KpiRow): Formula {
  try {
    return parseFormula(kpi.formula!);
  } catch (error) {
    if (error instanceof FormulaError) throw new HttpError(409, { detail: `${kpi.name}: ${error.message}` });
    throw error;
  }
}

/** The KPI and every KPI its formula reads, transitively (what its period figures need). */
export function withInputs(frame: AnalysisFrame, keys: readonly string[]): KpiRow[] {
  const needed = new Map<string, KpiRow>();
  const visit = (key: string) => {
    const kpi = frame.byKey.get(key);
    if (!kpi || needed.has(key)) return;
    needed.set(key, kpi);
    if (kpi.formula !== null) for (const input of dependenciesOf(formulaOf(kpi))) visit(input);
  };
  keys.forEach(visit);
  return [...needed.values()];
}

/** Period figures of `keys` (and what they read) over `first`…`last`, each by its period rule. */
export async function periodFigures(context: TenantContext, frame: AnalysisFrame, keys: readonly string[], first: MonthIndex, last: MonthIndex) {
  const kpis = await periodKpisOf(context, withInputs(frame, keys), first, last, frame.fxRates);
  return {
    kpis,
    /** The figure of a KPI over `months` of a series; null without data (or an unknown key). */
    figure: (key: string, months: readonly MonthIndex[], series: "actual" | "planning"): number | null => {
      const kpi: PeriodKpi | undefined = kpis.get(key);
      return kpi ? figureOf(kpi.series[series], months, kpi.measure).value : null;
    },
  };
}

/** The dimension keys a stored KPI has values under (any month, any series). */
export async function dimensionKeysOf({ db }: TenantContext, kpiId: number): Promise<string[]> {
  const rows = await db.selectFrom("kpi_values").select("dimension_key").distinct().where("kpi_id", "=", kpiId).where("dimension_key", "<>", "").orderBy("dimension_key").execute();
  return rows.map((row) => row.dimension_key);
}

/** A stored KPI's values by dimension key for `months`, money converted month by month. */
export async function dimensionValuesOf(context: TenantContext, kpi: KpiRow, months: readonly MonthIndex[], fxRates: DatedRate[] | null) {
  if (months.length === 0) return [];
  const { rows } = await sql<{ dimension_key: string; series: "actual" | "planning"; month: string; value: number }>`
    select dimension_key, series, month::text as month, value from kpi_values
    where kpi_id = ${kpi.id} and dimension_key <> '' and series in ('actual', 'planning')
      and month between ${monthDateOf(Math.min(...months))} and ${monthDateOf(Math.max(...months))}`.execute(context.db);
  return rows.map((row) => {
    const month = monthIndexOf(row.month.slice(0, 10));
    return { dimensionKey: row.dimension_key, series: row.series, month, value: convert(Number(row.value), kpi.unit, month, fxRates) };
  });
}
