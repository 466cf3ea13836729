import { calendarDateIn } from "../../domain/company/time-zones";
import type { TenantContext } from "../db/tenancy";

/**
 * The company's clock: its time zone (tenants.time_zone, IANA) and its calendar dates. Alerts
 * send at its 6.30 pm, actions fall overdue and OKR periods turn by its calendar.
 */

/** The company's time zone (UTC when none is stored). */
export async function companyTimeZone({ db }: TenantContext): Promise<string> {
  const row = await db.selectFrom("tenants").select("time_zone").executeTakeFirst();
  return row?.time_zone ?? "UTC";
}

/** The calendar date of an instant in the company's time zone (UTC for a zone this runtime does not know, rather than no answer at all). */
export async function companyCalendar(context: TenantContext): Promise<(instant: Date) => string> {
  const timeZone = await companyTimeZone(context);
  return (instant) => {
    try {
      return calendarDateIn(instant, timeZone);
    } catch {
      return calendarDateIn(instant, "UTC");
    }
  };
}

/** The company's calendar date now. */
export async function companyToday(context: TenantContext, now: Date): Promise<string> {
  return (await companyCalendar(context))(now);
}
