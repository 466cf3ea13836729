import { KpiSettingsCommand, KpiSettingsEvent } from "../../../contracts/messages/kpi-settings";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { kpiSettingsEpics } from "./epics";

/** KPI management, the glossary's maintenance and its read view: registers when one of their screens loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "kpiSettings",
  messages: [KpiSettingsCommand, KpiSettingsEvent],
  epics: kpiSettingsEpics,
};
