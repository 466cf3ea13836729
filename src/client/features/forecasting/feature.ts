import { ForecastingCommand, ForecastingEvent } from "../../../contracts/messages/forecasting";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { forecastingEpics } from "./epics";

/** Forecasting (/forecasting/…): registers when its screens load. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "forecasting",
  messages: [ForecastingCommand, ForecastingEvent],
  epics: forecastingEpics,
};
