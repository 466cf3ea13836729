import { CompanyCommand, CompanyEvent } from "../../../contracts/messages/company";
import { ToastShown } from "../../../contracts/messages/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { companyEpics } from "./epics";

/** Company settings, the FX table and the organizational structure: registers when one of their screens loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "company",
  messages: [CompanyCommand, CompanyEvent, ToastShown],
  epics: companyEpics,
};
