/**
 * The role every tenant transaction runs as. It owns nothing and is neither superuser nor
 * BYPASSRLS, so row-level security always applies to it (checked at start-up).
 */
export const APP_ROLE = "meridian_app";

/** The tenant of the current transaction; NULL (and so no rows) when none was set. */
export const CURRENT_TENANT_SQL = "nullif(current_setting('app.tenant_id', true), '')::uuid";

/**
 * The role user-written SQL (the query builder) runs as: it may only SELECT the views of the `qb`
 * schema (and, because those views are security_invoker, the base columns they show). It owns
 * nothing, is neither superuser nor BYPASSRLS, and cannot call set_config.
 */
export const QUERY_ROLE = "meridian_query";

/**
 * The highest KPI sensitivity the query role may read in the current transaction, set by the
 * server before user SQL runs. Unset means none (fail closed): the restrictive policies of
 * migration 0011 compare each KPI's sensitivity with this.
 */
export const QUERY_LEVEL_SETTING = "app.qb_max_sensitivity";
export const QUERY_LEVEL_SQL = `coalesce(nullif(current_setting('${QUERY_LEVEL_SETTING}', true), '')::smallint, -1)`;
