import { CopilotCommand, CopilotEvent } from "../../../contracts/messages/copilot";
import { ToastShown } from "../../../contracts/messages/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { copilotEpics } from "./epics";

/** The copilot (issue 18): /chat, its settings, and the snapshot a KPI detail attaches. Registers when one of those screens loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "copilot",
  messages: [CopilotCommand, CopilotEvent, ToastShown],
  epics: copilotEpics,
};
