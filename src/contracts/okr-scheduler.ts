import { Schema } from "@effect/schema";
import { IsoDate, WholeNumber, WholeNumberFromString } from "./fields";
import { OKR_LEVELS, OkrPerson } from "./okrs";

/**
 * The OKR scheduler and OKR settings (issue 16, scope 6): a company's OKR planning years (its
 * fiscal years split into OKR periods with draft, set and review dates), the check-in schedules
 * per level, and the reminders the job sends (mail and notification) for due check-ins and the
 * planning phases. domain/okr-scheduler decides dates and times; the API lives under
 * /api/okrs/scheduler/ and /api/okrs/scheduler/settings/ (src/server/features/okr-scheduler).
 */

export const PERIOD_SPLITS = ["quarters", "trimesters", "halves"] as const;
export const CADENCES = ["weekly", "biweekly", "monthly"] as const;
/** check_in: a schedule's due date; draft, set, review: a period's planning phase. */
export const REMINDER_KINDS = ["check_in", "draft", "set", "review"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
/** The planning years a company may create: far enough either way for any real plan. */
export const FIRST_PLANNING_YEAR = 2000;
export const LAST_PLANNING_YEAR = 2100;
/** How many sent reminders the reminders endpoint lists (newest first) and how many upcoming. */
export const SENT_REMINDERS_SHOWN = 100;
export const UPCOMING_REMINDERS_SHOWN = 12;

export const TIME_FORMAT = "Enter a time like 09:00 (24 hours).";
export const SCHEDULE_LEVEL_TAKEN = "This level has a schedule already: change that one.";
export const YEAR_EXISTS = "This planning year exists already.";
export const YEAR_RANGE = `Choose a year from ${FIRST_PLANNING_YEAR} to ${LAST_PLANNING_YEAR}.`;

const Split = Schema.Literal(...PERIOD_SPLITS);
const Cadence = Schema.Literal(...CADENCES);
const Level = Schema.Literal(...OKR_LEVELS);
/** "HH:MM", 00:00 to 23:59. */
export const TimeOfDay = Schema.String.pipe(Schema.filter((text) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text) || TIME_FORMAT, { jsonSchema: { pattern: "^([01]\\d|2[0-3]):[0-5]\\d$" } }));
const Weekday = WholeNumber(1, 7, "Choose a weekday (1 Monday to 7 Sunday).");
const DayOfMonth = WholeNumber(1, 31, "Choose a day of the month from 1 to 31.");
const Year = WholeNumber(FIRST_PLANNING_YEAR, LAST_PLANNING_YEAR, YEAR_RANGE);

// ── years and periods ───────────────────────────────────────────────────────
export const SchedulerPeriod = Schema.Struct({
  id: Schema.Number,
  number: Schema.Number,
  name: Schema.String,
  startsOn: Schema.String,
  endsOn: Schema.String,
  /** Drafting opens ("set your objectives" goes out). */
  draftOn: Schema.String,
  /** Objectives are final. */
  setOn: Schema.String,
  /** Review and retrospective open. */
  reviewOn: Schema.String,
});
export type SchedulerPeriod = typeof SchedulerPeriod.Type;

/** GET /api/okrs/scheduler/years/{year}/: 404 until the year is created. */
export const SchedulerYear = Schema.Struct({
  year: Schema.Number,
  /** "FY 2026" or "FY 2026/27". */
  label: Schema.String,
  split: Split,
  startsOn: Schema.String,
  endsOn: Schema.String,
  periods: Schema.Array(SchedulerPeriod),
  createdAt: Schema.String,
});
export type SchedulerYear = typeof SchedulerYear.Type;

export const SchedulerYearParams = Schema.Struct({ year: WholeNumberFromString(FIRST_PLANNING_YEAR, LAST_PLANNING_YEAR, YEAR_RANGE) });

/** POST /api/okrs/scheduler/years/: the split defaults to the company's OKR settings. */
export const SchedulerYearCreateRequest = Schema.Struct({ year: Year, split: Schema.optional(Split) });
export type SchedulerYearCreateRequest = typeof SchedulerYearCreateRequest.Type;

/** PATCH /api/okrs/scheduler/periods/{id}/ */
export const SchedulerPeriodChangeRequest = Schema.Struct({ draftOn: Schema.optional(IsoDate), setOn: Schema.optional(IsoDate), reviewOn: Schema.optional(IsoDate) });
export type SchedulerPeriodChangeRequest = typeof SchedulerPeriodChangeRequest.Type;

/** GET /api/okrs/scheduler/plans/: the years created, and which one today falls in. */
export const SchedulerPlans = Schema.Struct({
  years: Schema.Array(Schema.Struct({ year: Schema.Number, label: Schema.String, split: Split, startsOn: Schema.String, endsOn: Schema.String, periodCount: Schema.Number })),
  /** The planning year holding today in the company's time zone. */
  currentYear: Schema.Number,
  fiscalYearStartMonth: Schema.Number,
  timeZone: Schema.String,
});
export type SchedulerPlans = typeof SchedulerPlans.Type;

// ── schedules ───────────────────────────────────────────────────────────────
export const CheckInSchedule = Schema.Struct({
  id: Schema.Number,
  level: Level,
  cadence: Cadence,
  weekday: Schema.Number,
  dayOfMonth: Schema.Number,
  time: Schema.String,
  enabled: Schema.Boolean,
  /** "every other Monday at 09:00". */
  description: Schema.String,
  /** The next reminder, null while paused. */
  nextDueAt: Schema.NullOr(Schema.String),
  updatedAt: Schema.String,
});
export type CheckInSchedule = typeof CheckInSchedule.Type;

export const SchedulesResponse = Schema.Struct({ schedules: Schema.Array(CheckInSchedule), timeZone: Schema.String });
export type SchedulesResponse = typeof SchedulesResponse.Type;

/** POST /api/okrs/scheduler/schedules/: one per level; what is left out comes from the OKR settings. */
export const ScheduleCreateRequest = Schema.Struct({
  level: Level,
  cadence: Schema.optional(Cadence),
  weekday: Schema.optional(Weekday),
  dayOfMonth: Schema.optional(DayOfMonth),
  time: Schema.optional(TimeOfDay),
  enabled: Schema.optionalWith(Schema.Boolean, { default: () => true }),
});
export type ScheduleCreateRequest = typeof ScheduleCreateRequest.Type;

/** PATCH /api/okrs/scheduler/schedules/{id}/ */
export const ScheduleChangeRequest = Schema.Struct({
  cadence: Schema.optional(Cadence),
  weekday: Schema.optional(Weekday),
  dayOfMonth: Schema.optional(DayOfMonth),
  time: Schema.optional(TimeOfDay),
  enabled: Schema.optional(Schema.Boolean),
});
export type ScheduleChangeRequest = typeof ScheduleChangeRequest.Type;

// ── calendar and reminders ──────────────────────────────────────────────────
export const CALENDAR_ENTRY_KINDS = ["check_in", "draft", "set", "review", "period_start", "period_end"] as const;
export const CalendarEntry = Schema.Struct({
  date: Schema.String,
  kind: Schema.Literal(...CALENDAR_ENTRY_KINDS),
  /** A check-in's level; null for the phases. */
  level: Schema.NullOr(Level),
  title: Schema.String,
  /** When its reminder goes out (null: no reminder for this entry). */
  remindAt: Schema.NullOr(Schema.String),
});
export type CalendarEntry = typeof CalendarEntry.Type;

export const CalendarQuery = Schema.Struct({
  month: Schema.String.pipe(Schema.filter((text) => /^(20\d{2}|2100)-(0[1-9]|1[0-2])$/.test(text) || "Choose a month like 2026-04.", { jsonSchema: { pattern: "^\\d{4}-(0[1-9]|1[0-2])$" } })),
});
/** GET /api/okrs/scheduler/calendar/?month=2026-04: the month's due dates and phases by day. */
export const CalendarResponse = Schema.Struct({ month: Schema.String, timeZone: Schema.String, entries: Schema.Array(CalendarEntry) });
export type CalendarResponse = typeof CalendarResponse.Type;

export const SentReminder = Schema.Struct({
  id: Schema.Number,
  kind: Schema.Literal(...REMINDER_KINDS),
  level: Schema.NullOr(Level),
  title: Schema.String,
  /** The due date (check-in) or phase date it reminds of. */
  dueOn: Schema.String,
  recipient: OkrPerson,
  sentAt: Schema.String,
});
export type SentReminder = typeof SentReminder.Type;

export const UpcomingReminder = Schema.Struct({
  kind: Schema.Literal(...REMINDER_KINDS),
  level: Schema.NullOr(Level),
  title: Schema.String,
  dueOn: Schema.String,
  at: Schema.String,
  /** Who would receive it were it sent now (a check-in since may still drop someone). */
  recipients: Schema.Number,
});
export type UpcomingReminder = typeof UpcomingReminder.Type;

/** GET /api/okrs/scheduler/reminders/: the latest sent (newest first) and the next ones. */
export const RemindersResponse = Schema.Struct({ sent: Schema.Array(SentReminder), upcoming: Schema.Array(UpcomingReminder), timeZone: Schema.String });
export type RemindersResponse = typeof RemindersResponse.Type;

// ── OKR settings ────────────────────────────────────────────────────────────
/** GET/PATCH /api/okrs/scheduler/settings/: the company's OKR defaults. */
export const OkrSettings = Schema.Struct({
  split: Split,
  draftLeadDays: Schema.Number,
  setDays: Schema.Number,
  reviewLeadDays: Schema.Number,
  defaultCadence: Cadence,
  defaultWeekday: Schema.Number,
  defaultDayOfMonth: Schema.Number,
  defaultTime: Schema.String,
  /** Whether the draft, set and review reminders go out. */
  phaseReminders: Schema.Boolean,
  /** The company's time zone (company settings), in which every reminder time is read. */
  timeZone: Schema.String,
});
export type OkrSettings = typeof OkrSettings.Type;

export const OkrSettingsChange = Schema.Struct({
  split: Schema.optional(Split),
  draftLeadDays: Schema.optional(WholeNumber(0, 92, "Choose from 0 to 92 days.")),
  setDays: Schema.optional(WholeNumber(0, 60, "Choose from 0 to 60 days.")),
  reviewLeadDays: Schema.optional(WholeNumber(0, 60, "Choose from 0 to 60 days.")),
  defaultCadence: Schema.optional(Cadence),
  defaultWeekday: Schema.optional(Weekday),
  defaultDayOfMonth: Schema.optional(DayOfMonth),
  defaultTime: Schema.optional(TimeOfDay),
  phaseReminders: Schema.optional(Schema.Boolean),
});
export type OkrSettingsChange = typeof OkrSettingsChange.Type;

/** Appended on every change to years, periods, schedules and settings: open scheduler and settings screens read again. */
export const OKR_SCHEDULER_CHANGED_EVENT = "OkrSchedulerChanged";
export const OkrSchedulerChangedPayload = Schema.Struct({ what: Schema.Literal("year", "period", "schedule", "settings"), year: Schema.NullOr(Schema.Number) });
export type OkrSchedulerChangedPayload = typeof OkrSchedulerChangedPayload.Type;

