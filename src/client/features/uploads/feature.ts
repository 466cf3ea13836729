import { UploadsCommand, UploadsEvent } from "../../../contracts/messages/uploads";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { uploadsEpics } from "./epics";

/** Uploads (/data-management): registers when its screen loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "uploads",
  messages: [UploadsCommand, UploadsEvent],
  epics: uploadsEpics,
};
