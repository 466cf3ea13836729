import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import type { ReminderKind } from "../../../contracts/okr-scheduler";
import type { OkrLevel } from "../../../contracts/okrs";
import { calendarDateIn } from "../../../domain/company/time-zones";
import { latestDue, nextDue, previousDue, reminderInstant, type DueTime } from "../../../domain/okr-scheduler/due-dates";
import type { TenantContext } from "../../db/tenancy";
import { holdersOf } from "../../platform/auth/permissions";
import { personName } from "../../platform/people";
import { periodRows, rhythmOf, scheduleRows, type PeriodRow, type ScheduleRow, type StoredSettings } from "./scheduler-repository";

dayjs.extend(utc);

/**
 * The occasions reminders go out for, and who receives each. A check-in occasion is a schedule's
 * due time; a phase occasion is a period's draft, set or review date at the company's default
 * reminder time. Both are wall-clock times in the company's time zone (domain/okr-scheduler).
 */
export interface Occasion {
  /** Unique per occasion: with the person, the key of okr_reminders_sent. */
  readonly key: string;
  readonly kind: ReminderKind;
  readonly level: OkrLevel | null;
  readonly dueOn: string;
  readonly at: Date;
  readonly title: string;
  readonly source: { readonly kind: "schedule"; readonly schedule: ScheduleRow; readonly due: DueTime } | { readonly kind: "phase"; readonly period: PeriodRow };
}

/** A reminder this late is noise: a run after a longer outage sends only what is at most this old. */
export const STALE_AFTER_MS = 2 * 86_400_000;
/** How far ahead the upcoming list and the next run look for phase dates. */
const PHASE_HORIZON_DAYS = 400;
const LEVEL_NAMES: Readonly<Record<OkrLevel, string>> = { corporate: "corporate", team: "team", employee: "employee" };

export const dayLabel = (day: string) => dayjs.utc(day).format("D MMM YYYY");

function checkInOccasion(schedule: ScheduleRow, due: DueTime): Occasion {
  return {
    key: `check_in:${schedule.level}:${due.day}`,
    kind: "check_in",
    level: schedule.level,
    dueOn: due.day,
    at: due.at,
    title: `Check-in due: ${LEVEL_NAMES[schedule.level]} key results (${dayLabel(due.day)})`,
    source: { kind: "schedule", schedule, due },
  };
}

const PHASES = [
  ["draft", "draft_on"],
  ["set", "set_on"],
  ["review", "review_on"],
] as const;

function phaseTitle(kind: "draft" | "set" | "review", period: PeriodRow): string {
  if (kind === "draft") return `Set your objectives for ${period.name} (starts ${dayLabel(period.starts_on)})`;
  if (kind === "set") return `Objectives for ${period.name} are due today`;
  return `Review ${period.name}: the period ends ${dayLabel(period.ends_on)}`;
}

function phaseOccasions(periods: readonly PeriodRow[], settings: StoredSettings, timeZone: string): Occasion[] {
  if (!settings.phaseReminders) return [];
  return periods.flatMap((period) =>
    PHASES.map(([kind, column]): Occasion => {
      const day = period[column];
      return { key: `${kind}:${period.id}:${day}`, kind, level: null, dueOn: day, at: reminderInstant(day, settings.defaultTime, timeZone), title: phaseTitle(kind, period), source: { kind: "phase", period } };
    }),
  );
}

/**
 * What is due at `now`: each enabled schedule's latest due time, each phase date's reminder time
 * that has passed — if it is at most STALE_AFTER_MS old and came after the schedule or period
 * last changed (a change does not send what was due before it).
 */
export async function dueOccasions(context: TenantContext, now: Date, settings: StoredSettings, timeZone: string): Promise<Occasion[]> {
  const fresh = (at: Date, since: Date) => at.getTime() <= now.getTime() && now.getTime() - at.getTime() <= STALE_AFTER_MS && at.getTime() >= since.getTime();
  const schedules = (await scheduleRows(context, { enabledOnly: true })).map((schedule) => checkInOccasion(schedule, latestDue(rhythmOf(schedule), now, timeZone)));
  const today = calendarDateIn(now, timeZone);
  const from = dayjs.utc(today).subtract(3, "day").format("YYYY-MM-DD");
  const phases = phaseOccasions(await periodRows(context, { overlapping: { from, to: today } }), settings, timeZone).filter((occasion) => occasion.dueOn >= from && occasion.dueOn <= today);
  return [...schedules, ...phases].filter((occasion) => fresh(occasion.at, occasion.source.kind === "schedule" ? occasion.source.schedule.updated_at : occasion.source.period.updated_at));
}

/** The next occasions after `now`, soonest first: a few due times of each schedule and the phase dates ahead. */
export async function upcomingOccasions(context: TenantContext, now: Date, settings: StoredSettings, timeZone: string, limit: number): Promise<Occasion[]> {
  const occasions: Occasion[] = [];
  for (const schedule of await scheduleRows(context, { enabledOnly: true })) {
    let after = now;
    for (let count = 0; count < limit; count++) {
      const due = nextDue(rhythmOf(schedule), after, timeZone);
      occasions.push(checkInOccasion(schedule, due));
      after = due.at;
    }
  }
  const today = calendarDateIn(now, timeZone);
  const until = dayjs.utc(today).add(PHASE_HORIZON_DAYS, "day").format("YYYY-MM-DD");
  occasions.push(...phaseOccasions(await periodRows(context, { overlapping: { from: today, to: until } }), settings, timeZone).filter((occasion) => occasion.at.getTime() > now.getTime()));
  return occasions.sort((left, right) => left.at.getTime() - right.at.getTime() || left.key.localeCompare(right.key)).slice(0, limit);
}

export interface Recipient {
  readonly userId: number;
  readonly email: string;
  readonly name: string;
  /** For a check-in: the key results waiting for it ("Objective — Key result"). */
  readonly items: readonly string[];
}

/** Who an occasion reminds now: active people only, by name. */
export async function recipientsOf(context: TenantContext, occasion: Occasion, timeZone: string): Promise<Recipient[]> {
  const items = new Map<number, string[]>();
  const add = (userId: number, item?: string) => {
    const list = items.get(userId) ?? [];
    if (item) list.push(item);
    items.set(userId, list);
  };
  const { db } = context;
  if (occasion.source.kind === "schedule") {
    // The responsible people of the level's key results in objectives running on the due day
    // (the key result's responsible, else its objective's), unless someone checked in on that key
    // result since the due time before.
    const previous = previousDue(rhythmOf(occasion.source.schedule), occasion.source.due, timeZone);
    const keyResults = await db
      .selectFrom("okr_key_results as k")
      .innerJoin("okr_objectives as o", (join) => join.onRef("o.tenant_id", "=", "k.tenant_id").onRef("o.id", "=", "k.objective_id"))
      .select(["k.id", "k.title", "k.responsible_user_id", "o.id as objective_id", "o.title as objective_title"])
      .where("o.level", "=", occasion.source.schedule.level)
      .where("o.starts_on", "<=", occasion.dueOn)
      .where("o.ends_on", ">=", occasion.dueOn)
      .orderBy("o.position")
      .orderBy("o.id")
      .orderBy("k.position")
      .orderBy("k.id")
      .execute();
    if (keyResults.length === 0) return [];
    const checkedIn = new Set(
      (await db.selectFrom("okr_check_ins").select("key_result_id").distinct().where("key_result_id", "in", keyResults.map((row) => row.id)).where("created_at", ">", previous.at).execute()).map((row) => row.key_result_id),
    );
    const waiting = keyResults.filter((row) => !checkedIn.has(row.id));
    const objectiveIds = [...new Set(waiting.filter((row) => row.responsible_user_id === null).map((row) => row.objective_id))];
    const responsibles = new Map<number, number[]>();
    if (objectiveIds.length > 0) {
      for (const row of await db.selectFrom("okr_objective_responsibles").select(["objective_id", "user_id"]).where("objective_id", "in", objectiveIds).execute()) {
        responsibles.set(row.objective_id, [...(responsibles.get(row.objective_id) ?? []), row.user_id]);
      }
    }
    for (const row of waiting) {
      const item = `${row.objective_title} — ${row.title}`;
      for (const userId of row.responsible_user_id !== null ? [row.responsible_user_id] : (responsibles.get(row.objective_id) ?? [])) add(userId, item);
    }
  } else if (occasion.kind === "review") {
    // The people responsible for objectives of the period, or for their key results.
    const { period } = occasion.source;
    const objectives = await db.selectFrom("okr_objectives").select("id").where("starts_on", "<=", period.ends_on).where("ends_on", ">=", period.starts_on).execute();
    const ids = objectives.map((row) => row.id);
    if (ids.length > 0) {
      for (const row of await db.selectFrom("okr_objective_responsibles").select("user_id").where("objective_id", "in", ids).execute()) add(row.user_id);
      for (const row of await db.selectFrom("okr_key_results").select("responsible_user_id").where("objective_id", "in", ids).where("responsible_user_id", "is not", null).execute()) add(row.responsible_user_id!);
    }
  } else {
    // Drafting and setting: everyone who may write objectives (employee level and up).
    for (const userId of await holdersOf(context, "write_employee_okrs")) add(userId);
  }
  if (items.size === 0) return [];
  const users = await db.selectFrom("users").select(["id", "email", "first_name", "last_name"]).where("id", "in", [...items.keys()]).where("is_active", "=", true).where("is_staff", "=", false).orderBy("last_name").orderBy("first_name").orderBy("id").execute();
  return users.map((user) => ({ userId: user.id, email: user.email, name: personName(user), items: items.get(user.id) ?? [] }));
}
