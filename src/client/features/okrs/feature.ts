import { OkrsCommand, OkrsEvent } from "../../../contracts/messages/okrs";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { okrsEpics } from "./epics";

/** Objectives, key results, milestones and check-ins (issue 16): the /objectives screens. Registers when one of its screens loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "okrs",
  messages: [OkrsCommand, OkrsEvent],
  epics: okrsEpics,
};
