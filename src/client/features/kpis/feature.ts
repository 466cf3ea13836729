import { KpisCommand, KpisEvent } from "../../../contracts/messages/kpis";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { kpisEpics } from "./epics";

/** KPI reporting (dashboards, list view, detail): registers when one of its screens loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "kpis",
  messages: [KpisCommand, KpisEvent],
  epics: kpisEpics,
};
