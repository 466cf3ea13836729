import type { Kysely } from "kysely";
import { run } from "./sql-helpers";

/**
 * A calculated KPI may be declared a weighted ratio (a margin): its period figures are then its
 * formula over its inputs' figures of the period (gross profit over the quarter ÷ revenue over the
 * quarter) instead of its monthly values aggregated by its type (contracts PERIOD_RULES). Only a
 * calculated KPI has inputs to weigh, so a stored KPI cannot carry the flag.
 */
export async function up(db: Kysely<any>) {
  await run(
    db,
    `alter table kpis add column weighted_ratio boolean not null default false`,
    `alter table kpis add constraint kpis_weighted_ratio_is_calculated check (not weighted_ratio or formula is not null)`,
  );
}

export async function down(db: Kysely<any>) {
  await run(db, "alter table kpis drop constraint kpis_weighted_ratio_is_calculated", "alter table kpis drop column weighted_ratio");
}
