import { sql } from "kysely";
import type { ReportAttachment, ReportRecipient, ReportSection, ReportStatus, ReportSummary, SectionSettings, SectionVariant, SectionView, TextContent } from "../../../contracts/investor-reporting";
import type { TenantContext } from "../../db/tenancy";
import { holdersOf } from "../../platform/auth/permissions";
import { activePeople, personName } from "../../platform/people";
import { canWriteReports, reportNotFound, type ReportReader } from "./report-access";

/** A report's row as the service uses it. */
export interface ReportRow {
  readonly id: number;
  readonly name: string;
  readonly status: ReportStatus;
  readonly isVisible: boolean;
  readonly endDate: string;
  readonly ownerId: number | null;
  readonly frozenData: unknown;
  readonly approvedBy: number | null;
  readonly approvedAt: Date | null;
  readonly sentBy: number | null;
  readonly sentAt: Date | null;
  readonly updatedAt: Date;
}

/** The reports the reader sees (see report-access.ts), newest first, or only `only`. */
export async function visibleReports({ db }: TenantContext, reader: ReportReader, only?: number): Promise<ReportRow[]> {
  let query = db
    .selectFrom("investor_reports as r")
    .select(["r.id", "r.name", "r.status", "r.is_visible", "r.end_date", "r.owner_id", "r.frozen_data", "r.approved_by", "r.approved_at", "r.sent_by", "r.sent_at", "r.updated_at"])
    .orderBy("r.updated_at", "desc")
    .orderBy("r.id", "desc");
  if (!canWriteReports(reader)) {
    query = query.where("r.is_visible", "=", true).where((eb) =>
      eb.exists(eb.selectFrom("investor_report_shares as s").select("s.user_id").whereRef("s.tenant_id", "=", "r.tenant_id").whereRef("s.report_id", "=", "r.id").where("s.user_id", "=", reader.userId)),
    );
  }
  if (only !== undefined) query = query.where("r.id", "=", only);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    status: row.status,
    isVisible: row.is_visible,
    endDate: row.end_date,
    ownerId: row.owner_id,
    frozenData: row.frozen_data,
    approvedBy: row.approved_by,
    approvedAt: row.approved_at ? new Date(row.approved_at) : null,
    sentBy: row.sent_by,
    sentAt: row.sent_at ? new Date(row.sent_at) : null,
    updatedAt: new Date(row.updated_at),
  }));
}

/** The report the reader sees, or the not-found error. */
export async function reportFor(context: TenantContext, id: number, reader: ReportReader): Promise<ReportRow> {
  const row = (await visibleReports(context, reader, id))[0];
  if (!row) throw reportNotFound();
  return row;
}

/** Locks a report's row until the transaction ends, so changes of one report queue up; its status then. */
export async function lockReport({ db }: TenantContext, id: number): Promise<ReportStatus> {
  const row = await db.selectFrom("investor_reports").select("status").where("id", "=", id).forUpdate().executeTakeFirstOrThrow();
  return row.status;
}

export async function touchReport({ db }: TenantContext, id: number): Promise<void> {
  await db.updateTable("investor_reports").set({ updated_at: new Date() }).where("id", "=", id).execute();
}

export async function sectionsOf({ db }: TenantContext, reportId: number): Promise<ReportSection[]> {
  const rows = await db
    .selectFrom("investor_report_sections")
    .select(["id", "name", "slug", "variant", "selected_view", "position", "settings", "content"])
    .where("report_id", "=", reportId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    variant: row.variant as SectionVariant,
    selectedView: row.selected_view as SectionView,
    position: row.position,
    settings: row.settings as SectionSettings,
    content: (row.content as TextContent | null) ?? null,
  }));
}

export async function attachmentsOf({ db }: TenantContext, reportId: number): Promise<ReportAttachment[]> {
  const rows = await db.selectFrom("investor_report_attachments").select(["id", "file_name", "media_type", "size", "created_at"]).where("report_id", "=", reportId).orderBy("id").execute();
  return rows.map((row) => ({ id: row.id, fileName: row.file_name, mediaType: row.media_type, size: row.size, uploadedAt: new Date(row.created_at).toISOString() }));
}

export async function recipientsOf({ db }: TenantContext, reportId: number): Promise<ReportRecipient[]> {
  const rows = await db
    .selectFrom("investor_report_recipients")
    .select(["id", "email", "name", "last_sent_at", "first_opened_at", "last_opened_at", "open_count"])
    .where("report_id", "=", reportId)
    .orderBy("email")
    .execute();
  const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
  return rows.map((row) => ({ id: row.id, email: row.email, name: row.name, lastSentAt: iso(row.last_sent_at), firstOpenedAt: iso(row.first_opened_at), lastOpenedAt: iso(row.last_opened_at), openCount: row.open_count }));
}

export async function sharesOf({ db }: TenantContext, reportId: number): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectFrom("investor_report_shares as s")
    .innerJoin("users as u", (join) => join.onRef("u.tenant_id", "=", "s.tenant_id").onRef("u.id", "=", "s.user_id"))
    .select(["u.id", "u.first_name", "u.last_name", "u.email"])
    .where("s.report_id", "=", reportId)
    .orderBy("u.last_name")
    .orderBy("u.id")
    .execute();
  return rows.map((row) => ({ id: row.id, name: personName(row) }));
}

/**
 * Whom a report can be shared with: the company's active people who may read investor reports
 * (staff, or read_investor_reporting by their own grant or a group's); a share with anyone else
 * would show them nothing.
 */
export async function shareCandidates(context: TenantContext): Promise<{ id: number; name: string }[]> {
  const [people, readers] = await Promise.all([activePeople(context), holdersOf(context, "read_investor_reporting")]);
  return people.filter((person) => readers.has(person.id));
}

/**
 * Who besides staff and writers reads a report: the users it is shared with while it is visible.
 * Events carry it so the stream gives them only to readers (report-event-filter.ts).
 */
export async function sharedReadersOf({ db }: TenantContext, reportId: number): Promise<number[]> {
  const report = await db.selectFrom("investor_reports").select("is_visible").where("id", "=", reportId).executeTakeFirst();
  if (!report?.is_visible) return [];
  return (await db.selectFrom("investor_report_shares").select("user_id").where("report_id", "=", reportId).execute()).map((row) => row.user_id);
}

export async function nextSectionPosition({ db }: TenantContext, reportId: number): Promise<number> {
  const row = await db.selectFrom("investor_report_sections").select(sql<number | null>`max(position)`.as("position")).where("report_id", "=", reportId).executeTakeFirst();
  return (row?.position ?? -1) + 1;
}

export function summaryOf(row: ReportRow, names: ReadonlyMap<number, string>, reader: ReportReader): ReportSummary {
  const user = (id: number | null) => ({ id: id ?? 0, name: id === null ? "Deleted user" : (names.get(id) ?? "Deleted user") });
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    isVisible: row.isVisible,
    endDate: row.endDate,
    owner: user(row.ownerId),
    approved: row.approvedAt ? { by: user(row.approvedBy), at: row.approvedAt.toISOString() } : null,
    sent: row.sentAt ? { by: user(row.sentBy), at: row.sentAt.toISOString() } : null,
    updatedAt: row.updatedAt.toISOString(),
    canEdit: canWriteReports(reader),
  };
}

