import type { TenantContext } from "../../db/tenancy";

/** The active forecast of each category that has one: category id → forecast id. */
export async function activeForecastsByCategory({ db }: TenantContext): Promise<Map<number, number>> {
  const rows = await db.selectFrom("forecasts").select(["id", "category_id"]).where("is_active", "=", true).execute();
  return new Map(rows.map((row) => [row.category_id, row.id]));
}

/** The category of each KPI: KPI id → category id. */
export async function categoriesOfKpis({ db }: TenantContext): Promise<Map<number, number>> {
  const rows = await db.selectFrom("kpis").select(["id", "category_id"]).execute();
  return new Map(rows.map((row) => [row.id, row.category_id]));
}
