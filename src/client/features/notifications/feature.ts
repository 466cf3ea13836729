import { NotificationsCommand, NotificationsEvent } from "../../../contracts/messages/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { notificationsEpics } from "./epics";

/**
 * Notifications and toasts: a core feature, so no server event that arrives while a screen's
 * chunk is still loading goes unnoticed.
 */
export const notificationsFeature: Feature<AppState, EpicDeps> = {
  name: "notifications",
  messages: [NotificationsCommand, NotificationsEvent],
  epics: notificationsEpics,
};
