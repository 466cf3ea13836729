import { GlossaryEntry, GlossaryEntryRequest, GlossaryResponse, NO_ENTRY_YET, OWNER_UNKNOWN } from "../../../contracts/kpi-management";
import { approvalProblem, entryVisible, glossaryTextProblems, stateAfterSave, type GlossaryText } from "../../../domain/kpi/glossary";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError } from "../../platform/http/errors";
import { IdParams, userRoute } from "../../platform/http/route";
import { activePeople, userNames } from "../../platform/people";
import { mayRead } from "../kpis/kpi-service";
import { isCompanyAdmin, READ_GLOSSARY, WRITE_GLOSSARY } from "./kpi-settings-access";
import { loadSettingsKpis, readableKpi, type SettingsKpi } from "./kpi-settings-repository";

/**
 * The KPI glossary (feature kpi_glossary): everyone who reads KPIs reads the approved entries of
 * the KPIs they may read; company administrators write entries (a change to an approved one
 * returns it to draft) and approve them, and see drafts and KPIs without an entry.
 */
export const glossaryRoutes = [
  userRoute({
    method: "GET",
    path: "/kpis/glossary/",
    summary: "The glossary entries of the KPIs the caller may read (drafts and missing ones for administrators)",
    access: READ_GLOSSARY,
    response: GlossaryResponse,
    handle: ({ reader, inTenant }) =>
      inTenant(async (context) => {
        const admin = isCompanyAdmin(reader);
        const kpis = (await loadSettingsKpis(context)).filter((kpi) => mayRead(reader, kpi));
        const entries = await glossaryEntries(context, kpis);
        return { entries: entries.filter((entry) => (entry.state === "none" ? admin : entryVisible(entry.state, admin))), canEdit: admin, people: admin ? await activePeople(context) : [] };
      }),
  }),

  userRoute({
    method: "PUT",
    path: "/kpis/{id}/glossary/",
    summary: "Write a KPI's glossary entry (an approved entry that changes returns to draft)",
    access: WRITE_GLOSSARY,
    params: IdParams,
    body: GlossaryEntryRequest,
    response: GlossaryEntry,
    handle: ({ params: { id }, body, user, reader, inTenant }) => {
      const problems = glossaryTextProblems(body);
      if (Object.keys(problems).length > 0) throw badRequest(problems);
      return inTenant(async (context) => {
        const kpi = await readableKpi(context, reader, id);
        if (body.ownerId !== null) {
          const owner = await context.db.selectFrom("users").select("id").where("id", "=", body.ownerId).where("is_active", "=", true).executeTakeFirst();
          if (!owner) throw badRequest({ ownerId: [OWNER_UNKNOWN] });
        }
        const text: GlossaryText = { definition: body.definition.trim(), formulaInWords: body.formulaInWords.trim(), source: body.source.trim(), ownerId: body.ownerId };
        const previous = await storedEntry(context, id);
        const state = stateAfterSave(previous, text);
        // Saved unchanged, an approved entry stays as approved: nothing to write.
        if (state === "approved") return (await glossaryEntries(context, [kpi]))[0]!;
        const row = { definition: text.definition, formula_in_words: text.formulaInWords, source: text.source, owner_id: text.ownerId, state, updated_at: new Date(), updated_by: user.userId, approved_at: null, approved_by: null };
        await context.db
          .insertInto("kpi_glossary_entries")
          .values({ tenant_id: context.tenantId, kpi_id: id, ...row })
          .onConflict((oc) => oc.columns(["tenant_id", "kpi_id"]).doUpdateSet(row))
          .execute();
        await context.appendEvent({ type: "GlossaryEntrySaved", payload: { kpiId: id, state, by: user.userId } });
        return (await glossaryEntries(context, [kpi]))[0]!;
      });
    },
  }),

  userRoute({
    method: "POST",
    path: "/kpis/{id}/glossary/approve/",
    summary: "Approve a KPI's glossary entry: readers see it from now on",
    access: WRITE_GLOSSARY,
    params: IdParams,
    response: GlossaryEntry,
    handle: ({ params: { id }, user, reader, inTenant }) =>
      inTenant(async (context) => {
        const kpi = await readableKpi(context, reader, id);
        const previous = await storedEntry(context, id);
        if (!previous) throw new HttpError(409, { detail: NO_ENTRY_YET });
        const problem = approvalProblem(previous);
        if (problem) throw new HttpError(409, { detail: problem });
        await context.db.updateTable("kpi_glossary_entries").set({ state: "approved", approved_at: new Date(), approved_by: user.userId }).where("kpi_id", "=", id).execute();
        await context.appendEvent({ type: "GlossaryEntryApproved", payload: { kpiId: id, by: user.userId } });
        return (await glossaryEntries(context, [kpi]))[0]!;
      }),
  }),
];

async function storedEntry({ db }: TenantContext, kpiId: number) {
  const row = await db.selectFrom("kpi_glossary_entries").select(["state", "definition", "formula_in_words", "source", "owner_id"]).where("kpi_id", "=", kpiId).executeTakeFirst();
  return row ? { state: row.state, text: { definition: row.definition, formulaInWords: row.formula_in_words, source: row.source, ownerId: row.owner_id } } : null;
}

/** The entries of `kpis`, in their order, "none" where none is written. */
async function glossaryEntries(context: TenantContext, kpis: readonly SettingsKpi[]): Promise<GlossaryEntry[]> {
  if (kpis.length === 0) return [];
  const rows = await context.db
    .selectFrom("kpi_glossary_entries")
    .selectAll()
    .where("kpi_id", "in", kpis.map((kpi) => kpi.id))
    .execute();
  const byKpi = new Map(rows.map((row) => [row.kpi_id, row] as const));
  const names = await userNames(context, rows.flatMap((row) => [row.owner_id, row.updated_by, row.approved_by]));
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return kpis.map((kpi) => {
    const row = byKpi.get(kpi.id);
    const base = { kpiId: kpi.id, kpiName: kpi.name, categoryName: kpi.category_name, unit: kpi.unit, higherIsBetter: kpi.higher_is_better };
    if (!row) return { ...base, state: "none" as const, definition: "", formulaInWords: "", source: "", owner: null, updatedAt: null, updatedBy: null, approvedAt: null, approvedBy: null };
    const ownerName = row.owner_id === null ? undefined : names.get(row.owner_id);
    return {
      ...base,
      state: row.state,
      definition: row.definition,
      formulaInWords: row.formula_in_words,
      source: row.source,
      owner: row.owner_id !== null && ownerName !== undefined ? { id: row.owner_id, name: ownerName } : null,
      updatedAt: iso(row.updated_at),
      updatedBy: row.updated_by === null ? null : (names.get(row.updated_by) ?? null),
      approvedAt: iso(row.approved_at),
      approvedBy: row.approved_by === null ? null : (names.get(row.approved_by) ?? null),
    };
  });
}
