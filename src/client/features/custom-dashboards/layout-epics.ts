import { Schema } from "@effect/schema";
import { concat, concatMap, debounceTime, defer, EMPTY, filter, groupBy, map, mergeMap, of, type Observable } from "rxjs";
import { CANVAS_LOCKED, type CustomDashboard } from "../../../contracts/custom-dashboards";
import type { DomainEvent } from "../../../contracts/messages";
import {
  CanvasLockChanged,
  DashboardCardActionFailed,
  DashboardCardActionStarted,
  DashboardCardMoved,
  DashboardCardReordered,
  DashboardCardResized,
  DashboardLayoutConflicted,
  DashboardLayoutRefused,
  DashboardLayoutSaved,
  DashboardLayoutSaveFailed,
  DashboardLayoutSaveStarted,
  DashboardLayoutUndone,
} from "../../../contracts/messages/custom-dashboards";
import { clampLayout, clampSize, steppedMove, steppedResize } from "../../../domain/custom-dashboards/canvas-layout";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf } from "../../effect/errors";
import { outcome$ } from "../../effect/observable";
import { layoutRequest, LAYOUT_CONFLICT_TEXT, NOTHING_TO_UNDO_TEXT } from "./model";
import { BASE, loadDashboard$ } from "./requests";

type LayoutEpic = Epic<AppState, EpicDeps>;

/** Layout changes wait this long for the next one (a run of arrow keys is one save). */
export const LAYOUT_SAVE_DEBOUNCE_MS = 400;
export const READ_ONLY_TEXT = "You may view this dashboard but not change it.";
export const AT_EDGE_TEXT = "The card is already at the edge of the canvas.";
export const AT_LIMIT_TEXT = "The card cannot get any smaller or larger that way.";


/**
 * Why a layout change cannot be made on this dashboard, or null: it is not loaded, the reader
 * may only view it, or the canvas is locked (a locked canvas cannot be moved by anyone).
 */
function refusal(dashboard: CustomDashboard | null | undefined): string | null {
  if (!dashboard) return "The dashboard is not loaded yet.";
  if (!dashboard.canEdit) return READ_ONLY_TEXT;
  if (dashboard.kind === "canvas" && dashboard.locked) return CANVAS_LOCKED;
  return null;
}

/**
 * Moves, resizes, keyboard steps, reorders and undo: each checked against the dashboard as it is
 * now, then either the change as an event (the reducer applies it, pushing covered cards down)
 * or a refusal that says why. Nothing is sent here; `saveLayout` saves.
 */
export const changeLayout: LayoutEpic = ({ command$, state$ }) =>
  command$.pipe(
    ofCommand("MoveDashboardCard", "ResizeDashboardCard", "StepDashboardCard", "ReorderDashboardCard", "UndoLayoutChange"),
    map(({ command, commandId }): Emitted => {
      const { dashboardId } = command;
      const slot = state$.value.customDashboards.open[dashboardId];
      const dashboard = slot?.dashboard;
      const refuse = (message: string): Emitted => ({ event: DashboardLayoutRefused.make({ dashboardId, message }), commandId });
      const why = refusal(dashboard);
      if (why || !dashboard) return refuse(why ?? "The dashboard is not loaded yet.");
      if (command._tag === "UndoLayoutChange") {
        const previous = slot.undo.at(-1);
        return previous ? { event: DashboardLayoutUndone.make({ dashboardId, cards: previous }), commandId } : refuse(NOTHING_TO_UNDO_TEXT);
      }
      const card = dashboard.cards.find((entry) => entry.id === command.cardId);
      if (!card) return refuse("This card is no longer on the dashboard.");
      const previous = card.layout;
      switch (command._tag) {
        case "ReorderDashboardCard": {
          const position = Math.min(Math.max(0, Math.round(command.position)), dashboard.cards.length - 1);
          if (position === card.position) return refuse(position === 0 ? "The card is already the first." : "The card is already the last.");
          return { event: DashboardCardReordered.make({ dashboardId, cardId: card.id, position, previous: card.position }), commandId };
        }
        case "MoveDashboardCard": {
          const layout = clampLayout({ ...previous, x: command.x, y: command.y });
          if (layout.x === previous.x && layout.y === previous.y) return refuse(AT_EDGE_TEXT);
          return { event: DashboardCardMoved.make({ dashboardId, cardId: card.id, layout, previous }), commandId };
        }
        case "ResizeDashboardCard": {
          const layout = clampSize(previous, command.w, command.h);
          if (layout.w === previous.w && layout.h === previous.h) return refuse(AT_LIMIT_TEXT);
          return { event: DashboardCardResized.make({ dashboardId, cardId: card.id, layout, previous }), commandId };
        }
        case "StepDashboardCard": {
          const layout = command.resize ? steppedResize(previous, command.direction) : steppedMove(previous, command.direction);
          if (!layout) return refuse(command.resize ? AT_LIMIT_TEXT : AT_EDGE_TEXT);
          return { event: (command.resize ? DashboardCardResized : DashboardCardMoved).make({ dashboardId, cardId: card.id, layout, previous }), commandId };
        }
      }
    }),
  );

const LAYOUT_CHANGES = ["DashboardCardMoved", "DashboardCardResized", "DashboardCardReordered", "DashboardLayoutUndone"] as const;
/** What the layout and lock answers are read for (they answer the whole dashboard). */
const SavedRevision = Schema.Struct({ revision: Schema.Number, updatedAt: Schema.String });

/**
 * Saves the person's layout changes: per dashboard, a run of changes becomes one PUT (debounced)
 * of every card's place with the revision the change was made on, and saves follow one another
 * (concatMap), each reading the layout and revision when its turn comes. A 409 means someone
 * else changed the layout first: the person is told and the dashboard reloads with theirs.
 */
export const saveLayout: LayoutEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent(...LAYOUT_CHANGES),
    filter((envelope) => envelope.origin === "local"),
    groupBy((envelope) => envelope.payload.dashboardId),
    mergeMap((changes$) =>
      changes$.pipe(
        debounceTime(LAYOUT_SAVE_DEBOUNCE_MS),
        concatMap((envelope) =>
          defer((): Observable<Emitted> => {
            const dashboardId = envelope.payload.dashboardId;
            const slot = state$.value.customDashboards.open[dashboardId];
            if (!slot?.dashboard || slot.layout.status !== "pending") return EMPTY;
            return concat(
              of<DomainEvent>(DashboardLayoutSaveStarted.make({ dashboardId })),
              outcome$(
                deps.api.request({ root: "main", method: "PUT", path: `${BASE}/${dashboardId}/layout/`, body: layoutRequest(slot.dashboard), decode: SavedRevision }),
                (answer): DomainEvent => DashboardLayoutSaved.make({ dashboardId, revision: answer.revision, updatedAt: answer.updatedAt }),
                (error): DomainEvent =>
                  error._tag === "Conflict" ? DashboardLayoutConflicted.make({ dashboardId, message: LAYOUT_CONFLICT_TEXT }) : DashboardLayoutSaveFailed.make({ dashboardId, message: describeApiError(error) }),
              ),
            ).pipe(causedBy(envelope.commandId));
          }),
        ),
      ),
    ),
  );

/** After a conflict, or a save refused because someone locked the canvas meanwhile, the dashboard loads again as it is. */
export const reloadAfterConflict: LayoutEpic = ({ event$ }, deps) =>
  event$.pipe(
    ofEvent("DashboardLayoutConflicted", "DashboardLayoutSaveFailed"),
    filter((envelope) => envelope.origin === "local" && (envelope.payload._tag === "DashboardLayoutConflicted" || envelope.payload.message.includes(CANVAS_LOCKED))),
    mergeMap((envelope) => loadDashboard$(deps, envelope.payload.dashboardId).pipe(causedBy(envelope.commandId))),
  );

/** Locking and unlocking a canvas (owner, editors, staff): PATCH locked; the answer's revision is the one the next move is made on. */
export const lockCanvas: LayoutEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LockCanvas"),
    concatMap(({ command, commandId }) =>
      concat(
        of<DomainEvent>(DashboardCardActionStarted.make({ dashboardId: command.dashboardId })),
        outcome$(
          deps.api.request({ root: "main", method: "PATCH", path: `${BASE}/${command.dashboardId}/`, body: { locked: command.locked }, decode: SavedRevision }),
          (answer): DomainEvent => CanvasLockChanged.make({ dashboardId: command.dashboardId, locked: command.locked, revision: answer.revision }),
          (error): DomainEvent => DashboardCardActionFailed.make({ dashboardId: command.dashboardId, message: describeApiError(error), fields: fieldMessagesOf(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

export const layoutEpics = { changeLayout, saveLayout, reloadAfterConflict, lockCanvas };
