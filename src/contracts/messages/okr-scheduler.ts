import { Schema } from "@effect/schema";
import { CADENCES, CalendarResponse, CheckInSchedule, OkrSettings, PERIOD_SPLITS, RemindersResponse, SchedulerPeriod, SchedulerPlans, SchedulerYear } from "../okr-scheduler";
import { OKR_LEVELS, StatusOption } from "../okrs";

/**
 * The OKR scheduler (/objectives/scheduler) and OKR settings (/settings/okr-settings), issue 16.
 * Opening a planning year that does not exist yet creates it and loads it again (spec section 4):
 * SchedulerYearMissing, then SchedulerYearCreated, then SchedulerYearLoaded.
 */

const FieldMessages = Schema.Record({ key: Schema.String, value: Schema.Array(Schema.String) });
/** What a person did, for the busy and failed states of its form (the id of the row it concerns, if any). */
export const SchedulerAction = Schema.Literal("period", "schedule-create", "schedule", "schedule-delete", "settings", "status-create", "status", "status-delete");
export type SchedulerAction = typeof SchedulerAction.Type;

/**
 * What a person typed, as the form holds it: the server checks it and answers by field (a
 * command refusing a half-typed time would lose the server's words for it).
 */
const PeriodDates = Schema.Struct({ draftOn: Schema.optional(Schema.String), setOn: Schema.optional(Schema.String), reviewOn: Schema.optional(Schema.String) });
const Cadence = Schema.Literal(...CADENCES);
const ScheduleFields = {
  cadence: Schema.optional(Cadence),
  weekday: Schema.optional(Schema.Number),
  dayOfMonth: Schema.optional(Schema.Number),
  time: Schema.optional(Schema.String),
  enabled: Schema.optional(Schema.Boolean),
};
const SettingsDraft = Schema.Struct({
  split: Schema.optional(Schema.Literal(...PERIOD_SPLITS)),
  draftLeadDays: Schema.optional(Schema.Number),
  setDays: Schema.optional(Schema.Number),
  reviewLeadDays: Schema.optional(Schema.Number),
  defaultCadence: Schema.optional(Cadence),
  defaultWeekday: Schema.optional(Schema.Number),
  defaultDayOfMonth: Schema.optional(Schema.Number),
  defaultTime: Schema.optional(Schema.String),
  phaseReminders: Schema.optional(Schema.Boolean),
});

// ── commands ────────────────────────────────────────────────────────────────
/** Open a planning year (null: the year today falls in): loaded, or created first when missing. */
export class OpenSchedulerYear extends Schema.TaggedStruct("OpenSchedulerYear", { year: Schema.NullOr(Schema.Number) }) {}
/** The schedules and the reminders sent and upcoming. */
export class LoadCheckInSchedules extends Schema.TaggedStruct("LoadCheckInSchedules", {}) {}
export class LoadSchedulerCalendar extends Schema.TaggedStruct("LoadSchedulerCalendar", { month: Schema.String }) {}
export class ChangeSchedulerPeriod extends Schema.TaggedStruct("ChangeSchedulerPeriod", { periodId: Schema.Number, change: PeriodDates }) {}
export class CreateCheckInSchedule extends Schema.TaggedStruct("CreateCheckInSchedule", { request: Schema.Struct({ level: Schema.Literal(...OKR_LEVELS), ...ScheduleFields }) }) {}
export class ChangeCheckInSchedule extends Schema.TaggedStruct("ChangeCheckInSchedule", { scheduleId: Schema.Number, change: Schema.Struct(ScheduleFields) }) {}
export class DeleteCheckInSchedule extends Schema.TaggedStruct("DeleteCheckInSchedule", { scheduleId: Schema.Number, level: Schema.String }) {}

export class LoadOkrSettings extends Schema.TaggedStruct("LoadOkrSettings", {}) {}
export class SaveOkrSettings extends Schema.TaggedStruct("SaveOkrSettings", { change: SettingsDraft }) {}
export class CreateStatusOption extends Schema.TaggedStruct("CreateStatusOption", { name: Schema.String, color: Schema.String }) {}
/** Rename, recolour or move (position) a status option. */
export class ChangeStatusOption extends Schema.TaggedStruct("ChangeStatusOption", { statusId: Schema.Number, change: Schema.Struct({ name: Schema.optional(Schema.String), color: Schema.optional(Schema.String), position: Schema.optional(Schema.Number) }) }) {}
export class DeleteStatusOption extends Schema.TaggedStruct("DeleteStatusOption", { statusId: Schema.Number, name: Schema.String }) {}

export const OkrSchedulerCommand = Schema.Union(
  OpenSchedulerYear,
  LoadCheckInSchedules,
  LoadSchedulerCalendar,
  ChangeSchedulerPeriod,
  CreateCheckInSchedule,
  ChangeCheckInSchedule,
  DeleteCheckInSchedule,
  LoadOkrSettings,
  SaveOkrSettings,
  CreateStatusOption,
  ChangeStatusOption,
  DeleteStatusOption,
);
export type OkrSchedulerCommand = typeof OkrSchedulerCommand.Type;

// ── events ──────────────────────────────────────────────────────────────────
export class SchedulerYearLoadStarted extends Schema.TaggedStruct("SchedulerYearLoadStarted", { year: Schema.NullOr(Schema.Number) }) {}
export class SchedulerPlansLoaded extends Schema.TaggedStruct("SchedulerPlansLoaded", { plans: SchedulerPlans }) {}
/** The year answered 404: it is being created with the company's defaults. */
export class SchedulerYearMissing extends Schema.TaggedStruct("SchedulerYearMissing", { year: Schema.Number }) {}
export class SchedulerYearCreated extends Schema.TaggedStruct("SchedulerYearCreated", { year: Schema.Number }) {}
export class SchedulerYearLoaded extends Schema.TaggedStruct("SchedulerYearLoaded", { year: SchedulerYear }) {}
export class SchedulerYearLoadFailed extends Schema.TaggedStruct("SchedulerYearLoadFailed", { year: Schema.NullOr(Schema.Number), message: Schema.String }) {}

export class CheckInSchedulesLoadStarted extends Schema.TaggedStruct("CheckInSchedulesLoadStarted", {}) {}
export class CheckInSchedulesLoaded extends Schema.TaggedStruct("CheckInSchedulesLoaded", { schedules: Schema.Array(CheckInSchedule), timeZone: Schema.String, reminders: RemindersResponse }) {}
export class CheckInSchedulesLoadFailed extends Schema.TaggedStruct("CheckInSchedulesLoadFailed", { message: Schema.String }) {}

export class SchedulerCalendarLoadStarted extends Schema.TaggedStruct("SchedulerCalendarLoadStarted", { month: Schema.String }) {}
export class SchedulerCalendarLoaded extends Schema.TaggedStruct("SchedulerCalendarLoaded", { calendar: CalendarResponse }) {}
export class SchedulerCalendarLoadFailed extends Schema.TaggedStruct("SchedulerCalendarLoadFailed", { month: Schema.String, message: Schema.String }) {}

export class SchedulerPeriodSaved extends Schema.TaggedStruct("SchedulerPeriodSaved", { period: SchedulerPeriod }) {}
export class CheckInScheduleSaved extends Schema.TaggedStruct("CheckInScheduleSaved", { schedule: CheckInSchedule }) {}
export class CheckInScheduleRemoved extends Schema.TaggedStruct("CheckInScheduleRemoved", { scheduleId: Schema.Number }) {}

export class OkrSettingsLoadStarted extends Schema.TaggedStruct("OkrSettingsLoadStarted", {}) {}
export class OkrSettingsLoaded extends Schema.TaggedStruct("OkrSettingsLoaded", { settings: OkrSettings, statuses: Schema.Array(StatusOption) }) {}
export class OkrSettingsLoadFailed extends Schema.TaggedStruct("OkrSettingsLoadFailed", { message: Schema.String }) {}
export class OkrSettingsSaved extends Schema.TaggedStruct("OkrSettingsSaved", { settings: OkrSettings }) {}
/** The status options as they stand after a change (read again: a move renumbers the others). */
export class StatusOptionsLoaded extends Schema.TaggedStruct("StatusOptionsLoaded", { statuses: Schema.Array(StatusOption) }) {}

export class SchedulerActionStarted extends Schema.TaggedStruct("SchedulerActionStarted", { action: SchedulerAction, target: Schema.NullOr(Schema.Number) }) {}
export class SchedulerActionSucceeded extends Schema.TaggedStruct("SchedulerActionSucceeded", { action: SchedulerAction, target: Schema.NullOr(Schema.Number) }) {}
export class SchedulerActionFailed extends Schema.TaggedStruct("SchedulerActionFailed", { action: SchedulerAction, target: Schema.NullOr(Schema.Number), message: Schema.String, fields: FieldMessages }) {}

export const OkrSchedulerEvent = Schema.Union(
  SchedulerYearLoadStarted,
  SchedulerPlansLoaded,
  SchedulerYearMissing,
  SchedulerYearCreated,
  SchedulerYearLoaded,
  SchedulerYearLoadFailed,
  CheckInSchedulesLoadStarted,
  CheckInSchedulesLoaded,
  CheckInSchedulesLoadFailed,
  SchedulerCalendarLoadStarted,
  SchedulerCalendarLoaded,
  SchedulerCalendarLoadFailed,
  SchedulerPeriodSaved,
  CheckInScheduleSaved,
  CheckInScheduleRemoved,
  OkrSettingsLoadStarted,
  OkrSettingsLoaded,
  OkrSettingsLoadFailed,
  OkrSettingsSaved,
  StatusOptionsLoaded,
  SchedulerActionStarted,
  SchedulerActionSucceeded,
  SchedulerActionFailed,
);
export type OkrSchedulerEvent = typeof OkrSchedulerEvent.Type;
