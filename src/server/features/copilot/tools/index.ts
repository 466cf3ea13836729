import type { CopilotTool } from "../tool-types";
import { cashRunway } from "./cash-runway";
import { formulaInputs } from "./formula-inputs";
import { compareKpis, kpiAggregates } from "./kpi-aggregates";
import { kpiHistory, kpiValues } from "./kpi-history";
import { furthestBehindPlan, topMovers } from "./plan-ranking";
import { searchKpis } from "./search-kpis";

/** Every tool the copilot's model (and the offline analyst) may call; none writes. */
const TOOLS: readonly CopilotTool[] = [searchKpis, kpiValues, kpiAggregates, kpiHistory, compareKpis, furthestBehindPlan, topMovers, formulaInputs, cashRunway];

export const copilotTools = (): readonly CopilotTool[] => TOOLS;

/** The tool named `name`, or undefined (a model may name one that does not exist). */
export const copilotTool = (name: string): CopilotTool | undefined => TOOLS.find((tool) => tool.name === name);
