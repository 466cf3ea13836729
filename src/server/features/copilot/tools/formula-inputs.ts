import type { Citation } from "../../../../contracts/copilot";
import type { RootCauseDrill } from "../../../../contracts/kpi-analysis";
import { DRILL_COMPARISONS, DRILL_PERIODS } from "../../../../domain/kpi-analysis/drill-periods";
import type { Permission } from "../../../../domain/permissions/catalogue";
import { analysisFrame } from "../../kpi-analysis/analysis-data";
import { deepDrill } from "../../kpi-analysis/deep-drills";
import { choiceArg, citation, defineTool, END_MONTH_PARAMETER, endMonthArg, failure, kpiHref, kpiIdArg } from "./tool-kit";

export const DEEP_DRILLS_DENIED = "You don't have permission to use deep drills.";
const round = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

/**
 * formula_inputs: the deep drill's root cause (issue 15): which inputs of a calculated KPI moved
 * it most between two periods, each input's effect adding up to the change. Needs
 * access_deep_drills, as the deep-drill routes do; inputs the person may not read are "hidden".
 */
export const formulaInputs = defineTool({
  name: "formula_inputs",
  description:
    "Why a calculated KPI changed: its formula inputs with their values in the period and the base, and each input's effect on the change (the effects add up). period: month, quarter (to date), ytd or ltm ending at endMonth; compare: previous (the period before), plan, or lastYear.",
  parameters: {
    type: "object",
    properties: {
      kpiId: { type: "integer" },
      period: { type: "string", enum: [...DRILL_PERIODS] },
      compare: { type: "string", enum: [...DRILL_COMPARISONS] },
      endMonth: END_MONTH_PARAMETER,
    },
    required: ["kpiId"],
    additionalProperties: false,
  },
  parse: (args) => ({ kpiId: kpiIdArg(args), period: choiceArg(args, "period", DRILL_PERIODS, "month"), compare: choiceArg(args, "compare", DRILL_COMPARISONS, "previous"), args }),
  run: async ({ kpiId, period, compare, args }, { reader, inTenant, today }) => {
    if (!reader.isStaff && !reader.permissions.has("access_deep_drills" as Permission)) return failure(DEEP_DRILLS_DENIED);
    const end = endMonthArg(args, today);
    return inTenant(async (context) => {
      const frame = await analysisFrame(context, reader, kpiId, undefined);
      const drill = (await deepDrill(context, reader, frame, "root-cause", { end, period, compare, dimension: undefined })) as RootCauseDrill;
      const { kpi } = frame;
      const inputs = [...drill.inputs].sort((a, b) => Math.abs(b.effect ?? 0) - Math.abs(a.effect ?? 0));
      const citations: Citation[] = [citation(kpi, drill.periodLabel, "actual", drill.value), citation(kpi, drill.baseLabel, compare === "plan" ? "plan" : "actual", drill.base)];
      for (const input of inputs) {
        if (input.hidden || input.kpiId === null) continue;
        const named = { id: input.kpiId, name: input.name, unit: input.unit };
        citations.push(citation(named, drill.periodLabel, "actual", input.value), citation(named, drill.baseLabel, compare === "plan" ? "plan" : "actual", input.base));
        if (input.effect !== null) citations.push(citation(named, `${drill.baseLabel} → ${drill.periodLabel}`, `effect on ${kpi.name}`, input.effect));
      }
      return {
        content: {
          kpi: { id: kpi.id, name: kpi.name, unit: kpi.unit, href: kpiHref(kpi.id) },
          formula: drill.formula,
          period: drill.periodLabel,
          base: drill.baseLabel,
          value: drill.value,
          baseValue: drill.base,
          change: drill.value !== null && drill.base !== null ? drill.value - drill.base : null,
          method: drill.method,
          unattributed: drill.unattributed,
          aggregationEffect: drill.aggregationEffect,
          inputs: inputs.map((input) => ({ id: input.kpiId, name: input.name, unit: input.unit, hidden: input.hidden, value: input.value, base: input.base, effect: input.effect, href: input.kpiId === null ? null : kpiHref(input.kpiId) })),
        },
        citations,
        blocks: [
          {
            kind: "table" as const,
            title: `${kpi.name}: inputs, ${drill.baseLabel} → ${drill.periodLabel}`,
            columns: ["Input", drill.baseLabel, drill.periodLabel, `Effect on ${kpi.name}`],
            rows: inputs.map((input) => [input.name, round(input.base), round(input.value), round(input.effect)]),
          },
        ],
      };
    });
  },
});
