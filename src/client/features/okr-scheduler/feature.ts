import { ToastShown } from "../../../contracts/messages/notifications";
import { OkrSchedulerCommand, OkrSchedulerEvent } from "../../../contracts/messages/okr-scheduler";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { okrSchedulerEpics } from "./epics";

/** The OKR scheduler (plans, years, schedules, reminders) and OKR settings (issue 16). Registers when one of its screens loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "okrScheduler",
  messages: [OkrSchedulerCommand, OkrSchedulerEvent, ToastShown],
  epics: okrSchedulerEpics,
};
