import { EMPTY, map, mergeMap, switchMap, takeUntil } from "rxjs";
import { FxRateSelected, ServerEventReceived, ThemeChanged } from "../../../contracts/messages/session";
import type { AppState } from "../../app/state";
import { STORAGE_KEYS, type EpicDeps } from "../../app/deps";
import type { Emitted, Epic } from "../../bus/bus";
import { ofCommand, ofEvent } from "../../bus/operators";
import { nextTheme } from "./model";

type ShellEpic = Epic<AppState, EpicDeps>;

export const cycleTheme: ShellEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("CycleTheme"),
    map(({ commandId }) => {
      const theme = nextTheme(state$.value.shell.theme);
      deps.storage.set(STORAGE_KEYS.theme, theme);
      return { event: ThemeChanged.make({ theme }), commandId };
    }),
  );

export const selectFxRate: ShellEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SelectFxRate"),
    map(({ command, commandId }) => {
      if (command.fxRateId === null) deps.storage.remove(STORAGE_KEYS.fxRate);
      else deps.storage.set(STORAGE_KEYS.fxRate, String(command.fxRateId));
      return { event: FxRateSelected.make({ fxRateId: command.fxRateId }), commandId };
    }),
  );

export const navigate: ShellEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("Navigate"),
    mergeMap(({ command }) => {
      deps.navigate(command.to, { replace: command.replace });
      return EMPTY;
    }),
  );

/**
 * Once a session is loaded, changes stream in from the server (origin remote) until sign-out:
 * other people's, and the person's own from their other tabs. The server leaves out this tab's
 * own (it folded them already; effect/tab-id.ts).
 */
export const serverEvents: ShellEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent("SessionLoaded"),
    switchMap(() =>
      deps.serverEvents(state$.value.shell.lastServerSeq || null).pipe(
        mergeMap((event): Emitted[] => {
          if (event.seq <= state$.value.shell.lastServerSeq) return [];
          const payload = ServerEventReceived.make({ seq: event.seq, type: event.type, actor: event.actor, actorName: event.actorName, payload: event.payload, occurredAt: event.occurredAt });
          return [{ event: payload, origin: "remote" }];
        }),
        takeUntil(event$.pipe(ofEvent("SignedOut"))),
      ),
    ),
  );

export const shellEpics = { cycleTheme, selectFxRate, navigate, serverEvents };
