import { CycleTheme, FxRateSelected, Navigate, SelectFxRate, ServerEventReceived, ThemeChanged } from "../../../contracts/messages/session";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { CompanyProfileEvent } from "../../../contracts/messages/company-profile";
import { companyChangedElsewhere, loadCompanyLogos } from "./company-profile-epics";
import { shellEpics } from "./epics";

/** Theme, currency, navigation and the server's event stream: a core feature. */
export const shellFeature: Feature<AppState, EpicDeps> = {
  name: "shell",
  messages: [CycleTheme, SelectFxRate, Navigate, ThemeChanged, FxRateSelected, ServerEventReceived, CompanyProfileEvent],
  epics: { ...shellEpics, companyChangedElsewhere, loadCompanyLogos },
};
