/**
 * The role every tenant transaction runs as. It owns nothing and is neither superuser nor
 * BYPASSRLS, so row-level security always applies to it (checked at start-up).
 */
export const APP_ROLE = "meridian_app";

/** The tenant of the current transaction; NULL (and so no rows) when none was set. */
export const CURRENT_TENANT_SQL = "nullif(current_setting('app.tenant_id', true), '')::uuid";
