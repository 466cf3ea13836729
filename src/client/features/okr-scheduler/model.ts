import { castDraft, produce } from "immer";
import type { CalendarResponse, CheckInSchedule, OkrSettings, RemindersResponse, SchedulerPlans, SchedulerYear } from "../../../contracts/okr-scheduler";
import type { SchedulerAction } from "../../../contracts/messages/okr-scheduler";
import type { StatusOption } from "../../../contracts/okrs";
import type { Reducer } from "../../bus/store";

type LoadStatus = "idle" | "loading" | "loaded" | "error";

/** The scheduler and OKR settings screens: what each shows, and how the latest change went. */
export interface OkrSchedulerModel {
  readonly plans: SchedulerPlans | null;
  /** The year on screen: "creating" while a missing year is being created (spec section 4). */
  readonly year: { readonly status: LoadStatus | "creating"; readonly requested: number | null; readonly value: SchedulerYear | null; readonly message: string | null };
  readonly schedules: { readonly status: LoadStatus; readonly value: readonly CheckInSchedule[]; readonly timeZone: string; readonly reminders: RemindersResponse | null; readonly message: string | null };
  readonly calendar: { readonly status: LoadStatus; readonly month: string | null; readonly value: CalendarResponse | null; readonly message: string | null };
  readonly settings: { readonly status: LoadStatus; readonly value: OkrSettings | null; readonly statuses: readonly StatusOption[]; readonly message: string | null };
  readonly action: { readonly status: "idle" | "busy" | "error"; readonly action: SchedulerAction | null; readonly target: number | null; readonly message: string | null; readonly fields: Readonly<Record<string, readonly string[]>> };
}

const IDLE_ACTION: OkrSchedulerModel["action"] = { status: "idle", action: null, target: null, message: null, fields: {} };

export const initialOkrScheduler: OkrSchedulerModel = {
  plans: null,
  year: { status: "idle", requested: null, value: null, message: null },
  schedules: { status: "idle", value: [], timeZone: "UTC", reminders: null, message: null },
  calendar: { status: "idle", month: null, value: null, message: null },
  settings: { status: "idle", value: null, statuses: [], message: null },
  action: IDLE_ACTION,
};

const LEVEL_ORDER = { corporate: 0, team: 1, employee: 2 } as const;

export const okrSchedulerReducer: Reducer<OkrSchedulerModel> = (model, event) => {
  switch (event._tag) {
    case "SchedulerYearLoadStarted":
      return produce(model, (draft) => {
        draft.year.status = "loading";
        draft.year.requested = event.year;
        draft.year.message = null;
      });
    case "SchedulerPlansLoaded":
      return produce(model, (draft) => {
        draft.plans = castDraft(event.plans);
        if (draft.year.requested === null) draft.year.requested = event.plans.currentYear;
      });
    case "SchedulerYearMissing":
      return produce(model, (draft) => {
        draft.year.status = "creating";
        draft.year.requested = event.year;
      });
    case "SchedulerYearCreated":
      return produce(model, (draft) => {
        draft.year.status = "loading";
      });
    case "SchedulerYearLoaded":
      return produce(model, (draft) => {
        draft.year = castDraft({ status: "loaded" as const, requested: event.year.year, value: event.year, message: null });
      });
    case "SchedulerYearLoadFailed":
      return produce(model, (draft) => {
        draft.year.status = "error";
        draft.year.message = event.message;
      });
    case "CheckInSchedulesLoadStarted":
      return produce(model, (draft) => {
        if (draft.schedules.status !== "loaded") draft.schedules.status = "loading";
        draft.schedules.message = null;
      });
    case "CheckInSchedulesLoaded":
      return produce(model, (draft) => {
        draft.schedules = castDraft({ status: "loaded" as const, value: event.schedules, timeZone: event.timeZone, reminders: event.reminders, message: null });
      });
    case "CheckInSchedulesLoadFailed":
      return produce(model, (draft) => {
        draft.schedules.status = "error";
        draft.schedules.message = event.message;
      });
    case "SchedulerCalendarLoadStarted":
      return produce(model, (draft) => {
        draft.calendar.status = "loading";
        draft.calendar.month = event.month;
        draft.calendar.message = null;
      });
    case "SchedulerCalendarLoaded":
      return produce(model, (draft) => {
        if (draft.calendar.month !== event.calendar.month) return; // an older month's late answer
        draft.calendar.status = "loaded";
        draft.calendar.value = castDraft(event.calendar);
      });
    case "SchedulerCalendarLoadFailed":
      return produce(model, (draft) => {
        if (draft.calendar.month !== event.month) return;
        draft.calendar.status = "error";
        draft.calendar.message = event.message;
      });
    case "SchedulerPeriodSaved":
      return produce(model, (draft) => {
        const periods = draft.year.value?.periods;
        const index = periods?.findIndex((period) => period.id === event.period.id) ?? -1;
        if (periods && index >= 0) periods[index] = castDraft(event.period);
        draft.action = castDraft(IDLE_ACTION);
      });
    case "CheckInScheduleSaved":
      return produce(model, (draft) => {
        const others = draft.schedules.value.filter((schedule) => schedule.id !== event.schedule.id);
        draft.schedules.value = castDraft([...others, event.schedule].sort((left, right) => LEVEL_ORDER[left.level] - LEVEL_ORDER[right.level]));
        draft.action = castDraft(IDLE_ACTION);
      });
    case "CheckInScheduleRemoved":
      return produce(model, (draft) => {
        draft.schedules.value = draft.schedules.value.filter((schedule) => schedule.id !== event.scheduleId);
        draft.action = castDraft(IDLE_ACTION);
      });
    case "OkrSettingsLoadStarted":
      return produce(model, (draft) => {
        if (draft.settings.status !== "loaded") draft.settings.status = "loading";
        draft.settings.message = null;
      });
    case "OkrSettingsLoaded":
      return produce(model, (draft) => {
        draft.settings = castDraft({ status: "loaded" as const, value: event.settings, statuses: event.statuses, message: null });
      });
    case "OkrSettingsLoadFailed":
      return produce(model, (draft) => {
        draft.settings.status = "error";
        draft.settings.message = event.message;
      });
    case "OkrSettingsSaved":
      return produce(model, (draft) => {
        draft.settings.value = castDraft(event.settings);
        draft.action = castDraft(IDLE_ACTION);
      });
    case "StatusOptionsLoaded":
      return produce(model, (draft) => {
        draft.settings.statuses = castDraft([...event.statuses].sort((left, right) => left.position - right.position || left.id - right.id));
      });
    case "SchedulerActionStarted":
      return produce(model, (draft) => {
        draft.action = { status: "busy", action: event.action, target: event.target, message: null, fields: {} };
      });
    case "SchedulerActionSucceeded":
      return produce(model, (draft) => {
        draft.action = castDraft(IDLE_ACTION);
      });
    case "SchedulerActionFailed":
      return produce(model, (draft) => {
        draft.action = castDraft({ status: "error" as const, action: event.action, target: event.target, message: event.message, fields: event.fields });
      });
    default:
      return model;
  }
};

/** The form of an action on a row shows the server's answer only if it is that row's. */
export function actionFor(model: OkrSchedulerModel, action: SchedulerAction, target: number | null) {
  const mine = model.action.action === action && model.action.target === target;
  return {
    busy: mine && model.action.status === "busy",
    fields: mine && model.action.status === "error" ? model.action.fields : {},
    message: mine && model.action.status === "error" ? model.action.message : null,
  };
}
