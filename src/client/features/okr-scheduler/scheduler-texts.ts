import type { OkrLevel } from "../../../contracts/okrs";
import type { CalendarEntry, ReminderKind } from "../../../contracts/okr-scheduler";
import { WEEKDAY_NAMES } from "../../../domain/okr-scheduler/due-dates";
import type { AppState } from "../../app/state";
import { selectAccess } from "../session/model";

export const LEVELS: readonly OkrLevel[] = ["corporate", "team", "employee"];
export const LEVEL_LABELS: Readonly<Record<OkrLevel, string>> = { corporate: "Corporate", team: "Team", employee: "Employee" };
export const CADENCE_OPTIONS = [
  { value: "weekly", label: "Weekly" },
  { value: "biweekly", label: "Every other week" },
  { value: "monthly", label: "Monthly" },
] as const;
export const SPLIT_OPTIONS = [
  { value: "quarters", label: "Quarters (3 months)" },
  { value: "trimesters", label: "Trimesters (4 months)" },
  { value: "halves", label: "Halves (6 months)" },
] as const;
export const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((name, index) => ({ value: index + 1, label: name }));
export const REMINDER_KIND_LABELS: Readonly<Record<ReminderKind, string>> = { check_in: "Check-in", draft: "Drafting opens", set: "Objectives set", review: "Review" };
export const ENTRY_KIND_LABELS: Readonly<Record<CalendarEntry["kind"], string>> = { check_in: "Check-in", draft: "Draft", set: "Set", review: "Review", period_start: "Starts", period_end: "Ends" };

/** The scheduler: OKR administrators (manage_okr_scheduler) or staff. */
export const selectMayManageScheduler = (state: AppState): boolean => {
  const access = selectAccess(state.session);
  return !!access && (access.isStaff || access.permissions.has("manage_okr_scheduler"));
};

/** OKR settings: OKR or company administrators, or staff (the screen entry's rule). */
export const selectMayManageOkrSettings = (state: AppState): boolean => {
  const access = selectAccess(state.session);
  return !!access && (access.isStaff || access.permissions.has("manage_okr_scheduler") || access.permissions.has("manage_company_settings"));
};

/** "Fri 3 Apr 2026, 09:00" in the company's time zone. */
export function instantLabel(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hour12: false }).format(new Date(iso));
}

/** "3 Apr 2026" of a calendar date. */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" }).format(new Date(`${day}T00:00:00Z`));
}

/**
 * The status options' rules (the OKR API's): readers of OKRs read them; corporate OKR writers and
 * company administrators change them (here only when they also read them: the list is read again
 * after each change).
 */
export const selectStatusAccess = (state: AppState): { readonly read: boolean; readonly edit: boolean } => {
  const access = selectAccess(state.session);
  const read = !!access && (access.isStaff || access.permissions.has("read_employee_okrs"));
  return { read, edit: read && (access!.isStaff || access!.permissions.has("write_corporate_okrs") || access!.permissions.has("manage_company_settings")) };
};
