import { PlanningCommand, PlanningEvent } from "../../../contracts/messages/planning";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { planningEpics } from "./epics";

/** Financial and operational planning (grid, versions): registers when a planning screen or the financial dashboard loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "planning",
  messages: [PlanningCommand, PlanningEvent],
  epics: planningEpics,
};
