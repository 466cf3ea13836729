import { permissionsOf } from "../../platform/auth/permissions";
import type { EventFilter } from "../../platform/events/stream-route";
import { canWriteReports } from "./report-access";

/**
 * A report's events reach its readers only: staff and writers, and the users in the event's
 * `readers` (those it was shared with while visible, before and after a change, so someone taken
 * off learns it too). The list itself is not passed on. Payloads hold ids, names of the report
 * and who and when, never figures.
 */
const readersFilter: EventFilter = async (payload, context, userId) => {
  const event = payload as { readers?: unknown } | null;
  if (!event || !Array.isArray(event.readers)) return null;
  const { readers, ...rest } = event;
  if (readers.includes(userId) || canWriteReports(await permissionsOf(context, userId))) return rest;
  return null;
};

/** Templates are shown to everyone who reads investor reports. */
const templateFilter: EventFilter = async (payload, context, userId) => {
  const { isStaff, permissions } = await permissionsOf(context, userId);
  return isStaff || permissions.has("read_investor_reporting") ? payload : null;
};

export const investorReportEventFilters: Readonly<Record<string, EventFilter>> = {
  InvestorReportCreated: readersFilter,
  InvestorReportChanged: readersFilter,
  InvestorReportDeleted: readersFilter,
  InvestorReportSharesChanged: readersFilter,
  InvestorReportSectionsChanged: readersFilter,
  InvestorReportAttachmentAdded: readersFilter,
  InvestorReportAttachmentRemoved: readersFilter,
  ReportApproved: readersFilter,
  ReportSent: readersFilter,
  ReportRecipientsChanged: readersFilter,
  ReportOpened: readersFilter,
  ReportTemplateSaved: templateFilter,
  ReportTemplateDeleted: templateFilter,
};
