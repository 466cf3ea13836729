import { CollaborationCommand, CollaborationEvent } from "../../../contracts/messages/collaboration";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { collaborationEpics } from "./epics";

/** Comments, actions and the issues view (issue 15): registers with the KPI detail, the actions and the issues screens. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "collaboration",
  messages: [CollaborationCommand, CollaborationEvent],
  epics: collaborationEpics,
};
