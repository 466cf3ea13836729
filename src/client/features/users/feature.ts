import { ToastShown } from "../../../contracts/messages/notifications";
import { UsersCommand, UsersEvent } from "../../../contracts/messages/users";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { usersEpics } from "./epics";

/** User management: registers when its screen loads. */
export const feature: Feature<AppState, EpicDeps> = {
  name: "users",
  messages: [UsersCommand, UsersEvent, ToastShown],
  epics: usersEpics,
};
