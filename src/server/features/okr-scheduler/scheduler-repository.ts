import type { Selectable } from "kysely";
import type { CheckInSchedule, OkrSettings, SchedulerPeriod, SchedulerYear } from "../../../contracts/okr-scheduler";
import { describeRhythm, nextDue } from "../../../domain/okr-scheduler/due-dates";
import { planningYearLabel } from "../../../domain/okr-scheduler/planning-year";
import type { OkrCheckInSchedulesTable, OkrSchedulerPeriodsTable } from "../../db/schema";
import type { TenantContext } from "../../db/tenancy";

export type ScheduleRow = Selectable<OkrCheckInSchedulesTable>;
export type PeriodRow = Selectable<OkrSchedulerPeriodsTable>;

/** What the scheduler reads of the company: its fiscal year offset (0-11) and time zone. */
export async function companyCalendar({ db }: TenantContext): Promise<{ fiscalYearOffset: number; timeZone: string }> {
  const row = await db.selectFrom("tenants").select(["fiscal_year_offset", "time_zone"]).executeTakeFirst();
  return { fiscalYearOffset: row?.fiscal_year_offset ?? 0, timeZone: row?.time_zone ?? "UTC" };
}

/** The OKR settings without the time zone: the stored row, or the defaults of a company that never saved any. */
export type StoredSettings = Omit<OkrSettings, "timeZone">;
export const DEFAULT_SETTINGS: StoredSettings = {
  split: "quarters",
  draftLeadDays: 14,
  setDays: 14,
  reviewLeadDays: 7,
  defaultCadence: "weekly",
  defaultWeekday: 5,
  defaultDayOfMonth: 1,
  defaultTime: "09:00",
  phaseReminders: true,
};

export async function loadSettings({ db }: TenantContext): Promise<StoredSettings> {
  const row = await db.selectFrom("okr_scheduler_settings").selectAll().executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  return {
    split: row.split,
    draftLeadDays: row.draft_lead_days,
    setDays: row.set_days,
    reviewLeadDays: row.review_lead_days,
    defaultCadence: row.default_cadence,
    defaultWeekday: row.default_weekday,
    defaultDayOfMonth: row.default_day_of_month,
    defaultTime: row.default_time,
    phaseReminders: row.phase_reminders,
  };
}

export async function saveSettings(context: TenantContext, settings: StoredSettings, now: Date): Promise<void> {
  const columns = {
    split: settings.split,
    draft_lead_days: settings.draftLeadDays,
    set_days: settings.setDays,
    review_lead_days: settings.reviewLeadDays,
    default_cadence: settings.defaultCadence,
    default_weekday: settings.defaultWeekday,
    default_day_of_month: settings.defaultDayOfMonth,
    default_time: settings.defaultTime,
    phase_reminders: settings.phaseReminders,
    updated_at: now,
  };
  await context.db
    .insertInto("okr_scheduler_settings")
    .values({ tenant_id: context.tenantId, ...columns })
    .onConflict((conflict) => conflict.column("tenant_id").doUpdateSet(columns))
    .execute();
}

export const periodOf = (row: PeriodRow): SchedulerPeriod => ({
  id: row.id,
  number: row.number,
  name: row.name,
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  draftOn: row.draft_on,
  setOn: row.set_on,
  reviewOn: row.review_on,
});

export function periodRows({ db }: TenantContext, filter: { year?: number; overlapping?: { from: string; to: string } } = {}): Promise<PeriodRow[]> {
  let query = db.selectFrom("okr_scheduler_periods").selectAll();
  if (filter.year !== undefined) query = query.where("year", "=", filter.year);
  // A period touches a range through its own dates or its phases (draft before, review after).
  if (filter.overlapping) query = query.where("draft_on", "<=", filter.overlapping.to).where((eb) => eb.or([eb("ends_on", ">=", filter.overlapping!.from), eb("review_on", ">=", filter.overlapping!.from)]));
  return query.orderBy("starts_on").orderBy("id").execute();
}

/** A created year with its periods; null when the company has not created it. */
export async function loadYear(context: TenantContext, year: number): Promise<SchedulerYear | null> {
  const row = await context.db.selectFrom("okr_scheduler_years").selectAll().where("year", "=", year).executeTakeFirst();
  if (!row) return null;
  const { fiscalYearOffset } = await companyCalendar(context);
  const periods = (await periodRows(context, { year })).map(periodOf);
  return {
    year,
    label: planningYearLabel(year, fiscalYearOffset),
    split: row.split,
    startsOn: periods[0]?.startsOn ?? "",
    endsOn: periods[periods.length - 1]?.endsOn ?? "",
    periods,
    createdAt: row.created_at.toISOString(),
  };
}

export function scheduleRows({ db }: TenantContext, filter: { id?: number; enabledOnly?: boolean } = {}): Promise<ScheduleRow[]> {
  let query = db.selectFrom("okr_check_in_schedules").selectAll();
  if (filter.id !== undefined) query = query.where("id", "=", filter.id);
  if (filter.enabledOnly) query = query.where("enabled", "=", true);
  return query.orderBy("id").execute();
}

const LEVEL_ORDER = { corporate: 0, team: 1, employee: 2 } as const;

export const rhythmOf = (row: Pick<ScheduleRow, "cadence" | "weekday" | "day_of_month" | "time">) => ({ cadence: row.cadence, weekday: row.weekday, dayOfMonth: row.day_of_month, time: row.time });

export function scheduleOf(row: ScheduleRow, now: Date, timeZone: string): CheckInSchedule {
  const rhythm = rhythmOf(row);
  return {
    id: row.id,
    level: row.level,
    cadence: row.cadence,
    weekday: row.weekday,
    dayOfMonth: row.day_of_month,
    time: row.time,
    enabled: row.enabled,
    description: describeRhythm(rhythm),
    nextDueAt: row.enabled ? nextDue(rhythm, now, timeZone).at.toISOString() : null,
    updatedAt: row.updated_at.toISOString(),
  };
}

export const byLevel = (left: { level: keyof typeof LEVEL_ORDER }, right: { level: keyof typeof LEVEL_ORDER }) => LEVEL_ORDER[left.level] - LEVEL_ORDER[right.level];
