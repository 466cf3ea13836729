import { InvestorReportingCommand, InvestorReportingEvent } from "../../../contracts/messages/investor-reporting";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { investorReportingEpics } from "./epics";

/** Investor reporting (issue 14): registers when the reports, a report or its board pack loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "investorReporting",
  messages: [InvestorReportingCommand, InvestorReportingEvent],
  epics: investorReportingEpics,
};
