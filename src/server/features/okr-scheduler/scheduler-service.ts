import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import {
  OKR_SCHEDULER_CHANGED_EVENT,
  SCHEDULE_LEVEL_TAKEN,
  SENT_REMINDERS_SHOWN,
  UPCOMING_REMINDERS_SHOWN,
  YEAR_EXISTS,
  type CalendarEntry,
  type CalendarResponse,
  type CheckInSchedule,
  type OkrSchedulerChangedPayload,
  type OkrSettings,
  type OkrSettingsChange,
  type RemindersResponse,
  type ScheduleChangeRequest,
  type ScheduleCreateRequest,
  type SchedulerPeriod,
  type SchedulerPeriodChangeRequest,
  type SchedulerPlans,
  type SchedulerYear,
  type SchedulerYearCreateRequest,
} from "../../../contracts/okr-scheduler";
import { calendarDateIn } from "../../../domain/company/time-zones";
import { dueDaysBetween, reminderInstant } from "../../../domain/okr-scheduler/due-dates";
import { phaseProblems, planningPeriods, planningYearLabel, planningYearOfDay } from "../../../domain/okr-scheduler/planning-year";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { personName } from "../../platform/people";
import type { AppServices } from "../../services";
import { scheduleReminders } from "./reminder-job";
import { recipientsOf, upcomingOccasions } from "./reminder-occasions";
import {
  byLevel,
  companyCalendar,
  loadSettings,
  loadYear,
  periodOf,
  periodRows,
  rhythmOf,
  saveSettings,
  scheduleOf,
  scheduleRows,
} from "./scheduler-repository";

dayjs.extend(utc);

const changed = (context: TenantContext, payload: OkrSchedulerChangedPayload) => context.appendEvent({ type: OKR_SCHEDULER_CHANGED_EVENT, payload });

export async function plansOf(context: TenantContext, now: Date): Promise<SchedulerPlans> {
  const { fiscalYearOffset, timeZone } = await companyCalendar(context);
  const years = await context.db
    .selectFrom("okr_scheduler_years as y")
    .leftJoin("okr_scheduler_periods as p", (join) => join.onRef("p.tenant_id", "=", "y.tenant_id").onRef("p.year", "=", "y.year"))
    .select((eb) => ["y.year", "y.split", eb.fn.min("p.starts_on").as("starts_on"), eb.fn.max("p.ends_on").as("ends_on"), eb.fn.count<string>("p.id").as("period_count")])
    .groupBy(["y.year", "y.split"])
    .orderBy("y.year")
    .execute();
  return {
    years: years.map((row) => ({ year: row.year, label: planningYearLabel(row.year, fiscalYearOffset), split: row.split, startsOn: String(row.starts_on ?? ""), endsOn: String(row.ends_on ?? ""), periodCount: Number(row.period_count) })),
    currentYear: planningYearOfDay(calendarDateIn(now, timeZone), fiscalYearOffset),
    fiscalYearStartMonth: fiscalYearOffset + 1,
    timeZone,
  };
}

export async function yearOf(context: TenantContext, year: number): Promise<SchedulerYear> {
  const found = await loadYear(context, year);
  if (!found) throw notFound(`The planning year ${year} has not been created yet.`);
  return found;
}

/** Creates a planning year with the company's current fiscal year start, split and phase defaults. */
export async function createYear(context: TenantContext, services: AppServices, request: SchedulerYearCreateRequest): Promise<SchedulerYear> {
  const settings = await loadSettings(context);
  const { fiscalYearOffset } = await companyCalendar(context);
  const split = request.split ?? settings.split;
  const inserted = await context.db.insertInto("okr_scheduler_years").values({ tenant_id: context.tenantId, year: request.year, split }).onConflict((conflict) => conflict.columns(["tenant_id", "year"]).doNothing()).returning("year").executeTakeFirst();
  if (!inserted) throw new HttpError(409, { detail: YEAR_EXISTS });
  const periods = planningPeriods(request.year, fiscalYearOffset, split, settings);
  await context.db
    .insertInto("okr_scheduler_periods")
    .values(periods.map((period) => ({ tenant_id: context.tenantId, year: request.year, number: period.number, name: period.name, starts_on: period.startsOn, ends_on: period.endsOn, draft_on: period.draftOn, set_on: period.setOn, review_on: period.reviewOn })))
    .execute();
  await changed(context, { what: "year", year: request.year });
  await scheduleReminders(context, services);
  return yearOf(context, request.year);
}

export async function deleteYear(context: TenantContext, services: AppServices, year: number): Promise<void> {
  const deleted = await context.db.deleteFrom("okr_scheduler_years").where("year", "=", year).returning("year").executeTakeFirst();
  if (!deleted) throw notFound();
  await changed(context, { what: "year", year });
  await scheduleReminders(context, services);
}

export async function changePeriod(context: TenantContext, services: AppServices, periodId: number, change: SchedulerPeriodChangeRequest, now: Date): Promise<SchedulerPeriod> {
  const row = await context.db.selectFrom("okr_scheduler_periods").selectAll().where("id", "=", periodId).executeTakeFirst();
  if (!row) throw notFound();
  const next = { startsOn: row.starts_on, endsOn: row.ends_on, draftOn: change.draftOn ?? row.draft_on, setOn: change.setOn ?? row.set_on, reviewOn: change.reviewOn ?? row.review_on };
  const problems = phaseProblems(next);
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  const updated = await context.db.updateTable("okr_scheduler_periods").set({ draft_on: next.draftOn, set_on: next.setOn, review_on: next.reviewOn, updated_at: now }).where("id", "=", periodId).returningAll().executeTakeFirstOrThrow();
  await changed(context, { what: "period", year: row.year });
  await scheduleReminders(context, services);
  return periodOf(updated);
}

export async function listSchedules(context: TenantContext, now: Date): Promise<{ schedules: CheckInSchedule[]; timeZone: string }> {
  const { timeZone } = await companyCalendar(context);
  return { schedules: (await scheduleRows(context)).map((row) => scheduleOf(row, now, timeZone)).sort(byLevel), timeZone };
}

export async function createSchedule(context: TenantContext, services: AppServices, request: ScheduleCreateRequest, now: Date): Promise<CheckInSchedule> {
  const settings = await loadSettings(context);
  const inserted = await context.db
    .insertInto("okr_check_in_schedules")
    .values({
      tenant_id: context.tenantId,
      level: request.level,
      cadence: request.cadence ?? settings.defaultCadence,
      weekday: request.weekday ?? settings.defaultWeekday,
      day_of_month: request.dayOfMonth ?? settings.defaultDayOfMonth,
      time: request.time ?? settings.defaultTime,
      enabled: request.enabled,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.columns(["tenant_id", "level"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) throw badRequest({ level: [SCHEDULE_LEVEL_TAKEN] });
  await changed(context, { what: "schedule", year: null });
  await scheduleReminders(context, services);
  return scheduleOf(inserted, now, (await companyCalendar(context)).timeZone);
}

export async function changeSchedule(context: TenantContext, services: AppServices, scheduleId: number, change: ScheduleChangeRequest, now: Date): Promise<CheckInSchedule> {
  const [row] = await scheduleRows(context, { id: scheduleId });
  if (!row) throw notFound();
  const updated = await context.db
    .updateTable("okr_check_in_schedules")
    .set({
      cadence: change.cadence ?? row.cadence,
      weekday: change.weekday ?? row.weekday,
      day_of_month: change.dayOfMonth ?? row.day_of_month,
      time: change.time ?? row.time,
      enabled: change.enabled ?? row.enabled,
      updated_at: now,
    })
    .where("id", "=", scheduleId)
    .returningAll()
    .executeTakeFirstOrThrow();
  await changed(context, { what: "schedule", year: null });
  await scheduleReminders(context, services);
  return scheduleOf(updated, now, (await companyCalendar(context)).timeZone);
}

export async function deleteSchedule(context: TenantContext, scheduleId: number): Promise<void> {
  const deleted = await context.db.deleteFrom("okr_check_in_schedules").where("id", "=", scheduleId).returning("id").executeTakeFirst();
  if (!deleted) throw notFound();
  await changed(context, { what: "schedule", year: null });
}

const ENTRY_ORDER: Readonly<Record<CalendarEntry["kind"], number>> = { period_start: 0, draft: 1, set: 2, check_in: 3, review: 4, period_end: 5 };

/** A month's check-in due dates (each enabled schedule) and the phase dates of the periods touching it. */
export async function calendarOf(context: TenantContext, month: string): Promise<CalendarResponse> {
  const [{ timeZone }, settings] = await Promise.all([companyCalendar(context), loadSettings(context)]);
  const first = `${month}-01`;
  const last = dayjs.utc(first).endOf("month").format("YYYY-MM-DD");
  const entries: CalendarEntry[] = [];
  for (const schedule of await scheduleRows(context, { enabledOnly: true })) {
    for (const day of dueDaysBetween(rhythmOf(schedule), first, last)) {
      entries.push({ date: day, kind: "check_in", level: schedule.level, title: `Check-in: ${schedule.level} key results`, remindAt: reminderInstant(day, schedule.time, timeZone).toISOString() });
    }
  }
  const remind = (day: string) => (settings.phaseReminders ? reminderInstant(day, settings.defaultTime, timeZone).toISOString() : null);
  for (const period of await periodRows(context, { overlapping: { from: first, to: last } })) {
    const candidates: CalendarEntry[] = [
      { date: period.starts_on, kind: "period_start", level: null, title: `${period.name} starts`, remindAt: null },
      { date: period.draft_on, kind: "draft", level: null, title: `Drafting opens for ${period.name}`, remindAt: remind(period.draft_on) },
      { date: period.set_on, kind: "set", level: null, title: `Objectives for ${period.name} are set`, remindAt: remind(period.set_on) },
      { date: period.review_on, kind: "review", level: null, title: `Review of ${period.name}`, remindAt: remind(period.review_on) },
      { date: period.ends_on, kind: "period_end", level: null, title: `${period.name} ends`, remindAt: null },
    ];
    entries.push(...candidates.filter((entry) => entry.date >= first && entry.date <= last));
  }
  entries.sort((left, right) => left.date.localeCompare(right.date) || ENTRY_ORDER[left.kind] - ENTRY_ORDER[right.kind] || (left.level ?? "").localeCompare(right.level ?? ""));
  return { month, timeZone, entries };
}

export async function remindersOf(context: TenantContext, now: Date): Promise<RemindersResponse> {
  const [{ timeZone }, settings] = await Promise.all([companyCalendar(context), loadSettings(context)]);
  const sent = await context.db
    .selectFrom("okr_reminders_sent as r")
    .innerJoin("users as u", (join) => join.onRef("u.tenant_id", "=", "r.tenant_id").onRef("u.id", "=", "r.user_id"))
    .select(["r.id", "r.kind", "r.level", "r.title", "r.due_on", "r.sent_at", "u.id as user_id", "u.first_name", "u.last_name", "u.email"])
    .orderBy("r.sent_at", "desc")
    .orderBy("r.id", "desc")
    .limit(SENT_REMINDERS_SHOWN)
    .execute();
  const upcoming = await upcomingOccasions(context, now, settings, timeZone, UPCOMING_REMINDERS_SHOWN);
  const counts = await Promise.all(upcoming.map(async (occasion) => (await recipientsOf(context, occasion, timeZone)).length));
  return {
    sent: sent.map((row) => ({ id: row.id, kind: row.kind, level: row.level, title: row.title, dueOn: row.due_on, recipient: { id: row.user_id, name: personName(row) }, sentAt: row.sent_at.toISOString() })),
    upcoming: upcoming.map((occasion, index) => ({ kind: occasion.kind, level: occasion.level, title: occasion.title, dueOn: occasion.dueOn, at: occasion.at.toISOString(), recipients: counts[index]! })),
    timeZone,
  };
}

export async function settingsOf(context: TenantContext): Promise<OkrSettings> {
  const [settings, { timeZone }] = await Promise.all([loadSettings(context), companyCalendar(context)]);
  return { ...settings, timeZone };
}

export async function changeSettings(context: TenantContext, services: AppServices, change: OkrSettingsChange, now: Date): Promise<OkrSettings> {
  const current = await loadSettings(context);
  const next = { ...current, ...Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) };
  await saveSettings(context, next, now);
  await changed(context, { what: "settings", year: null });
  await scheduleReminders(context, services);
  return settingsOf(context);
}
