import { AlertsCommand, AlertsEvent } from "../../../contracts/messages/alerts";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { alertsEpics } from "./epics";

/** KPI alerts (issue 15): registers when a KPI detail or /reporting/alerts loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "alerts",
  messages: [AlertsCommand, AlertsEvent],
  epics: alertsEpics,
};
