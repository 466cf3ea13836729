import { CategoriesQuery, CategoriesResponse, CategoryChangeRequest, KpiCategory, type FlexibleColumn } from "../../../contracts/kpis";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";
import { IdParams, userRoute } from "../../platform/http/route";
import { flexibleColumnsProblems } from "./flexible-columns";
import { MANAGE_REPORTING, READ_REPORTING } from "./kpi-access";

/**
 * KPI categories with their financial-table columns (GET /api/kpis/categories/?kind=,
 * PATCH /api/kpis/categories/{id}/). Reading needs any KPI read permission; changing the columns
 * is company administration (manage_company_settings).
 */
export const kpiCategoryRoutes = [
  userRoute({
    method: "GET",
    path: "/kpis/categories/",
    summary: "The KPI categories with their financial-table columns",
    access: READ_REPORTING,
    query: CategoriesQuery,
    response: CategoriesResponse,
    handle: ({ query: { kind }, inTenant }) =>
      inTenant(async (context) => {
        let query = categoriesQuery(context);
        if (kind) query = query.where("kind", "=", kind);
        return { categories: (await query.execute()).map(toCategory) };
      }),
  }),

  userRoute({
    method: "PATCH",
    path: "/kpis/categories/{id}/",
    summary: "Set a category's financial-table columns",
    access: MANAGE_REPORTING,
    params: IdParams,
    body: CategoryChangeRequest,
    response: KpiCategory,
    handle: ({ params: { id }, body: { flexibleColumnsConfig }, inTenant }) => {
      const problems = flexibleColumnsProblems(flexibleColumnsConfig);
      if (Object.keys(problems).length > 0) throw badRequest(problems);
      return inTenant(async (context) => {
        const updated = await context.db
          .updateTable("kpi_categories")
          .set({ flexible_columns_config: JSON.stringify(flexibleColumnsConfig) })
          .where("id", "=", id)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) throw notFound();
        await context.appendEvent({ type: "CategoryColumnsChanged", payload: { categoryId: id, flexibleColumnsConfig } });
        return toCategory(await categoriesQuery(context).where("id", "=", id).executeTakeFirstOrThrow());
      });
    },
  }),
];

const categoriesQuery = ({ db }: TenantContext) =>
  db.selectFrom("kpi_categories").select(["id", "name", "kind", "is_complex", "flexible_columns_config"]).orderBy("position").orderBy("id");

function toCategory(row: { id: number; name: string; kind: "kpi" | "financial"; is_complex: boolean; flexible_columns_config: unknown[] }): KpiCategory {
  // Stored configs were validated on the way in (or are the empty default).
  return { id: row.id, name: row.name, kind: row.kind, isComplex: row.is_complex, flexibleColumnsConfig: row.flexible_columns_config as FlexibleColumn[] };
}
