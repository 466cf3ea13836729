import { HoldingCommand, HoldingEvent } from "../../../contracts/messages/holding";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { holdingEpics } from "./epics";

/** The holding's portfolio and roll-up, and a company's holding requests: registers when one of their screens loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "holding",
  messages: [HoldingCommand, HoldingEvent],
  epics: holdingEpics,
};
