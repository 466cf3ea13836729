import type { FastifyPluginAsync } from "fastify";
import { CategoriesQuery, CategoryChangeRequest, type FlexibleColumn, type KpiCategory } from "../../../contracts/kpis";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";
import type { AppServices } from "../../services";
import { flexibleColumnsProblems } from "./flexible-columns";
import { decodeInput } from "../../platform/http/decode";
import { asUser, pathId, requireReportingManage, requireReportingRead } from "./kpi-access";

/**
 * KPI categories with their financial-table columns (GET /api/kpis/categories/?kind=,
 * PATCH /api/kpis/categories/{id}/). Reading needs any KPI read permission; changing the columns
 * is company administration (manage_company_settings).
 */
export const kpiCategoryRoutes: FastifyPluginAsync<AppServices> = async (app, services) => {
  const run = asUser(services);

  app.get("/kpis/categories/", async (request) => {
    const { kind } = decodeInput(CategoriesQuery, request.query);
    return run(request, async ({ context, reader }) => {
      requireReportingRead(reader);
      let query = categoriesQuery(context);
      if (kind) query = query.where("kind", "=", kind);
      return { categories: (await query.execute()).map(toCategory) };
    });
  });

  app.patch<{ Params: { id: string } }>("/kpis/categories/:id/", (request) =>
    run(request, async ({ context, reader }) => {
      requireReportingManage(reader);
      const id = pathId(request.params.id);
      const { flexibleColumnsConfig } = decodeInput(CategoryChangeRequest, request.body);
      const problems = flexibleColumnsProblems(flexibleColumnsConfig);
      if (Object.keys(problems).length > 0) throw badRequest(problems);
      const updated = await context.db
        .updateTable("kpi_categories")
        .set({ flexible_columns_config: JSON.stringify(flexibleColumnsConfig) })
        .where("id", "=", id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw notFound();
      await context.appendEvent({ type: "CategoryColumnsChanged", payload: { categoryId: id, flexibleColumnsConfig } });
      return toCategory(await categoriesQuery(context).where("id", "=", id).executeTakeFirstOrThrow());
    }),
  );
};

const categoriesQuery = ({ db }: TenantContext) =>
  db.selectFrom("kpi_categories").select(["id", "name", "kind", "is_complex", "flexible_columns_config"]).orderBy("position").orderBy("id");

function toCategory(row: { id: number; name: string; kind: "kpi" | "financial"; is_complex: boolean; flexible_columns_config: unknown[] }): KpiCategory {
  // Stored configs were validated on the way in (or are the empty default).
  return { id: row.id, name: row.name, kind: row.kind, isComplex: row.is_complex, flexibleColumnsConfig: row.flexible_columns_config as FlexibleColumn[] };
}
