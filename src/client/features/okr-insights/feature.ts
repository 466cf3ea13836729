import { OkrInsightsCommand, OkrInsightsEvent } from "../../../contracts/messages/okr-insights";
import { ToastShown } from "../../../contracts/messages/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { okrInsightsEpics } from "./epics";

/** The OKR list view, team analytics and change log (issue 16). Registers when one of its screens loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "okrInsights",
  messages: [OkrInsightsCommand, OkrInsightsEvent, ToastShown],
  epics: okrInsightsEpics,
};
