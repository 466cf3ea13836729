import type { Epic } from "../bus/bus";
import { sessionEpics } from "../features/session/epics";
import { shellEpics } from "../features/shell/epics";
import type { EpicDeps } from "./deps";
import type { AppState } from "./state";

/** Every epic of the client, by name (the name shows in EpicFailed events). */
export const rootEpics: Record<string, Epic<AppState, EpicDeps>> = { ...sessionEpics, ...shellEpics };
