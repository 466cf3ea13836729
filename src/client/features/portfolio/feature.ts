import { PortfolioCommand, PortfolioEvent } from "../../../contracts/messages/portfolio";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { portfolioEpics } from "./epics";
import { browserFramePort } from "./frame-port";

/** The investor instance's portfolio: registers when /portfolio loads; its frames talk through the browser's one port. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "portfolio",
  messages: [PortfolioCommand, PortfolioEvent],
  epics: portfolioEpics(browserFramePort()),
};
