import { sql } from "kysely";
import type { ReportTemplate } from "../../../contracts/investor-reporting";
import { TEMPLATE_NAME_TAKEN, TEMPLATE_NOT_FOUND } from "../../../domain/investor-reporting/texts";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";
import type { ReportReader } from "./report-access";
import { reportFor, sectionsOf } from "./report-repository";

/**
 * Schema templates (spec section 7): a report's sections saved under a name (names, variants,
 * views, settings; never figures, texts or attachments), from which a report is created
 * (POST /investor-reporting/reports/ with templateId). A template is the company's.
 */
export async function listTemplates({ db }: TenantContext): Promise<ReportTemplate[]> {
  const rows = await db.selectFrom("investor_report_templates").select(["id", "name", "sections", "created_at"]).orderBy(sql`lower(name)`).orderBy("id").execute();
  return rows.map((row) => ({ id: row.id, name: row.name, sections: row.sections as ReportTemplate["sections"], createdAt: new Date(row.created_at).toISOString() }));
}

export async function saveTemplate(context: TenantContext, body: { name: string; reportId: number }, reader: ReportReader): Promise<ReportTemplate> {
  await reportFor(context, body.reportId, reader);
  const name = body.name.trim();
  if (!name) throw badRequest({ name: ["Enter a name for the template."] });
  if (await context.db.selectFrom("investor_report_templates").select("id").where(sql<string>`lower(name)`, "=", name.toLowerCase()).executeTakeFirst()) throw badRequest({ name: [TEMPLATE_NAME_TAKEN] });
  const sections = (await sectionsOf(context, body.reportId)).map((section) => ({ name: section.name, variant: section.variant, selectedView: section.selectedView, settings: section.settings }));
  const created = await context.db
    .insertInto("investor_report_templates")
    .values({ tenant_id: context.tenantId, name, sections: JSON.stringify(sections), created_by: reader.userId || null })
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow()
    .catch((error: { code?: string }) => {
      if (error?.code === "23505") throw badRequest({ name: [TEMPLATE_NAME_TAKEN] });
      throw error;
    });
  await context.appendEvent({ type: "ReportTemplateSaved", payload: { templateId: created.id } });
  return { id: created.id, name, sections, createdAt: new Date(created.created_at).toISOString() };
}

export async function deleteTemplate(context: TenantContext, id: number): Promise<void> {
  const removed = await context.db.deleteFrom("investor_report_templates").where("id", "=", id).returning("id").executeTakeFirst();
  if (!removed) throw notFound(TEMPLATE_NOT_FOUND);
  await context.appendEvent({ type: "ReportTemplateDeleted", payload: { templateId: id } });
}
