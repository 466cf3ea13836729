import {
  CalendarQuery,
  CalendarResponse,
  CheckInSchedule,
  OkrSettings,
  OkrSettingsChange,
  RemindersResponse,
  ScheduleChangeRequest,
  ScheduleCreateRequest,
  SchedulerPeriod,
  SchedulerPeriodChangeRequest,
  SchedulerPlans,
  SchedulerYear,
  SchedulerYearCreateRequest,
  SchedulerYearParams,
  SchedulesResponse,
} from "../../../contracts/okr-scheduler";
import { IdParams, needs, userRoute, type RouteDefinition, type UserCall } from "../../platform/http/route";
import {
  calendarOf,
  changePeriod,
  changeSchedule,
  changeSettings,
  createSchedule,
  createYear,
  deleteSchedule,
  deleteYear,
  listSchedules,
  plansOf,
  remindersOf,
  settingsOf,
  yearOf,
} from "./scheduler-service";

/** The scheduler is the OKR administrators' (the "corporate/scheduler" permission group). */
export const MANAGE_SCHEDULER = needs("manage_okr_scheduler", { feature: "okr" });
/** OKR settings: OKR administrators and company administrators (the settings menu's rule). */
export const MANAGE_OKR_SETTINGS = needs(["manage_okr_scheduler", "manage_company_settings"], { feature: "okr" });

const nowOf = (call: Pick<UserCall<unknown, unknown, unknown>, "services">) => call.services.now?.() ?? new Date();

/** The OKR scheduler (plans, years, schedules, reminders) and OKR settings (issue 16). */
export const okrSchedulerRoutes: readonly RouteDefinition[] = [
  userRoute({
    method: "GET",
    path: "/okrs/scheduler/plans/",
    summary: "The planning years created, the year today falls in, the fiscal year start and time zone",
    access: MANAGE_SCHEDULER,
    response: SchedulerPlans,
    handle: (call) => call.inTenant((context) => plansOf(context, nowOf(call))),
  }),
  userRoute({
    method: "GET",
    path: "/okrs/scheduler/years/{year}/",
    summary: "A planning year with its periods and their draft, set and review dates",
    description: "404 while the year has not been created: the client then creates it (POST /okrs/scheduler/years/) and loads it again (spec section 4).",
    access: MANAGE_SCHEDULER,
    params: SchedulerYearParams,
    response: SchedulerYear,
    handle: (call) => call.inTenant((context) => yearOf(context, call.params.year)),
  }),
  userRoute({
    method: "POST",
    path: "/okrs/scheduler/years/",
    summary: "Create a planning year: the fiscal year split into periods with the default phase dates",
    description: "The split defaults to the OKR settings'. 409 when the year exists already.",
    access: MANAGE_SCHEDULER,
    body: SchedulerYearCreateRequest,
    response: SchedulerYear,
    status: 201,
    handle: (call) => call.inTenant((context) => createYear(context, call.services, call.body)),
  }),
  userRoute({
    method: "DELETE",
    path: "/okrs/scheduler/years/{year}/",
    summary: "Delete a planning year and its periods (reminders already sent stay on record)",
    access: MANAGE_SCHEDULER,
    params: SchedulerYearParams,
    status: 204,
    handle: async (call) => {
      await call.inTenant((context) => deleteYear(context, call.services, call.params.year));
      return call.reply.status(204).send();
    },
  }),
  userRoute({
    method: "PATCH",
    path: "/okrs/scheduler/periods/{id}/",
    summary: "Change a period's draft, set or review date",
    description: "Draft on or before the period's first day, set within the period, review after set and at most 31 days past the end.",
    access: MANAGE_SCHEDULER,
    params: IdParams,
    body: SchedulerPeriodChangeRequest,
    response: SchedulerPeriod,
    handle: (call) => call.inTenant((context) => changePeriod(context, call.services, call.params.id, call.body, nowOf(call))),
  }),
  userRoute({
    method: "GET",
    path: "/okrs/scheduler/calendar/",
    summary: "A month's check-in due dates and planning phase dates with their reminder times",
    access: MANAGE_SCHEDULER,
    query: CalendarQuery,
    response: CalendarResponse,
    handle: (call) => call.inTenant((context) => calendarOf(context, call.query.month)),
  }),
  userRoute({
    method: "GET",
    path: "/okrs/scheduler/schedules/",
    summary: "The check-in schedules per level with their next reminder",
    access: MANAGE_SCHEDULER,
    response: SchedulesResponse,
    handle: (call) => call.inTenant((context) => listSchedules(context, nowOf(call))),
  }),
  userRoute({
    method: "POST",
    path: "/okrs/scheduler/schedules/",
    summary: "Add a level's check-in schedule (one per level); what is left out comes from the OKR settings",
    access: MANAGE_SCHEDULER,
    body: ScheduleCreateRequest,
    response: CheckInSchedule,
    status: 201,
    handle: (call) => call.inTenant((context) => createSchedule(context, call.services, call.body, nowOf(call))),
  }),
  userRoute({
    method: "PATCH",
    path: "/okrs/scheduler/schedules/{id}/",
    summary: "Change a schedule's cadence, weekday, day of the month or time, or pause and resume it",
    access: MANAGE_SCHEDULER,
    params: IdParams,
    body: ScheduleChangeRequest,
    response: CheckInSchedule,
    handle: (call) => call.inTenant((context) => changeSchedule(context, call.services, call.params.id, call.body, nowOf(call))),
  }),
  userRoute({
    method: "DELETE",
    path: "/okrs/scheduler/schedules/{id}/",
    summary: "Delete a check-in schedule",
    access: MANAGE_SCHEDULER,
    params: IdParams,
    status: 204,
    handle: async (call) => {
      await call.inTenant((context) => deleteSchedule(context, call.params.id));
      return call.reply.status(204).send();
    },
  }),
  userRoute({
    method: "GET",
    path: "/okrs/scheduler/reminders/",
    summary: "The reminders sent (newest first) and the next ones with how many people they would reach now",
    access: MANAGE_SCHEDULER,
    response: RemindersResponse,
    handle: (call) => call.inTenant((context) => remindersOf(context, nowOf(call))),
  }),
  userRoute({
    method: "GET",
    path: "/okrs/scheduler/settings/",
    summary: "The company's OKR settings: period split, phase defaults, default check-in cadence and reminder time",
    access: MANAGE_OKR_SETTINGS,
    response: OkrSettings,
    handle: (call) => call.inTenant(settingsOf),
  }),
  userRoute({
    method: "PATCH",
    path: "/okrs/scheduler/settings/",
    summary: "Change the OKR settings (new years and schedules take the defaults; existing ones keep theirs)",
    access: MANAGE_OKR_SETTINGS,
    body: OkrSettingsChange,
    response: OkrSettings,
    handle: (call) => call.inTenant((context) => changeSettings(context, call.services, call.body, nowOf(call))),
  }),
];
