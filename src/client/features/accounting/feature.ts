import { AccountingCommand, AccountingEvent } from "../../../contracts/messages/accounting";
import { ToastShown } from "../../../contracts/messages/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { accountingEpics } from "./epics";

/** The accounting import wizard: registers when its screen loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "accounting",
  messages: [AccountingCommand, AccountingEvent, ToastShown],
  epics: accountingEpics,
};
