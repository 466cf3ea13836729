import { CREATABLE_VARIANTS, EMPTY_TEXT, KPI_VARIANTS, type InvestorReport, type SectionSettings, type SectionVariant, type SectionView, type TextContent } from "../../../contracts/investor-reporting";
import { monthIndexOf } from "../../../domain/months";
import { nextSectionName, nextSectionSlug } from "../../../domain/investor-reporting/section-naming";
import { defaultSettings, MAX_RANGE_MONTHS, mergeSettings, sectionRanges } from "../../../domain/investor-reporting/section-settings";
import { isFrozen } from "../../../domain/investor-reporting/status";
import { MAX_SECTIONS, TOO_MANY_SECTIONS, RANGE_REVERSED, CATEGORY_UNKNOWN, CHART_UNKNOWN, KPI_UNKNOWN, REPORT_FROZEN, SECTIONS_INCOMPLETE, SECTION_NOT_IN_REPORT, SETTINGS_NOT_FOR_VARIANT, VARIANT_NOT_AVAILABLE } from "../../../domain/investor-reporting/texts";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError } from "../../platform/http/errors";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead } from "../kpis/kpi-service";
import type { ReportReader } from "./report-access";
import { nextSectionPosition, sectionsOf, sharedReadersOf, touchReport } from "./report-repository";
import { openForWrite, reportView } from "./report-service";
import { sanitizeRichText } from "./rich-text";

/**
 * A report's sections: add, change, remove, order. Only a draft's sections change (an approved or
 * sent report answers 409 REPORT_FROZEN; the database refuses it too). A section's settings are
 * checked against the company's data: KPIs the writer may read, a category, a saved chart.
 */

interface NewSectionBody {
  readonly variant: SectionVariant;
  readonly name?: string | undefined;
  readonly selectedView?: SectionView | undefined;
  readonly settings?: SectionSettings | undefined;
  readonly content?: TextContent | undefined;
}

export async function addSection(context: TenantContext, reportId: number, body: NewSectionBody, reader: ReportReader): Promise<InvestorReport> {
  const report = await openDraft(context, reportId, reader);
  if (!CREATABLE_VARIANTS.includes(body.variant)) throw badRequest({ variant: [VARIANT_NOT_AVAILABLE] });
  if (body.content !== undefined && body.variant !== "text") throw badRequest({ content: [SETTINGS_NOT_FOR_VARIANT] });
  const existing = await sectionsOf(context, reportId);
  if (existing.length >= MAX_SECTIONS) throw badRequest({ variant: [TOO_MANY_SECTIONS] });
  const { settings, problems } = mergeSettings(body.variant, defaultSettings(body.variant), body.settings ?? {});
  await checkSettings(context, body.variant, settings, report.endDate, reader, problems);
  const created = await context.db
    .insertInto("investor_report_sections")
    .values({
      tenant_id: context.tenantId,
      report_id: reportId,
      name: body.name?.trim() || nextSectionName(existing.map((section) => section.name)),
      slug: nextSectionSlug(existing.map((section) => section.slug), body.variant),
      variant: body.variant,
      selected_view: body.selectedView ?? "actual_comparison",
      position: await nextSectionPosition(context, reportId),
      settings: JSON.stringify(settings),
      content: body.variant === "text" ? JSON.stringify(cleanContent(body.content ?? EMPTY_TEXT)) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await changed(context, reportId, { sectionId: created.id, change: "added" });
  return reportView(context, reportId, reader);
}

export async function patchSection(context: TenantContext, reportId: number, sectionId: number, body: Omit<NewSectionBody, "variant">, reader: ReportReader): Promise<InvestorReport> {
  const report = await openDraft(context, reportId, reader);
  const section = (await sectionsOf(context, reportId)).find((candidate) => candidate.id === sectionId);
  if (!section) throw badRequest({ sectionId: [SECTION_NOT_IN_REPORT] });
  if (body.content !== undefined && section.variant !== "text") throw badRequest({ content: [SETTINGS_NOT_FOR_VARIANT] });
  const { settings, problems } = mergeSettings(section.variant, section.settings, body.settings ?? {});
  await checkSettings(context, section.variant, settings, report.endDate, reader, problems);
  await context.db
    .updateTable("investor_report_sections")
    .set({
      ...(body.name !== undefined ? { name: body.name.trim() || section.name } : {}),
      ...(body.selectedView !== undefined ? { selected_view: body.selectedView } : {}),
      settings: JSON.stringify(settings),
      ...(body.content !== undefined ? { content: JSON.stringify(cleanContent(body.content)) } : {}),
    })
    .where("id", "=", sectionId)
    .execute();
  await changed(context, reportId, { sectionId, change: "changed" });
  return reportView(context, reportId, reader);
}

/** The content as stored: HTML through the allow-list. */
const cleanContent = (content: TextContent): TextContent => ({ html: sanitizeRichText(content.html) });

/** Removes a section; the ones after it move up. */
export async function removeSection(context: TenantContext, reportId: number, sectionId: number, reader: ReportReader): Promise<InvestorReport> {
  await openDraft(context, reportId, reader);
  const sections = await sectionsOf(context, reportId);
  if (!sections.some((section) => section.id === sectionId)) throw badRequest({ sectionId: [SECTION_NOT_IN_REPORT] });
  await context.db.deleteFrom("investor_report_sections").where("id", "=", sectionId).execute();
  await writePositions(context, sections.filter((section) => section.id !== sectionId).map((section) => section.id));
  await changed(context, reportId, { sectionId, change: "removed" });
  return reportView(context, reportId, reader);
}

/** Sort sections (by drag or keyboard on the client): every section of the report once, in the new order. */
export async function reorderSections(context: TenantContext, reportId: number, ids: readonly number[], reader: ReportReader): Promise<InvestorReport> {
  await openDraft(context, reportId, reader);
  const current = new Set((await sectionsOf(context, reportId)).map((section) => section.id));
  if (new Set(ids).size !== ids.length || ids.length !== current.size || ids.some((id) => !current.has(id))) throw badRequest({ ids: [SECTIONS_INCOMPLETE] });
  await writePositions(context, ids);
  await changed(context, reportId, { change: "reordered" });
  return reportView(context, reportId, reader);
}

/** A report open for a change of its sections: a draft, else 409. */
export async function openDraft(context: TenantContext, reportId: number, reader: ReportReader) {
  const report = await openForWrite(context, reportId, reader);
  if (isFrozen(report.status)) throw new HttpError(409, { detail: REPORT_FROZEN });
  return report;
}

async function writePositions(context: TenantContext, ids: readonly number[]) {
  for (const [position, id] of ids.entries()) await context.db.updateTable("investor_report_sections").set({ position }).where("id", "=", id).execute();
}

async function changed(context: TenantContext, reportId: number, detail: Record<string, unknown>) {
  await touchReport(context, reportId);
  await context.appendEvent({ type: "InvestorReportSectionsChanged", payload: { reportId, ...detail, readers: await sharedReadersOf(context, reportId) } });
}

/**
 * The settings' references must be the company's and readable by the writer: a KPI they may not
 * read is refused as an unknown one (its name is not to be learnt through a report). Ranges span
 * at most MAX_RANGE_MONTHS.
 */
async function checkSettings(context: TenantContext, variant: SectionVariant, settings: SectionSettings, endDate: string, reader: ReportReader, problems: Record<string, string[]>) {
  if (KPI_VARIANTS.includes(variant)) {
    const kpis = new Map((await loadKpis(context)).map((kpi) => [kpi.id, kpi]));
    (settings.kpiIds ?? []).forEach((kpiId, index) => {
      const kpi = kpis.get(kpiId);
      if (!kpi || !mayRead(reader, kpi)) problems[`settings.kpiIds.${index}`] = [KPI_UNKNOWN];
    });
    if (settings.categoryId != null && !(await context.db.selectFrom("kpi_categories").select("id").where("id", "=", settings.categoryId).executeTakeFirst())) {
      problems["settings.categoryId"] = [CATEGORY_UNKNOWN];
    }
    const { to, from } = sectionRanges(settings, monthIndexOf(endDate));
    // A range given whole was checked with the settings; one half given can still end up reversed
    // against the end date (a start after the report's end), and the comparison range follows it.
    if (!problems["settings.toEndDate"] && !problems["settings.fromEndDate"]) {
      if (to.first > to.last) problems["settings.toStartDate"] = [RANGE_REVERSED];
      else if (from.first > from.last) problems["settings.fromStartDate"] = [RANGE_REVERSED];
    }
    if (to.last - to.first + 1 > MAX_RANGE_MONTHS) problems["settings.toStartDate"] = [`The range may span at most ${MAX_RANGE_MONTHS} months.`];
    if (from.last - from.first + 1 > MAX_RANGE_MONTHS) problems["settings.fromStartDate"] = [`The range may span at most ${MAX_RANGE_MONTHS} months.`];
  }
  if (variant === "chart" && settings.chartId != null && !(await context.db.selectFrom("charts").select("id").where("id", "=", settings.chartId).executeTakeFirst())) {
    problems["settings.chartId"] = [CHART_UNKNOWN];
  }
  if (Object.keys(problems).length > 0) throw badRequest(problems);
}
