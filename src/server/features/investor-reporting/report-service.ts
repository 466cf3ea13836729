import { sql } from "kysely";
import { EMPTY_TEXT, type InvestorReport, type ReportSummary, type ReportTemplate } from "../../../contracts/investor-reporting";
import { REPORT_FROZEN, REPORT_NAME_BLANK, REPORT_NAME_TAKEN, SHARE_USER_UNKNOWN, TEMPLATE_NOT_FOUND } from "../../../domain/investor-reporting/texts";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError } from "../../platform/http/errors";
import { isFrozen } from "../../../domain/investor-reporting/status";
import { canWriteReports, type ReportReader } from "./report-access";
import { attachmentsOf, lockReport, recipientsOf, reportFor, sectionsOf, sharedReadersOf, sharesOf, summaryOf, touchReport, visibleReports } from "./report-repository";
import { userNames } from "../../platform/people";

/**
 * Investor reports (issue 14): the report-level changes (create, update-meta, delete, duplicate,
 * share). Sections: report-sections.ts; status and recipients: report-status.ts. Every change
 * records an event with the report's shared readers, which the stream strips before sending.
 */

export async function listReports(context: TenantContext, reader: ReportReader): Promise<ReportSummary[]> {
  const rows = await visibleReports(context, reader);
  const names = await userNames(context, rows.flatMap((row) => [row.ownerId, row.approvedBy, row.sentBy]));
  return rows.map((row) => summaryOf(row, names, reader));
}

export async function reportView(context: TenantContext, id: number, reader: ReportReader): Promise<InvestorReport> {
  const row = await reportFor(context, id, reader);
  const names = await userNames(context, [row.ownerId, row.approvedBy, row.sentBy]);
  const writer = canWriteReports(reader);
  return {
    ...summaryOf(row, names, reader),
    schema: { sections: await sectionsOf(context, id) },
    attachments: await attachmentsOf(context, id),
    // Who else receives or reads it is the writers' business.
    recipients: writer ? await recipientsOf(context, id) : [],
    shares: writer ? await sharesOf(context, id) : [],
  };
}

/** A new draft at the end date, empty or with a template's sections (settings as saved, names as saved). */
export async function createReport(context: TenantContext, body: { name: string; endDate: string; templateId?: number | undefined }, reader: ReportReader): Promise<InvestorReport> {
  const name = await freeName(context, body.name);
  const template = body.templateId === undefined ? null : await context.db.selectFrom("investor_report_templates").select("sections").where("id", "=", body.templateId).executeTakeFirst();
  if (body.templateId !== undefined && !template) throw badRequest({ templateId: [TEMPLATE_NOT_FOUND] });
  const created = await context.db
    .insertInto("investor_reports")
    .values({ tenant_id: context.tenantId, name, end_date: body.endDate, owner_id: reader.userId || null })
    .returning("id")
    .executeTakeFirstOrThrow()
    .catch(nameTaken);
  if (template) {
    const sections = template.sections as ReportTemplate["sections"];
    let counter = 0;
    for (const [position, section] of sections.entries()) {
      counter += 1;
      await context.db
        .insertInto("investor_report_sections")
        .values({
          tenant_id: context.tenantId,
          report_id: created.id,
          name: section.name,
          slug: `${section.variant}_${counter}`,
          variant: section.variant,
          selected_view: section.selectedView,
          position,
          settings: JSON.stringify(section.settings),
          content: section.variant === "text" ? JSON.stringify(EMPTY_TEXT) : null,
        })
        .execute();
    }
  }
  await context.appendEvent({ type: "InvestorReportCreated", payload: { reportId: created.id, ...(body.templateId !== undefined ? { templateId: body.templateId } : {}), readers: [] } });
  return reportView(context, created.id, reader);
}

/**
 * Update-meta: rename, show or hide at any status (no figure depends on them); move the end date
 * of a draft only, since the frozen figures were computed to it.
 */
export async function patchReport(context: TenantContext, id: number, body: { name?: string | undefined; endDate?: string | undefined; isVisible?: boolean | undefined }, reader: ReportReader): Promise<InvestorReport> {
  const report = await openForWrite(context, id, reader);
  if (body.endDate !== undefined && body.endDate !== report.endDate && isFrozen(report.status)) throw new HttpError(409, { detail: REPORT_FROZEN });
  const name = body.name === undefined ? undefined : await freeName(context, body.name, id);
  const change = { ...(name !== undefined ? { name } : {}), ...(body.endDate !== undefined ? { end_date: body.endDate } : {}), ...(body.isVisible !== undefined ? { is_visible: body.isVisible } : {}) };
  if (Object.keys(change).length > 0) {
    const before = await sharedReadersOf(context, id);
    await context.db.updateTable("investor_reports").set({ ...change, updated_at: new Date() }).where("id", "=", id).execute().catch(nameTaken);
    const readers = [...new Set([...before, ...(await sharedReadersOf(context, id))])];
    await context.appendEvent({ type: "InvestorReportChanged", payload: { reportId: id, ...(name !== undefined ? { name } : {}), ...(body.endDate !== undefined ? { endDate: body.endDate } : {}), ...(body.isVisible !== undefined ? { isVisible: body.isVisible } : {}), readers } });
  }
  return reportView(context, id, reader);
}

export async function deleteReport(context: TenantContext, id: number, reader: ReportReader): Promise<void> {
  await openForWrite(context, id, reader);
  const readers = await sharedReadersOf(context, id);
  await context.db.deleteFrom("investor_reports").where("id", "=", id).execute();
  await context.appendEvent({ type: "InvestorReportDeleted", payload: { reportId: id, readers } });
}

/**
 * A new draft with a copy of every section (settings and texts), the attachments and the shares;
 * recipients, status and frozen figures stay with the original.
 */
export async function duplicateReport(context: TenantContext, id: number, newName: string, reader: ReportReader): Promise<InvestorReport> {
  const source = await openForWrite(context, id, reader);
  const name = await freeName(context, newName);
  const copy = await context.db
    .insertInto("investor_reports")
    .values({ tenant_id: context.tenantId, name, end_date: source.endDate, is_visible: source.isVisible, owner_id: reader.userId || null })
    .returning("id")
    .executeTakeFirstOrThrow()
    .catch(nameTaken);
  await sql`
    insert into investor_report_sections (tenant_id, report_id, name, slug, variant, selected_view, position, settings, content)
    select tenant_id, ${copy.id}, name, slug, variant, selected_view, position, settings, content
    from investor_report_sections where report_id = ${id}`.execute(context.db);
  await sql`
    insert into investor_report_attachments (tenant_id, report_id, file_name, media_type, size, bytes, uploaded_by)
    select tenant_id, ${copy.id}, file_name, media_type, size, bytes, uploaded_by
    from investor_report_attachments where report_id = ${id} order by id`.execute(context.db);
  await sql`insert into investor_report_shares (tenant_id, report_id, user_id) select tenant_id, ${copy.id}, user_id from investor_report_shares where report_id = ${id}`.execute(context.db);
  await context.appendEvent({ type: "InvestorReportCreated", payload: { reportId: copy.id, duplicateOf: id, readers: await sharedReadersOf(context, copy.id) } });
  return reportView(context, copy.id, reader);
}

/** Replaces who the report is shared with (readers); people taken off get the event too, so their lists drop it. */
export async function setShares(context: TenantContext, id: number, userIds: readonly number[], reader: ReportReader): Promise<InvestorReport> {
  await openForWrite(context, id, reader);
  const wanted = [...new Set(userIds)];
  const known = new Set(wanted.length === 0 ? [] : (await context.db.selectFrom("users").select("id").where("id", "in", wanted).execute()).map((row) => row.id));
  const problems: Record<string, string[]> = {};
  userIds.forEach((userId, index) => {
    if (!known.has(userId)) problems[`userIds.${index}`] = [SHARE_USER_UNKNOWN];
  });
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  const before = await sharedReadersOf(context, id);
  await context.db.deleteFrom("investor_report_shares").where("report_id", "=", id).execute();
  if (wanted.length > 0) await context.db.insertInto("investor_report_shares").values(wanted.map((userId) => ({ tenant_id: context.tenantId, report_id: id, user_id: userId }))).execute();
  await touchReport(context, id);
  const readers = [...new Set([...before, ...(await sharedReadersOf(context, id))])];
  await context.appendEvent({ type: "InvestorReportSharesChanged", payload: { reportId: id, readers } });
  return reportView(context, id, reader);
}

/**
 * Opens a report for a change: 404 unless the reader sees it (the route already asked for
 * write_investor_reporting), its row locked until the transaction ends.
 */
export async function openForWrite(context: TenantContext, id: number, reader: ReportReader) {
  const row = await reportFor(context, id, reader);
  const status = await lockReport(context, id);
  return { ...row, status };
}

/** The name as kept (trimmed), refused when blank or another report of the company has it in any case. */
async function freeName(context: TenantContext, text: string, except?: number): Promise<string> {
  const name = text.trim();
  if (!name) throw badRequest({ name: [REPORT_NAME_BLANK] });
  let query = context.db.selectFrom("investor_reports").select("id").where(sql<string>`lower(name)`, "=", name.toLowerCase());
  if (except !== undefined) query = query.where("id", "<>", except);
  if (await query.executeTakeFirst()) throw badRequest({ name: [REPORT_NAME_TAKEN] });
  return name;
}

/** Two requests racing for one name: the loser gets the same field error, not a 500. */
function nameTaken(error: unknown): never {
  if ((error as { code?: string } | null)?.code === "23505") throw badRequest({ name: [REPORT_NAME_TAKEN] });
  throw error;
}
