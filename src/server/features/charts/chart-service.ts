import type { ChartInput, ChartSettings, SavedChart } from "../../../contracts/charts";
import { CHART_NAME_BLANK } from "../../../contracts/charts";
import { chartSettingsProblems, narrowedToReadable, UNREADABLE_KPI } from "../../../domain/charts/chart-settings";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, forbidden, notFound } from "../../platform/http/errors";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead, type Reader } from "../kpis/kpi-service";
import { deleteChart, insertChart, loadCharts, updateChart, type StoredChart } from "./chart-repository";

export const CHART_EDIT_FORBIDDEN = "Only the chart's creator can change or delete it.";

interface Caller {
  readonly userId: number;
  readonly reader: Reader;
}

/**
 * Saved charts as one reader sees them: every chart shows only the KPIs the reader may read (by
 * effective sensitivity, as every KPI answer decides it); a chart with none of them left is not
 * theirs to see at all. Changing one is for its creator or staff (`canEdit`).
 */
export async function chartsFor(context: TenantContext, caller: Caller, filter: { id?: number; kpiId?: number } = {}): Promise<SavedChart[]> {
  const [charts, readable] = await Promise.all([loadCharts(context, filter), readableKpis(context, caller.reader)]);
  const answers: SavedChart[] = [];
  for (const chart of charts) {
    const settings = narrowedToReadable(chart.settings, (kpi) => readable.has(kpi));
    if (settings) answers.push({ ...chart, settings, canEdit: mayEdit(caller, chart) });
  }
  return answers;
}

export async function chartFor(context: TenantContext, caller: Caller, id: number): Promise<SavedChart> {
  const [chart] = await chartsFor(context, caller, { id });
  if (!chart) throw notFound();
  return chart;
}

export async function createChart(context: TenantContext, caller: Caller, input: ChartInput): Promise<SavedChart> {
  const chart = await checkedInput(context, caller, input);
  const id = await insertChart(context, { ...chart, createdBy: caller.userId });
  await context.appendEvent({ type: "ChartCreated", payload: { chartId: id, name: chart.name, kpiIds: chart.settings.kpiIds, by: caller.userId } });
  return chartFor(context, caller, id);
}

export async function changeChart(context: TenantContext, caller: Caller, id: number, input: ChartInput): Promise<SavedChart> {
  await editableChart(context, caller, id);
  const chart = await checkedInput(context, caller, input);
  await updateChart(context, id, chart);
  await context.appendEvent({ type: "ChartChanged", payload: { chartId: id, name: chart.name, kpiIds: chart.settings.kpiIds, by: caller.userId } });
  return chartFor(context, caller, id);
}

/**
 * Deleting a chart that dashboard cards show is allowed: the cards then say the chart no longer
 * exists (docs/decisions.md, "Chart builder").
 */
export async function removeChart(context: TenantContext, caller: Caller, id: number): Promise<void> {
  const chart = await editableChart(context, caller, id);
  await deleteChart(context, id);
  await context.appendEvent({ type: "ChartDeleted", payload: { chartId: id, name: chart.name, kpiIds: chart.settings.kpiIds, by: caller.userId } });
}

const mayEdit = (caller: Caller, chart: StoredChart) => caller.reader.isStaff || chart.createdBy?.id === caller.userId;

/** The chart if the caller sees it (404 otherwise) and may change it (403 otherwise). */
async function editableChart(context: TenantContext, caller: Caller, id: number): Promise<SavedChart> {
  const chart = await chartFor(context, caller, id);
  if (!chart.canEdit) throw forbidden(CHART_EDIT_FORBIDDEN);
  return chart;
}

async function readableKpis(context: TenantContext, reader: Reader): Promise<Set<number>> {
  return new Set((await loadKpis(context)).filter((kpi) => mayRead(reader, kpi)).map((kpi) => kpi.id));
}

/** A trimmed name and settings that keep the rules, with KPIs the caller may read; 400 with every field's message otherwise. */
async function checkedInput(context: TenantContext, caller: Caller, input: ChartInput): Promise<{ name: string; settings: ChartSettings }> {
  const name = input.name.trim();
  const problems = chartSettingsProblems(input.settings);
  if (!name) problems.name = [CHART_NAME_BLANK];
  if (!problems["settings.kpiIds"]) {
    const readable = await readableKpis(context, caller.reader);
    if (input.settings.kpiIds.some((kpi) => !readable.has(kpi))) problems["settings.kpiIds"] = [UNREADABLE_KPI];
  }
  if (Object.keys(problems).length) throw badRequest(problems);
  return { name, settings: input.settings };
}
