import type { Epic } from "../bus/bus";
import { accountEpics } from "../features/account/epics";
import { kpisEpics } from "../features/kpis/epics";
import { notificationsEpics } from "../features/notifications/epics";
import { sessionEpics } from "../features/session/epics";
import { shellEpics } from "../features/shell/epics";
import { usersEpics } from "../features/users/epics";
import type { EpicDeps } from "./deps";
import type { AppState } from "./state";

/** Every epic of the client, by name (the name shows in EpicFailed events). */
export const rootEpics: Record<string, Epic<AppState, EpicDeps>> = { ...sessionEpics, ...shellEpics, ...accountEpics, ...usersEpics, ...kpisEpics, ...notificationsEpics };
