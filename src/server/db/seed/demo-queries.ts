import type { TenantContext } from "../tenancy";

/**
 * A draft query of the demo company (the query builder's overview and editor are not empty):
 * logo churn from the customer counts. Left a draft, so the demo's seeded values stay as they are.
 */
export const DEMO_QUERY_SQL = `-- Logo churn: customers lost in a month, as a share of the paying customers a month before.
with customers as (
  select v.month, v.value
  from qb.kpi_values v join qb.kpis k on k.id = v.kpi_id
  where k.key = 'customers' and v.series = 'actual' and v.dimension_key = ''
), churned as (
  select v.month, v.value
  from qb.kpi_values v join qb.kpis k on k.id = v.kpi_id
  where k.key = 'churned_customers' and v.series = 'actual' and v.dimension_key = ''
)
select ch.month, round(cast(100 * ch.value / nullif(before.value, 0) as numeric), 2) as value
from churned ch
join customers before on before.month = ch.month - interval '1 month'
order by ch.month`;

export async function seedDemoQueries({ db, tenantId }: TenantContext, adminId: number | undefined) {
  const kpi = await db.selectFrom("kpis").select("id").where("key", "=", "logo_churn").executeTakeFirst();
  if (!kpi) return;
  await db.insertInto("kpi_queries").values({ tenant_id: tenantId, title: "Logo churn from customer counts", kpi_id: kpi.id, sql: DEMO_QUERY_SQL, created_by: adminId ?? null }).execute();
}
