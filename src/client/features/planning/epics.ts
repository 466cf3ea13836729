import { Schema } from "@effect/schema";
import { Effect } from "effect";
import { concat, concatMap, exhaustMap, filter, groupBy, map, mergeMap, of, switchMap } from "rxjs";
import { SavedValues, ValuesResponse } from "../../../contracts/kpis";
import type { DomainEvent } from "../../../contracts/messages";
import { ToastShown } from "../../../contracts/messages/notifications";
import {
  PlanningCellsEdited,
  PlanningChangesDiscarded,
  PlanningGridLoaded,
  PlanningGridLoadFailed,
  PlanningGridLoadStarted,
  PlanningSaveFailed,
  PlanningSaveStarted,
  PlanningValuesSaved,
  PlanningVersionActionStarted,
  PlanningVersionDeleted,
  PlanningVersionFailed,
  PlanningVersionSaved,
  PlanningVersionsLoaded,
  PlanningVersionsLoadFailed,
  PlanningVersionsLoadStarted,
} from "../../../contracts/messages/planning";
import { PlanningVersion, PlanningVersionsResponse } from "../../../contracts/planning";
import { parseNumberInput } from "../../../domain/kpi/number-input";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";

type PlanningEpic = Epic<AppState, EpicDeps>;

/** What a grid's load answers: the command without its key, as stable text. */
export const gridParams = (command: { readonly _tag: string; readonly key: string }) => {
  const { _tag, key, ...params } = command;
  return JSON.stringify(params);
};

/** Grid loads: per grid a newer load (another year, another version) supersedes the running one. */
export const loadGrid: PlanningEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadPlanningGrid"),
    groupBy(({ command }) => command.key),
    mergeMap((grid$) =>
      grid$.pipe(
        switchMap(({ command, commandId }) => {
          const params = gridParams(command);
          return concat(
            of<DomainEvent>(PlanningGridLoadStarted.make({ key: command.key, params, version: command.version })),
            outcome$(
              deps.api.request({
                root: "main",
                method: "POST",
                path: "/kpis/values/",
                idempotent: true,
                body: { startDate: command.startDate, date: command.date, type: command.type, idList: command.idList, includePlanning: true, ...(command.version === null ? {} : { planningVersion: command.version }) },
                decode: ValuesResponse,
              }),
              (answer): DomainEvent => PlanningGridLoaded.make({ key: command.key, params, kpis: answer.kpis }),
              (error): DomainEvent => PlanningGridLoadFailed.make({ key: command.key, params, message: describeApiError(error) }),
            ),
          ).pipe(causedBy(commandId));
        }),
      ),
    ),
  );

/** Typed, pasted, filled or computed cells, read by the number input rules of their KPI; nothing is sent yet. */
export const editCells: PlanningEpic = ({ command$ }) =>
  command$.pipe(
    ofCommand("EditPlanningCells", "DiscardPlanningChanges"),
    map(({ command, commandId }): Emitted => {
      if (command._tag === "DiscardPlanningChanges") return { event: PlanningChangesDiscarded.make({}), commandId };
      const pending: { kpi: number; date: string; text: string; value: number | "-" }[] = [];
      const rejected: { kpi: number; date: string; text: string; message: string }[] = [];
      for (const cell of command.cells) {
        const input = parseNumberInput(cell.text, cell.unit);
        if (input.kind === "invalid") rejected.push({ kpi: cell.kpi, date: cell.date, text: cell.text, message: input.message });
        else pending.push({ kpi: cell.kpi, date: cell.date, text: cell.text, value: input.kind === "remove" ? "-" : input.value });
      }
      return { event: PlanningCellsEdited.make({ pending, rejected }), commandId };
    }),
  );

/** Every pending change in one request (exhaustMap: a second press does not send twice); all or nothing. */
export const saveChanges: PlanningEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("SavePlanningChanges"),
    exhaustMap(({ commandId }) => {
      const cells = Object.entries(state$.value.planning.pending).flatMap(([kpi, months]) => Object.entries(months).map(([date, entry]) => ({ kpi: Number(kpi), date, value: entry.value })));
      if (cells.length === 0) return of<Emitted>();
      const toast = (tone: "success" | "error", text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone, text, action: null });
      return concat(
        of<DomainEvent>(PlanningSaveStarted.make({ count: cells.length })),
        fromEffect(
          deps.api.request({ root: "main", method: "POST", path: "/kpis/planning-values/", body: { values: cells }, decode: SavedValues, timeoutMs: 60_000 }).pipe(
            Effect.match({
              onSuccess: (answer): DomainEvent[] => [PlanningValuesSaved.make({ values: answer.values, elsewhere: false }), toast("success", cells.length === 1 ? "Saved 1 planning value." : `Saved ${cells.length} planning values.`)],
              onFailure: (error: ApiError): DomainEvent[] => [PlanningSaveFailed.make({ message: describeApiError(error), fields: fieldMessagesOf(error), cells: cells.map(({ kpi, date }) => ({ kpi, date })) })],
            }),
          ),
        ).pipe(mergeMap((events) => events)),
      ).pipe(causedBy(commandId));
    }),
  );

export const loadVersions: PlanningEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadPlanningVersions"),
    switchMap(({ commandId }) =>
      concat(
        of<DomainEvent>(PlanningVersionsLoadStarted.make({})),
        outcome$(
          deps.api.request({ root: "main", method: "GET", path: "/planning/versions/", decode: PlanningVersionsResponse }),
          (answer): DomainEvent => PlanningVersionsLoaded.make({ versions: answer.versions }),
          (error): DomainEvent => PlanningVersionsLoadFailed.make({ message: describeApiError(error) }),
        ),
      ).pipe(causedBy(commandId)),
    ),
  );

/** Keeping and deleting versions keep their order; each outcome also says itself in a toast. */
export const changeVersions: PlanningEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SavePlanningVersion", "DeletePlanningVersion"),
    concatMap(({ command, commandId }) => {
      const action = command._tag === "SavePlanningVersion" ? "save" : "delete";
      const toast = (tone: "success" | "error", text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone, text, action: null });
      const failed = (error: ApiError): DomainEvent[] => {
        const message = describeApiError(error);
        const failure = PlanningVersionFailed.make({ action, message, fields: fieldMessagesOf(error) });
        return action === "save" ? [failure] : [failure, toast("error", `The version “${command.name}” was not deleted: ${message}`)];
      };
      const call =
        command._tag === "SavePlanningVersion"
          ? deps.api.request({ root: "main", method: "POST", path: "/planning/versions/", body: { name: command.name, fiscalYear: command.fiscalYear }, decode: PlanningVersion }).pipe(
              Effect.match({
                onSuccess: (version): DomainEvent[] => [PlanningVersionSaved.make({ version }), toast("success", `Saved the plan as “${version.name}” (${version.valueCount} values).`)],
                onFailure: failed,
              }),
            )
          : deps.api.request({ root: "main", method: "DELETE", path: `/planning/versions/${command.versionId}/` }).pipe(
              Effect.match({
                onSuccess: (): DomainEvent[] => [PlanningVersionDeleted.make({ versionId: command.versionId }), toast("success", `Deleted the version “${command.name}”.`)],
                onFailure: failed,
              }),
            );
      return concat(of<DomainEvent>(PlanningVersionActionStarted.make({ action })), fromEffect(call).pipe(mergeMap((events) => events))).pipe(causedBy(commandId));
    }),
  );

const EditedValues = Schema.Struct({ values: Schema.Array(Schema.Struct({ kpi: Schema.Number, date: Schema.String, value: Schema.NullOr(Schema.Number) })) });
const decodeEdited = Schema.decodeUnknownOption(EditedValues);

/**
 * Another person's planning saves reach the open grids at once: the values change in place, and a
 * cell with a pending change here keeps it and shows what they saved (the conflict).
 */
export const valuesSavedElsewhere: PlanningEpic = ({ event$ }) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => envelope.payload.type === "PlanningValueEdited"),
    mergeMap((envelope) => {
      const edited = decodeEdited(envelope.payload.payload);
      return edited._tag === "Some" ? of<Emitted>({ event: PlanningValuesSaved.make({ values: edited.value.values, elsewhere: true }), origin: "remote" }) : of<Emitted>();
    }),
  );

/** Another person kept or deleted a version: the list loads again. */
export const versionsChangedElsewhere: PlanningEpic = ({ event$ }, deps) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => envelope.payload.type === "PlanningVersionSaved" || envelope.payload.type === "PlanningVersionDeleted"),
    switchMap(() =>
      outcome$(
        deps.api.request({ root: "main", method: "GET", path: "/planning/versions/", decode: PlanningVersionsResponse }),
        (answer): DomainEvent => PlanningVersionsLoaded.make({ versions: answer.versions }),
        (error): DomainEvent => PlanningVersionsLoadFailed.make({ message: describeApiError(error) }),
      ).pipe(map((event): Emitted => ({ event, origin: "remote" }))),
    ),
  );

export const planningEpics = { loadGrid, editCells, saveChanges, loadVersions, changeVersions, valuesSavedElsewhere, versionsChangedElsewhere };
