import { sql } from "kysely";
import { CATEGORY_NAME_TAKEN, CATEGORY_NOT_ALL_READABLE, CategoryDeleted, CategoryNameRequest, ManagedCategory, NOT_A_CUSTOM_CATEGORY, usedInFormulas } from "../../../contracts/kpi-management";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, HttpError, notFound } from "../../platform/http/errors";
import { IdParams, userRoute } from "../../platform/http/route";
import { mayRead } from "../kpis/kpi-service";
import { MANAGE_CUSTOM } from "./kpi-settings-access";
import { formulaUsers, loadCategories, loadSettingsKpis } from "./kpi-settings-repository";

/**
 * Custom KPI categories (create_custom_kpis): created last in the list, renamed, deleted with
 * their KPIs (spec section 7: "Deleting a custom category also deletes its KPIs"). Catalogue
 * categories stay as delivered. A delete is refused whole, and nothing goes, when the caller may
 * not read every KPI it would take, or when a KPI elsewhere computes from one of them.
 */
export const customCategoryRoutes = [
  userRoute({
    method: "POST",
    path: "/kpis/custom-categories/",
    summary: "Create a custom KPI category",
    access: MANAGE_CUSTOM,
    body: CategoryNameRequest,
    response: ManagedCategory,
    status: 201,
    handle: ({ body, user, inTenant }) =>
      inTenant(async (context) => {
        const name = await freeName(context, body.name, null);
        const last = await context.db.selectFrom("kpi_categories").select(({ fn }) => fn.max("position").as("position")).executeTakeFirst();
        const { id } = await context.db
          .insertInto("kpi_categories")
          .values({ tenant_id: context.tenantId, name, kind: "kpi", position: (last?.position ?? -1) + 1, is_custom: true })
          .returning("id")
          .executeTakeFirstOrThrow();
        await context.appendEvent({ type: "KpiCategoryCreated", payload: { categoryId: id, name, by: user.userId } });
        return { id, name, kind: "kpi" as const, isCustom: true, kpiCount: 0 };
      }),
  }),

  userRoute({
    method: "PATCH",
    path: "/kpis/custom-categories/{id}/",
    summary: "Rename a custom KPI category",
    access: MANAGE_CUSTOM,
    params: IdParams,
    body: CategoryNameRequest,
    response: ManagedCategory,
    handle: ({ params: { id }, body, user, inTenant }) =>
      inTenant(async (context) => {
        await customCategory(context, id);
        const name = await freeName(context, body.name, id);
        await context.db.updateTable("kpi_categories").set({ name }).where("id", "=", id).execute();
        await context.appendEvent({ type: "KpiCategoryRenamed", payload: { categoryId: id, name, by: user.userId } });
        return (await loadCategories(context)).find((category) => category.id === id)!;
      }),
  }),

  userRoute({
    method: "DELETE",
    path: "/kpis/custom-categories/{id}/",
    summary: "Delete a custom KPI category and every KPI in it, with their values",
    access: MANAGE_CUSTOM,
    params: IdParams,
    response: CategoryDeleted,
    handle: ({ params: { id }, user, reader, inTenant }) =>
      inTenant(async (context) => {
        const category = await customCategory(context, id);
        const kpis = await loadSettingsKpis(context);
        const inside = kpis.filter((kpi) => kpi.category_id === id);
        if (inside.some((kpi) => !mayRead(reader, kpi))) throw new HttpError(403, { detail: CATEGORY_NOT_ALL_READABLE });
        const users = formulaUsers(kpis, new Set(inside.map((kpi) => kpi.id)));
        if (users.length > 0) throw new HttpError(409, { detail: usedInFormulas(users) });
        // The category's KPIs (and their values, glossary entries, placements) go with it: the foreign keys cascade.
        await context.db.deleteFrom("kpi_categories").where("id", "=", id).execute();
        const kpiIds = inside.map((kpi) => kpi.id);
        await context.appendEvent({ type: "KpiCategoryDeleted", payload: { categoryId: id, name: category.name, kpiIds, by: user.userId } });
        return { id, name: category.name, deletedKpis: kpiIds.length };
      }),
  }),
];

/** A custom category of the company: another company's (or none) is 404, a catalogue one 409. */
async function customCategory({ db }: TenantContext, id: number) {
  const category = await db.selectFrom("kpi_categories").select(["id", "name", "is_custom"]).where("id", "=", id).executeTakeFirst();
  if (!category) throw notFound();
  if (!category.is_custom) throw new HttpError(409, { detail: NOT_A_CUSTOM_CATEGORY });
  return category;
}

/** The trimmed name, if no other KPI category has it (case-insensitive). */
async function freeName({ db }: TenantContext, name: string, self: number | null): Promise<string> {
  const trimmed = name.trim();
  if (trimmed === "") throw badRequest({ name: ["Name the category."] });
  let query = db.selectFrom("kpi_categories").select("id").where("kind", "=", "kpi").where(sql<boolean>`lower(name) = lower(${trimmed})`);
  if (self !== null) query = query.where("id", "<>", self);
  if (await query.executeTakeFirst()) throw badRequest({ name: [CATEGORY_NAME_TAKEN] });
  return trimmed;
}
