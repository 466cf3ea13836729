import { ChartsCommand, ChartsEvent } from "../../../contracts/messages/charts";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { chartsEpics } from "./epics";

/** Saved charts and the chart builder: registers when the builder, a KPI detail or a dashboard with charts loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "charts",
  messages: [ChartsCommand, ChartsEvent],
  epics: chartsEpics,
};
