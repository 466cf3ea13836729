import { CustomDashboardsCommand, CustomDashboardsEvent } from "../../../contracts/messages/custom-dashboards";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { customDashboardsEpics } from "./epics";

/** Custom dashboards and the canvas (issue 13): registers when the overview, a dashboard or its paper loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "customDashboards",
  messages: [CustomDashboardsCommand, CustomDashboardsEvent],
  epics: customDashboardsEpics,
};
