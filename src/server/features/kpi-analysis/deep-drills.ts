import { DEEP_DRILL_LABELS, DEEP_DRILL_TYPES, type DeepDrillResponse, type DeepDrillsResponse, type DeepDrillType, type DimensionsDrill, type DrillInput, type PnlDrill, type RootCauseDrill } from "../../../contracts/kpi-analysis";
import { dependenciesOf, evaluateFormula, formulaText } from "../../../domain/kpi/formula";
import { attributeChange } from "../../../domain/kpi-analysis/attribution";
import { dimensionNames, splitByDimension } from "../../../domain/kpi-analysis/dimension-split";
import { drillWindow, type DrillComparison, type DrillPeriod, type DrillWindow } from "../../../domain/kpi-analysis/drill-periods";
import { pnlEffects, type PnlFactor } from "../../../domain/kpi-analysis/pnl-effects";
import { pnlStructure } from "../../../domain/kpi-analysis/pnl-structure";
import type { MonthIndex } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { badRequest } from "../../platform/http/errors";
import type { KpiRow } from "../kpis/kpi-repository";
import { mayRead, type Reader } from "../kpis/kpi-service";
import { dimensionKeysOf, dimensionValuesOf, formulaOf, periodFigures, type AnalysisFrame } from "./analysis-data";

export interface DrillOptions {
  readonly end: MonthIndex;
  readonly period: DrillPeriod;
  readonly compare: DrillComparison;
  readonly dimension: string | undefined;
}

/** Which drills apply to the KPI, each with the reason when it does not; the default is the first that applies. */
export async function drillsOf(context: TenantContext, frame: AnalysisFrame): Promise<DeepDrillsResponse> {
  const { kpi } = frame;
  const pnl = pnlVerdictOf(frame);
  const reasons: Record<DeepDrillType, string | null> = {
    dimensions:
      kpi.formula !== null
        ? `${kpi.name} is calculated, so it has no values by dimension of its own: drill into its inputs (Root cause).`
        : (await dimensionKeysOf(context, kpi.id)).length === 0
          ? `No values of ${kpi.name} by dimension have been uploaded yet (Data input, multi-dimension upload).`
          : null,
    "root-cause": kpi.formula === null ? `${kpi.name} is entered directly, not calculated from other KPIs: there are no inputs to weigh.` : null,
    "pnl-analysis": pnl.applies ? null : kpi.formula === null ? `${kpi.name} is entered directly; a P&L analysis explains a profit (revenue minus costs) or a margin (profit divided by revenue) calculated from other KPIs.` : pnl.reason,
  };
  const drills = DEEP_DRILL_TYPES.map((type) => ({ type, label: DEEP_DRILL_LABELS[type], available: reasons[type] === null, reason: reasons[type] }));
  return { drills, defaultType: drills.find((drill) => drill.available)?.type ?? null };
}

export async function deepDrill(context: TenantContext, reader: Reader, frame: AnalysisFrame, type: DeepDrillType, options: DrillOptions): Promise<DeepDrillResponse> {
  const available = (await drillsOf(context, frame)).drills.find((drill) => drill.type === type)!;
  if (!available.available) throw badRequest({ type: [available.reason!] });
  const window = drillWindow(options.period, options.compare, options.end, frame.fiscalYearOffset);
  switch (type) {
    case "dimensions":
      return dimensionsDrill(context, frame, window, options.dimension);
    case "root-cause":
      return rootCauseDrill(context, reader, frame, window);
    case "pnl-analysis":
      return pnlDrill(context, reader, frame, window);
  }
}

const pnlVerdictOf = (frame: AnalysisFrame) =>
  pnlStructure(frame.kpi.key, frame.catalogue, (key) => frame.byKey.get(key)?.name ?? key);

/** The first and last month a window reads. */
const spanOf = (window: DrillWindow) => ({ first: Math.min(window.months[0]!, window.baseMonths[0]!), last: Math.max(window.months.at(-1)!, window.baseMonths.at(-1)!) });

async function framedFigures(context: TenantContext, frame: AnalysisFrame, window: DrillWindow, keys: readonly string[]) {
  const { first, last } = spanOf(window);
  const figures = await periodFigures(context, frame, [frame.kpi.key, ...keys], first, last);
  const now = (key: string) => figures.figure(key, window.months, "actual");
  const then = (key: string) => figures.figure(key, window.baseMonths, window.baseSeries);
  return { figures, now, baseOf: then, head: { kpiId: frame.kpi.id, periodLabel: window.label, baseLabel: window.baseLabel, value: now(frame.kpi.key), base: then(frame.kpi.key) } };
}

async function dimensionsDrill(context: TenantContext, frame: AnalysisFrame, window: DrillWindow, asked: string | undefined): Promise<DimensionsDrill> {
  const dimensions = dimensionNames(await dimensionKeysOf(context, frame.kpi.id));
  if (asked !== undefined && !dimensions.includes(asked)) throw badRequest({ dimension: [`${frame.kpi.name} has no values by “${asked}”. Choose one of: ${dimensions.join(", ")}.`] });
  const dimension = asked ?? dimensions[0] ?? null;
  const { figures, head } = await framedFigures(context, frame, window, []);
  const values = await dimensionValuesOf(context, frame.kpi, [...new Set([...window.months, ...window.baseMonths])], frame.fxRates);
  const split = dimension === null ? { rows: [], total: null } : splitByDimension(values, dimension, frame.kpi.aggregation_type, window);
  return { type: "dimensions", ...head, dimensions, dimension, partsTotal: split.total, plan: figures.figure(frame.kpi.key, window.months, "planning"), rows: split.rows };
}

/** An input as shown: a KPI the reader may not read is "hidden", with no value of any kind. */
function shownInput(reader: Reader, key: string, kpi: KpiRow | undefined, figures: { base: number | null; value: number | null; effect: number | null }): DrillInput {
  if (!kpi) return { key, kpiId: null, name: key, unit: "number", hidden: false, drillable: false, base: null, value: null, effect: null };
  if (!mayRead(reader, kpi)) return { key, kpiId: null, name: "hidden", unit: kpi.unit, hidden: true, drillable: false, base: null, value: null, effect: null };
  return { key, kpiId: kpi.id, name: kpi.name, unit: kpi.unit, hidden: false, drillable: kpi.formula !== null, ...figures };
}

async function rootCauseDrill(context: TenantContext, reader: Reader, frame: AnalysisFrame, window: DrillWindow): Promise<RootCauseDrill> {
  const formula = formulaOf(frame.kpi);
  // In the order the formula names them (a Set keeps the first mention).
  const keys = [...dependenciesOf(formula)];
  const { now, baseOf: then, head } = await framedFigures(context, frame, window, keys);
  const before = new Map(keys.map((key) => [key, then(key)] as const));
  const after = new Map(keys.map((key) => [key, now(key)] as const));
  const outcome = attributeChange(keys, before, after, (valueOf) => evaluateFormula(formula, valueOf));
  // A KPI that averages (or sums) its monthly formula values moves a little differently from the
  // formula over its inputs' period figures; that difference is named, so the lines add up.
  const formulaChange = outcome.base !== null && outcome.value !== null ? outcome.value - outcome.base : null;
  const ownChange = head.value !== null && head.base !== null ? head.value - head.base : null;
  const gap = formulaChange !== null && ownChange !== null ? ownChange - formulaChange : null;
  const tolerance = 1e-9 * Math.max(1, Math.abs(head.value ?? 0), Math.abs(head.base ?? 0));
  const hiddenAny = keys.some((key) => frame.byKey.has(key) && !mayRead(reader, frame.byKey.get(key)!));
  return {
    type: "root-cause",
    ...head,
    formula: formulaText(formula, (key) => {
      const kpi = frame.byKey.get(key);
      return kpi && mayRead(reader, kpi) ? kpi.name : kpi ? "hidden" : key;
    }),
    method: outcome.kind === "attributed" && !hiddenAny ? outcome.method : null,
    unattributed: outcome.kind === "unattributed" ? outcome.reason : hiddenAny ? "Some inputs are hidden from you, so the change is not split over the inputs." : null,
    inputs: outcome.effects.map((effect) => shownInput(reader, effect.key, frame.byKey.get(effect.key), hiddenAny ? { ...effect, effect: null } : effect)),
    aggregationEffect: outcome.kind === "attributed" && gap !== null && Math.abs(gap) > tolerance ? gap : null,
  };
}

const FACTOR_LABELS: Readonly<Record<PnlFactor, string>> = { price: "Price effect", volume: "Volume effect", revenue: "Revenue effect", costs: "Cost effect" };

async function pnlDrill(context: TenantContext, reader: Reader, frame: AnalysisFrame, window: DrillWindow): Promise<PnlDrill> {
  const verdict = pnlVerdictOf(frame);
  if (!verdict.applies) throw badRequest({ type: [verdict.reason] });
  const { structure } = verdict;
  const pv = structure.priceVolume;
  const keys = [...structure.revenue, ...structure.costs, ...(pv ? [pv.price, pv.volume] : [])];
  const { now, baseOf: then, head } = await framedFigures(context, frame, window, keys);
  const lines: PnlDrill["lines"] = [
    ...(pv ? [{ role: "price" as const, key: pv.price }, { role: "volume" as const, key: pv.volume }] : []),
    ...structure.revenue.map((key) => ({ role: "revenue" as const, key })),
    ...structure.costs.map((key) => ({ role: "cost" as const, key })),
  ].map(({ role, key }) => ({ role, input: shownInput(reader, key, frame.byKey.get(key), { base: then(key), value: now(key), effect: null }) }));
  const hidden = lines.some((line) => line.input.hidden);
  if (hidden) {
    return { type: "pnl-analysis", ...head, kind: structure.kind, note: structure.noPriceVolume, unattributed: "Some of the lines behind it are hidden from you, so the change is not split.", factors: [], lines };
  }
  const effects = pnlEffects(structure, { base: new Map(keys.map((key) => [key, then(key)])), value: new Map(keys.map((key) => [key, now(key)])) });
  return {
    type: "pnl-analysis",
    ...head,
    kind: structure.kind,
    note: structure.noPriceVolume,
    unattributed: effects.outcome.kind === "unattributed" ? effects.outcome.reason : null,
    factors: effects.factors.map((factor) => ({ ...factor, label: FACTOR_LABELS[factor.factor] })),
    lines,
  };
}
