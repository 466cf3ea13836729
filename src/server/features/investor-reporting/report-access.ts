import type { Permission } from "../../../domain/permissions/catalogue";
import { HOLDING_REFUSED, REPORT_NOT_FOUND } from "../../../domain/investor-reporting/texts";
import type { TenantContext } from "../../db/tenancy";
import { forbidden, notFound } from "../../platform/http/errors";
import type { Reader } from "../kpis/kpi-service";

/**
 * Who reads investor reports. Writers (write_investor_reporting) and staff see and change every
 * report of the company; readers (read_investor_reporting) see the visible reports shared with
 * them and nothing else. To anyone who may not see a report its id is unknown: 404 with the
 * spec's text (section 8), the same as an id no report has.
 */
export interface ReportReader extends Reader {
  readonly userId: number;
}

export const WRITE: Permission = "write_investor_reporting";

export const canWriteReports = (reader: Reader) => reader.isStaff || reader.permissions.has(WRITE);

export function reportReaderOf(context: TenantContext, reader: Reader): ReportReader {
  return { ...reader, userId: context.actor.kind === "user" ? context.actor.userId : 0 };
}

export const reportNotFound = () => notFound(REPORT_NOT_FOUND);

/** Spec section 6: investor reporting is not offered on a holding instance (it has its own route set). */
export async function refuseHolding({ db }: TenantContext): Promise<void> {
  const tenant = await db.selectFrom("tenants").select("kind").executeTakeFirst();
  if (tenant?.kind === "holding") throw forbidden(HOLDING_REFUSED);
}

/**
 * Runs `work` in the caller's transaction as a report reader, after refusing a holding instance.
 * Every investor reporting route goes through here.
 */
export function withReports<T>(inTenant: <R>(work: (context: TenantContext) => Promise<R>) => Promise<R>, reader: Reader, work: (context: TenantContext, reportReader: ReportReader) => Promise<T>): Promise<T> {
  return inTenant(async (context) => {
    await refuseHolding(context);
    return work(context, reportReaderOf(context, reader));
  });
}
