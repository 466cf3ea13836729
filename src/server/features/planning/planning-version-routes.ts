import { sql } from "kysely";
import { NewPlanningVersion, PLANNING_VERSION_EMPTY, PLANNING_VERSION_NAME_TAKEN, PlanningVersion, PlanningVersionsResponse } from "../../../contracts/planning";
import { PLANNING_FORBIDDEN } from "../../../contracts/kpis";
import { planningYear } from "../../../domain/planning/fiscal-year";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";
import { IdParams, userRoute } from "../../platform/http/route";
import { PLAN, READ_REPORTING } from "../kpis/kpi-access";

/**
 * Planning versions: the working plan of a fiscal year kept under a name, as a copy of every
 * planning value of its twelve months (docs/decisions.md, "Planning versions"). Listing them is
 * for everyone who reads KPI reporting (the financial dashboard compares with them; their values
 * are read through POST /api/kpis/values/ with planningVersion, by each KPI's sensitivity);
 * keeping and deleting one is planning.
 */
export const planningVersionRoutes = [
  userRoute({
    method: "GET",
    path: "/planning/versions/",
    summary: "The saved planning versions, newest first",
    access: READ_REPORTING,
    response: PlanningVersionsResponse,
    handle: ({ inTenant }) =>
      inTenant(async (context) => ({ versions: await listVersions(context) })),
  }),

  userRoute({
    method: "POST",
    path: "/planning/versions/",
    summary: "Keep the working plan of a fiscal year as a named version (a copy of its planning values)",
    access: { ...PLAN, deniedDetail: PLANNING_FORBIDDEN },
    body: NewPlanningVersion,
    response: PlanningVersion,
    status: 201,
    handle: ({ body, user, inTenant }) =>
      inTenant(async (context) => {
        const name = body.name.trim();
        const taken = await context.db.selectFrom("planning_versions").select("id").where(sql<string>`lower(name)`, "=", name.toLowerCase()).executeTakeFirst();
        if (taken) throw badRequest({ name: [PLANNING_VERSION_NAME_TAKEN] });
        const offset = (await context.db.selectFrom("tenants").select("fiscal_year_offset").executeTakeFirstOrThrow()).fiscal_year_offset;
        const { months } = planningYear(body.fiscalYear, offset);
        const [from, to] = [months[0]!.date, months[11]!.date];
        const count = Number(
          (
            await context.db
              .selectFrom("kpi_values")
              .innerJoin("kpis", (join) => join.onRef("kpis.tenant_id", "=", "kpi_values.tenant_id").onRef("kpis.id", "=", "kpi_values.kpi_id"))
              .select((eb) => eb.fn.countAll<string>().as("count"))
              .where("kpi_values.series", "=", "planning")
              .where("kpi_values.dimension_key", "=", "")
              .where("kpis.formula", "is", null)
              .where("kpi_values.month", ">=", from)
              .where("kpi_values.month", "<=", to)
              .executeTakeFirstOrThrow()
          ).count,
        );
        if (count === 0) throw badRequest({ fiscalYear: [PLANNING_VERSION_EMPTY] });
        const version = await context.db
          .insertInto("planning_versions")
          .values({ tenant_id: context.tenantId, name, fiscal_year_start: from, value_count: count, created_by: user.userId })
          .returning("id")
          .executeTakeFirstOrThrow()
          .catch((error: unknown) => {
            // Two requests racing for one name: the loser gets the same field error, not a 500.
            if ((error as { code?: string } | null)?.code === "23505") throw badRequest({ name: [PLANNING_VERSION_NAME_TAKEN] });
            throw error;
          });
        // One statement copies the year's stored planning values (calculated KPIs are made from them when read).
        await sql`
          insert into planning_version_values (tenant_id, version_id, kpi_id, month, value)
          select kpi_values.tenant_id, ${version.id}, kpi_values.kpi_id, kpi_values.month, kpi_values.value
          from kpi_values join kpis on kpis.tenant_id = kpi_values.tenant_id and kpis.id = kpi_values.kpi_id
          where kpi_values.series = 'planning' and kpi_values.dimension_key = '' and kpis.formula is null
            and kpi_values.month between ${from} and ${to}`.execute(context.db);
        await context.appendEvent({ type: "PlanningVersionSaved", payload: { versionId: version.id, name, fiscalYear: body.fiscalYear, valueCount: count, by: user.userId } });
        return (await listVersions(context, version.id))[0]!;
      }),
  }),

  userRoute({
    method: "DELETE",
    path: "/planning/versions/{id}/",
    summary: "Delete a planning version and its values (the working plan stays as it is)",
    access: { ...PLAN, deniedDetail: PLANNING_FORBIDDEN },
    params: IdParams,
    status: 204,
    handle: ({ params: { id }, user, inTenant }) =>
      inTenant(async (context) => {
        const removed = await context.db.deleteFrom("planning_versions").where("id", "=", id).returning(["name"]).executeTakeFirst();
        if (!removed) throw notFound();
        await context.appendEvent({ type: "PlanningVersionDeleted", payload: { versionId: id, name: removed.name, by: user.userId } });
      }),
  }),
];

/** The versions (or one), newest first, with who kept them. */
async function listVersions({ db }: TenantContext, only?: number): Promise<PlanningVersion[]> {
  let query = db
    .selectFrom("planning_versions")
    .leftJoin("users", (join) => join.onRef("users.tenant_id", "=", "planning_versions.tenant_id").onRef("users.id", "=", "planning_versions.created_by"))
    .select(["planning_versions.id", "planning_versions.name", "planning_versions.fiscal_year_start", "planning_versions.value_count", "planning_versions.created_at", "users.first_name", "users.last_name", "users.email"])
    .orderBy("planning_versions.created_at", "desc")
    .orderBy("planning_versions.id", "desc");
  if (only !== undefined) query = query.where("planning_versions.id", "=", only);
  const rows = await query.execute();
  return rows.map((row) => {
    const firstMonth = String(row.fiscal_year_start).slice(0, 10);
    return {
      id: row.id,
      name: row.name,
      fiscalYear: Number(firstMonth.slice(0, 4)),
      firstMonth,
      valueCount: row.value_count,
      createdAt: new Date(row.created_at).toISOString(),
      createdBy: row.email === null ? null : `${row.first_name ?? ""} ${row.last_name ?? ""}`.trim() || row.email,
    };
  });
}
