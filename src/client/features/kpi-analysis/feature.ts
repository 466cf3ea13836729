import { KpiAnalysisCommand, KpiAnalysisEvent } from "../../../contracts/messages/kpi-analysis";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { kpiAnalysisEpics } from "./epics";

/** The KPI detail's deep drills and recommendations: registers with the KPI detail. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "kpiAnalysis",
  messages: [KpiAnalysisCommand, KpiAnalysisEvent],
  epics: kpiAnalysisEpics,
};
