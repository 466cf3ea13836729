import { Effect } from "effect";
import { concat, concatMap, debounceTime, EMPTY, filter, from, map, merge, mergeMap, of, switchMap, type Observable } from "rxjs";
import { CalendarResponse, CheckInSchedule, OKR_SCHEDULER_CHANGED_EVENT, OkrSettings, RemindersResponse, SchedulerPeriod, SchedulerPlans, SchedulerYear, SchedulesResponse } from "../../../contracts/okr-scheduler";
import { StatusOption, StatusOptionsResponse } from "../../../contracts/okrs";
import type { DomainEvent } from "../../../contracts/messages";
import {
  CheckInScheduleRemoved,
  CheckInScheduleSaved,
  CheckInSchedulesLoaded,
  CheckInSchedulesLoadFailed,
  CheckInSchedulesLoadStarted,
  OkrSettingsLoaded,
  OkrSettingsLoadFailed,
  OkrSettingsLoadStarted,
  OkrSettingsSaved,
  SchedulerActionFailed,
  SchedulerActionStarted,
  SchedulerActionSucceeded,
  SchedulerCalendarLoaded,
  SchedulerCalendarLoadFailed,
  SchedulerCalendarLoadStarted,
  SchedulerPeriodSaved,
  SchedulerPlansLoaded,
  SchedulerYearCreated,
  SchedulerYearLoaded,
  SchedulerYearLoadFailed,
  SchedulerYearLoadStarted,
  SchedulerYearMissing,
  StatusOptionsLoaded,
  type SchedulerAction,
} from "../../../contracts/messages/okr-scheduler";
import { ToastShown } from "../../../contracts/messages/notifications";
import type { EpicDeps } from "../../app/deps";
import type { AppState } from "../../app/state";
import type { Emitted, Epic } from "../../bus/bus";
import { causedBy, ofCommand, ofEvent } from "../../bus/operators";
import { describeApiError, fieldMessagesOf, type ApiError } from "../../effect/errors";
import { fromEffect, outcome$ } from "../../effect/observable";
import { selectStatusAccess } from "./scheduler-texts";

type SchedulerEpic = Epic<AppState, EpicDeps>;

/**
 * Opens a planning year: the plans (which year today falls in, the years there are), then the
 * year. A year that answers 404 does not exist yet: it is created with the company's defaults
 * and loaded again (spec section 4). A 409 on creating means someone else created it meanwhile:
 * loading it again is just as right.
 */
export const openYear: SchedulerEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("OpenSchedulerYear"),
    switchMap(({ command, commandId }) => concat(of(SchedulerYearLoadStarted.make({ year: command.year })), yearFlow$(deps, command.year)).pipe(causedBy(commandId))),
  );

export function yearFlow$(deps: EpicDeps, requested: number | null): Observable<DomainEvent> {
  const failed = (year: number | null) => (error: ApiError): DomainEvent => SchedulerYearLoadFailed.make({ year, message: describeApiError(error) });
  const load = (year: number) => deps.api.request({ root: "main", method: "GET", path: `/okrs/scheduler/years/${year}/`, decode: SchedulerYear });
  const reload$ = (year: number) => outcome$(load(year), (value): DomainEvent => SchedulerYearLoaded.make({ year: value }), failed(year));
  const create$ = (year: number): Observable<DomainEvent> =>
    fromEffect(
      deps.api.request({ root: "main", method: "POST", path: "/okrs/scheduler/years/", body: { year }, decode: SchedulerYear }).pipe(
        Effect.match({
          onSuccess: () => "created" as const,
          onFailure: (error) => (error._tag === "Conflict" ? ("created" as const) : error),
        }),
      ),
    ).pipe(mergeMap((outcome) => (outcome === "created" ? concat(of(SchedulerYearCreated.make({ year })), reload$(year)) : of(failed(year)(outcome)))));
  const year$ = (year: number): Observable<DomainEvent> =>
    fromEffect(load(year).pipe(Effect.either)).pipe(
      mergeMap((result) => {
        if (result._tag === "Right") return of(SchedulerYearLoaded.make({ year: result.right }));
        if (result.left._tag === "NotFound") return concat(of(SchedulerYearMissing.make({ year })), create$(year));
        return of(failed(year)(result.left));
      }),
    );
  return fromEffect(deps.api.request({ root: "main", method: "GET", path: "/okrs/scheduler/plans/", decode: SchedulerPlans }).pipe(Effect.either)).pipe(
    mergeMap((result) => (result._tag === "Left" ? of(failed(requested)(result.left)) : concat(of(SchedulerPlansLoaded.make({ plans: result.right })), year$(requested ?? result.right.currentYear)))),
  );
}

export const loadSchedules: SchedulerEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadCheckInSchedules"),
    switchMap(({ commandId }) => concat(of(CheckInSchedulesLoadStarted.make({})), schedules$(deps)).pipe(causedBy(commandId))),
  );

export const loadCalendar: SchedulerEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("LoadSchedulerCalendar"),
    switchMap(({ command, commandId }) => concat(of(SchedulerCalendarLoadStarted.make({ month: command.month })), calendar$(deps, command.month)).pipe(causedBy(commandId))),
  );

/**
 * Changes to periods and schedules keep their order. A change moves due dates and reminders: the
 * schedules with their reminders and the calendar on screen are read again after it.
 */
export const changeSchedule: SchedulerEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("ChangeSchedulerPeriod", "CreateCheckInSchedule", "ChangeCheckInSchedule", "DeleteCheckInSchedule"),
    concatMap(({ command, commandId }) => {
      const [action, target]: [SchedulerAction, number | null] =
        command._tag === "ChangeSchedulerPeriod" ? ["period", command.periodId] : command._tag === "CreateCheckInSchedule" ? ["schedule-create", null] : command._tag === "ChangeCheckInSchedule" ? ["schedule", command.scheduleId] : ["schedule-delete", command.scheduleId];
      const fail = (error: ApiError): DomainEvent[] => [SchedulerActionFailed.make({ action, target, message: describeApiError(error), fields: fieldMessagesOf(error) })];
      const request: Effect.Effect<DomainEvent[]> =
        command._tag === "ChangeSchedulerPeriod"
          ? deps.api.request({ root: "main", method: "PATCH", path: `/okrs/scheduler/periods/${command.periodId}/`, body: command.change, decode: SchedulerPeriod }).pipe(
              Effect.match({ onSuccess: (period): DomainEvent[] => [SchedulerPeriodSaved.make({ period }), toast(deps, `${period.name}: dates saved.`)], onFailure: fail }),
            )
          : command._tag === "DeleteCheckInSchedule"
            ? deps.api.request({ root: "main", method: "DELETE", path: `/okrs/scheduler/schedules/${command.scheduleId}/` }).pipe(
                Effect.match({ onSuccess: (): DomainEvent[] => [CheckInScheduleRemoved.make({ scheduleId: command.scheduleId }), toast(deps, `The ${command.level} schedule was deleted.`)], onFailure: fail }),
              )
            : deps.api
                .request(
                  command._tag === "CreateCheckInSchedule"
                    ? { root: "main", method: "POST", path: "/okrs/scheduler/schedules/", body: command.request, decode: CheckInSchedule }
                    : { root: "main", method: "PATCH", path: `/okrs/scheduler/schedules/${command.scheduleId}/`, body: command.change, decode: CheckInSchedule },
                )
                .pipe(Effect.match({ onSuccess: (schedule): DomainEvent[] => [CheckInScheduleSaved.make({ schedule }), toast(deps, `The ${schedule.level} schedule is saved: ${schedule.description}.`)], onFailure: fail }));
      const month = state$.value.okrScheduler.calendar.month;
      const after$ = merge(schedules$(deps), month ? calendar$(deps, month) : EMPTY);
      return concat(
        of(SchedulerActionStarted.make({ action, target })),
        fromEffect(request).pipe(mergeMap((events) => (events[0]!._tag === "SchedulerActionFailed" ? from(events) : concat(from(events), after$)))),
      ).pipe(causedBy(commandId));
    }),
  );

export const loadSettings: SchedulerEpic = ({ command$, state$ }, deps) =>
  command$.pipe(
    ofCommand("LoadOkrSettings"),
    switchMap(({ commandId }) => concat(of(OkrSettingsLoadStarted.make({})), settings$(deps, selectStatusAccess(state$.value).read)).pipe(causedBy(commandId))),
  );

/** Settings and status options: each change, then the status list read again (a move renumbers the others). */
export const changeSettings: SchedulerEpic = ({ command$ }, deps) =>
  command$.pipe(
    ofCommand("SaveOkrSettings", "CreateStatusOption", "ChangeStatusOption", "DeleteStatusOption"),
    concatMap(({ command, commandId }) => {
      const [action, target]: [SchedulerAction, number | null] =
        command._tag === "SaveOkrSettings" ? ["settings", null] : command._tag === "CreateStatusOption" ? ["status-create", null] : command._tag === "ChangeStatusOption" ? ["status", command.statusId] : ["status-delete", command.statusId];
      const fail = (error: ApiError): DomainEvent[] => [SchedulerActionFailed.make({ action, target, message: describeApiError(error), fields: fieldMessagesOf(error) })];
      if (command._tag === "SaveOkrSettings") {
        return concat(
          of(SchedulerActionStarted.make({ action, target })),
          fromEffect(
            deps.api.request({ root: "main", method: "PATCH", path: "/okrs/scheduler/settings/", body: command.change, decode: OkrSettings }).pipe(
              Effect.match({ onSuccess: (settings): DomainEvent[] => [OkrSettingsSaved.make({ settings }), toast(deps, "OKR settings saved.")], onFailure: fail }),
            ),
          ).pipe(mergeMap((events) => events)),
        ).pipe(causedBy(commandId));
      }
      const request =
        command._tag === "CreateStatusOption"
          ? deps.api.request({ root: "main", method: "POST", path: "/okrs/statuses/", body: { name: command.name, color: command.color }, decode: StatusOption }).pipe(Effect.as(`Status "${command.name}" added.`))
          : command._tag === "ChangeStatusOption"
            ? deps.api.request({ root: "main", method: "PATCH", path: `/okrs/statuses/${command.statusId}/`, body: command.change, decode: StatusOption }).pipe(Effect.map((status) => `Status "${status.name}" saved.`))
            : deps.api.request({ root: "main", method: "DELETE", path: `/okrs/statuses/${command.statusId}/` }).pipe(Effect.as(`Status "${command.name}" deleted.`));
      return concat(
        of(SchedulerActionStarted.make({ action, target })),
        fromEffect(request.pipe(Effect.match({ onSuccess: (text): DomainEvent[] => [SchedulerActionSucceeded.make({ action, target }), toast(deps, text)], onFailure: fail }))).pipe(
          mergeMap((events) => (events[0]!._tag === "SchedulerActionFailed" ? from(events) : concat(from(events), statuses$(deps)))),
        ),
      ).pipe(causedBy(commandId));
    }),
  );

/** Reloads after this many ms of quiet, so a burst of changes reads once. */
const RELOAD_DEBOUNCE_MS = 300;

/** Another person's change to years, periods, schedules or settings: what is on screen is read again. */
export const changedElsewhere: SchedulerEpic = ({ event$, state$ }, deps) =>
  event$.pipe(
    ofEvent("ServerEventReceived"),
    filter((envelope) => envelope.payload.type === OKR_SCHEDULER_CHANGED_EVENT),
    debounceTime(RELOAD_DEBOUNCE_MS),
    switchMap((): Observable<DomainEvent> => {
      const model = state$.value.okrScheduler;
      const year = model.year.status === "loaded" && model.year.value ? yearFlow$(deps, model.year.value.year) : EMPTY;
      const schedules = model.schedules.status === "loaded" ? schedules$(deps) : EMPTY;
      const calendar = model.calendar.status === "loaded" && model.calendar.month ? calendar$(deps, model.calendar.month) : EMPTY;
      const settings = model.settings.status === "loaded" ? settings$(deps, selectStatusAccess(state$.value).read) : EMPTY;
      return merge(year, schedules, calendar, settings);
    }),
    map((event): Emitted => ({ event, origin: "remote" })),
  );

export const okrSchedulerEpics = { openYear, loadSchedules, loadCalendar, changeSchedule, loadSettings, changeSettings, changedElsewhere };

const schedules$ = (deps: EpicDeps) =>
  outcome$(
    Effect.all([deps.api.request({ root: "main", method: "GET", path: "/okrs/scheduler/schedules/", decode: SchedulesResponse }), deps.api.request({ root: "main", method: "GET", path: "/okrs/scheduler/reminders/", decode: RemindersResponse })], { concurrency: 2 }),
    ([{ schedules, timeZone }, reminders]): DomainEvent => CheckInSchedulesLoaded.make({ schedules, timeZone, reminders }),
    (error): DomainEvent => CheckInSchedulesLoadFailed.make({ message: describeApiError(error) }),
  );

const calendar$ = (deps: EpicDeps, month: string) =>
  outcome$(
    deps.api.request({ root: "main", method: "GET", path: "/okrs/scheduler/calendar/", query: { month }, decode: CalendarResponse }),
    (calendar): DomainEvent => SchedulerCalendarLoaded.make({ calendar }),
    (error): DomainEvent => SchedulerCalendarLoadFailed.make({ month, message: describeApiError(error) }),
  );

/** The settings, and the status options for who may read them (company administrators need not read OKRs). */
const settings$ = (deps: EpicDeps, readStatuses: boolean) =>
  outcome$(
    Effect.all(
      [
        deps.api.request({ root: "main", method: "GET", path: "/okrs/scheduler/settings/", decode: OkrSettings }),
        readStatuses ? deps.api.request({ root: "main", method: "GET", path: "/okrs/statuses/", decode: StatusOptionsResponse }) : Effect.succeed({ statuses: [] as readonly StatusOption[] }),
      ],
      { concurrency: 2 },
    ),
    ([settings, { statuses }]): DomainEvent => OkrSettingsLoaded.make({ settings, statuses }),
    (error): DomainEvent => OkrSettingsLoadFailed.make({ message: describeApiError(error) }),
  );

const statuses$ = (deps: EpicDeps) =>
  outcome$(
    deps.api.request({ root: "main", method: "GET", path: "/okrs/statuses/", decode: StatusOptionsResponse }),
    ({ statuses }): DomainEvent => StatusOptionsLoaded.make({ statuses }),
    (error): DomainEvent => OkrSettingsLoadFailed.make({ message: describeApiError(error) }),
  );

const toast = (deps: EpicDeps, text: string): DomainEvent => ToastShown.make({ id: deps.ids(), tone: "success", text, action: null });

