import {
  BenchmarksRequest,
  CATALOGUE_NEEDS_ADMIN,
  CUSTOM_NEEDS_PERMISSION,
  CustomKpiRequest,
  KpiDeleted,
  KpiManagement,
  KpiSettingsChange,
  ManagedKpi,
  NO_SUCH_CATEGORY,
  NOT_A_CUSTOM_KPI,
  RESPONSIBLE_UNKNOWN,
  ResponsiblesRequest,
  SENSITIVITY_ABOVE_OWN,
  usedInFormulas,
} from "../../../contracts/kpi-management";
import { benchmarkSetProblems } from "../../../domain/kpi/benchmark-set";
import { CATALOGUE_FIELD_FIXED, customKpiKey, disallowedFields } from "../../../domain/kpi/custom-kpi";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, forbidden, HttpError, notFound } from "../../platform/http/errors";
import { IdParams, userRoute } from "../../platform/http/route";
import { activePeople } from "../../platform/people";
import { mayRead, type Reader } from "../kpis/kpi-service";
import { isCompanyAdmin, MANAGE_ANY_KPI, MANAGE_CUSTOM, mayEditKpi, mayManageCustom, readLevelOf } from "./kpi-settings-access";
import { formulaUsers, loadCategories, loadResponsibles, loadSettingsKpis, managedKpi, readableKpi, toManagedKpi, type SettingsKpi } from "./kpi-settings-repository";

/**
 * /settings/kpi-management's API: the company's categories and readable KPIs with their settings;
 * custom KPIs created, changed and deleted; a KPI's settings, responsibles and benchmarks. Each
 * change is one transaction and one event, so open dashboards load their KPI meta again.
 */
export const kpiManagementRoutes = [
  userRoute({
    method: "GET",
    path: "/kpis/management/",
    summary: "The company's KPI categories and the KPIs the caller may read, with their settings",
    access: MANAGE_ANY_KPI,
    response: KpiManagement,
    handle: ({ reader, inTenant }) =>
      inTenant(async (context) => {
        const readable = (await loadSettingsKpis(context)).filter((kpi) => mayRead(reader, kpi));
        const responsibles = await loadResponsibles(context, readable.map((kpi) => kpi.id));
        return {
          categories: await loadCategories(context),
          kpis: readable.map((kpi) => toManagedKpi(kpi, reader, responsibles.get(kpi.id) ?? [])),
          people: await activePeople(context),
          readLevel: readLevelOf(reader),
          canManageCustom: mayManageCustom(reader),
          canManageCatalogue: isCompanyAdmin(reader),
        };
      }),
  }),

  userRoute({
    method: "POST",
    path: "/kpis/custom/",
    summary: "Create a custom KPI (stored values) in a category",
    access: MANAGE_CUSTOM,
    body: CustomKpiRequest,
    response: ManagedKpi,
    status: 201,
    handle: ({ body, user, reader, inTenant }) => {
      checkSensitivity(reader, body.sensitivity);
      return inTenant(async (context) => {
        await checkCategory(context, body.categoryId);
        const key = customKpiKey(body.name, new Set((await context.db.selectFrom("kpis").select("key").execute()).map((row) => row.key)));
        // Last in its category.
        const last = await context.db.selectFrom("kpis").select(({ fn }) => fn.max("position").as("position")).where("category_id", "=", body.categoryId).executeTakeFirst();
        const position = (last?.position ?? -1) + 1;
        const { id } = await context.db
          .insertInto("kpis")
          .values({
            tenant_id: context.tenantId,
            category_id: body.categoryId,
            parent_id: null,
            key,
            name: body.name.trim(),
            description: (body.description ?? "").trim(),
            unit: body.unit,
            aggregation_type: body.aggregationType,
            higher_is_better: body.higherIsBetter,
            sensitivity: body.sensitivity,
            cadence: body.cadence,
            validation_state: body.validationState ?? "unvalidated",
            benchmark_bottom25: null,
            benchmark_median50: null,
            benchmark_top25: null,
            benchmark_top5: null,
            formula: null,
            position,
            is_custom: true,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        await context.appendEvent({ type: "CustomKpiCreated", payload: { kpiId: id, name: body.name.trim(), categoryId: body.categoryId, by: user.userId } });
        return managedKpi(context, reader, id);
      });
    },
  }),

  userRoute({
    method: "PATCH",
    path: "/kpis/{id}/settings/",
    summary: "Change a KPI's settings (a catalogue KPI: sensitivity, cadence and validation state only)",
    access: MANAGE_ANY_KPI,
    params: IdParams,
    body: KpiSettingsChange,
    response: ManagedKpi,
    handle: ({ params: { id }, body, user, reader, inTenant }) =>
      inTenant(async (context) => {
        const kpi = await editableKpi(context, reader, id);
        const changed = Object.keys(body).filter((field) => body[field as keyof typeof body] !== undefined);
        const fixed = disallowedFields(kpi.isCustom, changed);
        if (fixed.length > 0) throw badRequest(Object.fromEntries(fixed.map((field) => [field, [CATALOGUE_FIELD_FIXED]])));
        if (body.sensitivity !== undefined) checkSensitivity(reader, body.sensitivity);
        if (body.categoryId !== undefined) await checkCategory(context, body.categoryId);
        if (body.higherIsBetter !== undefined && body.higherIsBetter !== kpi.higher_is_better && kpi.benchmark_bottom25 !== null) {
          // The marks were ordered for the other direction: they go with it rather than stand upside down.
          await context.db.updateTable("kpis").set({ benchmark_bottom25: null, benchmark_median50: null, benchmark_top25: null, benchmark_top5: null }).where("id", "=", id).execute();
        }
        if (changed.length > 0) {
          await context.db
            .updateTable("kpis")
            .set({
              ...(body.name !== undefined ? { name: body.name.trim() } : {}),
              ...(body.description !== undefined ? { description: body.description.trim() } : {}),
              ...(body.categoryId !== undefined ? { category_id: body.categoryId } : {}),
              ...(body.unit !== undefined ? { unit: body.unit } : {}),
              ...(body.aggregationType !== undefined ? { aggregation_type: body.aggregationType } : {}),
              ...(body.higherIsBetter !== undefined ? { higher_is_better: body.higherIsBetter } : {}),
              ...(body.sensitivity !== undefined ? { sensitivity: body.sensitivity } : {}),
              ...(body.cadence !== undefined ? { cadence: body.cadence } : {}),
              ...(body.validationState !== undefined ? { validation_state: body.validationState } : {}),
            })
            .where("id", "=", id)
            .execute();
          await context.appendEvent({ type: "KpiSettingsChanged", payload: { kpiId: id, fields: changed, by: user.userId } });
        }
        return managedKpi(context, reader, id);
      }),
  }),

  userRoute({
    method: "DELETE",
    path: "/kpis/custom/{id}/",
    summary: "Delete a custom KPI with its values (catalogue KPIs stay)",
    access: MANAGE_CUSTOM,
    params: IdParams,
    response: KpiDeleted,
    handle: ({ params: { id }, user, reader, inTenant }) =>
      inTenant(async (context) => {
        const kpis = await loadSettingsKpis(context);
        const kpi = kpis.find((candidate) => candidate.id === id);
        if (!kpi || !mayRead(reader, kpi)) throw notFound();
        if (!kpi.isCustom) throw new HttpError(409, { detail: NOT_A_CUSTOM_KPI });
        const users = formulaUsers(kpis, new Set([id]));
        if (users.length > 0) throw new HttpError(409, { detail: usedInFormulas(users) });
        await context.db.deleteFrom("kpis").where("id", "=", id).execute();
        await context.appendEvent({ type: "CustomKpiDeleted", payload: { kpiId: id, name: kpi.name, sensitivity: kpi.effective_sensitivity, by: user.userId } });
        return { id, name: kpi.name };
      }),
  }),

  userRoute({
    method: "PUT",
    path: "/kpis/{id}/responsibles/",
    summary: "Set the people who answer for a KPI",
    access: MANAGE_ANY_KPI,
    params: IdParams,
    body: ResponsiblesRequest,
    response: ManagedKpi,
    handle: ({ params: { id }, body: { userIds }, user, reader, inTenant }) =>
      inTenant(async (context) => {
        await editableKpi(context, reader, id);
        const wanted = [...new Set(userIds)];
        if (wanted.length > 0) {
          const active = await context.db.selectFrom("users").select("id").where("id", "in", wanted).where("is_active", "=", true).execute();
          if (active.length !== wanted.length) throw badRequest({ userIds: [RESPONSIBLE_UNKNOWN] });
        }
        await context.db.deleteFrom("kpi_responsibles").where("kpi_id", "=", id).execute();
        if (wanted.length > 0) await context.db.insertInto("kpi_responsibles").values(wanted.map((userId) => ({ tenant_id: context.tenantId, kpi_id: id, user_id: userId }))).execute();
        await context.appendEvent({ type: "KpiResponsiblesChanged", payload: { kpiId: id, userIds: wanted, by: user.userId } });
        return managedKpi(context, reader, id);
      }),
  }),

  userRoute({
    method: "PUT",
    path: "/kpis/{id}/benchmarks/",
    summary: "Set a KPI's benchmark set (bottom 25 %, median, top 25 %, top 5 %), or clear it with four nulls",
    access: MANAGE_ANY_KPI,
    params: IdParams,
    body: BenchmarksRequest,
    response: ManagedKpi,
    handle: ({ params: { id }, body, user, reader, inTenant }) =>
      inTenant(async (context) => {
        const kpi = await editableKpi(context, reader, id);
        const problems = benchmarkSetProblems(body, kpi.higher_is_better);
        if (Object.keys(problems).length > 0) throw badRequest(problems);
        await context.db
          .updateTable("kpis")
          .set({ benchmark_bottom25: body.valueBottom25, benchmark_median50: body.valueMedian50, benchmark_top25: body.valueTop25, benchmark_top5: body.top5 })
          .where("id", "=", id)
          .execute();
        await context.appendEvent({ type: "KpiBenchmarksChanged", payload: { kpiId: id, by: user.userId } });
        return managedKpi(context, reader, id);
      }),
  }),
];

/** A KPI the caller may read (else 404) and change (else 403, saying who may). */
async function editableKpi(context: TenantContext, reader: Reader, id: number): Promise<SettingsKpi> {
  const kpi = await readableKpi(context, reader, id);
  if (!mayEditKpi(reader, kpi)) throw forbidden(kpi.isCustom ? CUSTOM_NEEDS_PERMISSION : CATALOGUE_NEEDS_ADMIN);
  return kpi;
}

function checkSensitivity(reader: Reader, sensitivity: number) {
  if (sensitivity > readLevelOf(reader)) throw badRequest({ sensitivity: [SENSITIVITY_ABOVE_OWN] });
}

async function checkCategory({ db }: TenantContext, categoryId: number) {
  const category = await db.selectFrom("kpi_categories").select("id").where("id", "=", categoryId).executeTakeFirst();
  if (!category) throw badRequest({ categoryId: [NO_SUCH_CATEGORY] });
}
