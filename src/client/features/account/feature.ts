import { AccountCommand, AccountEvent } from "../../../contracts/messages/account";
import { ToastShown } from "../../../contracts/messages/notifications";
import { ThemeChanged } from "../../../contracts/messages/session";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { accountEpics } from "./epics";

/** Second factor, password reset, single sign-on, the embed session: registers when its screens load. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "account",
  messages: [AccountCommand, AccountEvent, ToastShown, ThemeChanged],
  epics: accountEpics,
};
