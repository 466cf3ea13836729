import { SecondFactorRequired } from "../../../contracts/messages/account";
import { SessionCommand, SessionEvent } from "../../../contracts/messages/session";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Feature } from "../../bus/bus";
import { sessionEpics } from "./epics";

/** Sign-in and the session: a core feature, on the bus from the start. */
export const sessionFeature: Feature<AppState, EpicDeps> = {
  name: "session",
  // A right password with a second factor answers the account feature's SecondFactorRequired.
  messages: [SessionCommand, SessionEvent, SecondFactorRequired],
  epics: sessionEpics,
};
