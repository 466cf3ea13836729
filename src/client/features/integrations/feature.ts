import { IntegrationsCommand, IntegrationsEvent } from "../../../contracts/messages/integrations";
import { ToastShown } from "../../../contracts/messages/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { integrationsEpics } from "./epics";

/** Integrations (/integration/{viewName?}): registers when its screen loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "integrations",
  messages: [IntegrationsCommand, IntegrationsEvent, ToastShown],
  epics: integrationsEpics,
};
