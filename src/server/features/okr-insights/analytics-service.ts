import { sql } from "kysely";
import { ANALYTICS_PERIOD_TOO_LONG, MAX_ANALYTICS_DAYS, PERIOD_ORDER_TEXT, type TeamAnalyticsQuery, type TeamAnalyticsResponse } from "../../../contracts/okr-insights";
import { addDays } from "../../../domain/okr-insights/change-log-query";
import { quarterOf, teamAnalytics, type AnalyticsUnit } from "../../../domain/okr-insights/team-analytics";
import type { TenantContext } from "../../db/tenancy";
import { badRequest } from "../../platform/http/errors";
import type { Reader } from "../../platform/http/route";
import { companyTimeZone, companyToday } from "../../platform/company-clock";
import { readObjectives, type OkrReadScope } from "./okr-reading";

/**
 * Team analytics over a period (default: the current calendar quarter): corporate (for readers
 * of corporate OKRs) and every unit of the organizational structure, departments each followed
 * by their teams. Employee objectives are personal and not part of it (docs/decisions.md).
 */
export async function okrTeamAnalytics(context: TenantContext, scope: OkrReadScope, reader: Reader, query: TeamAnalyticsQuery, now: Date): Promise<TeamAnalyticsResponse> {
  const today = await companyToday(context, now);
  const quarter = quarterOf(today);
  const from = query.from ?? (query.to && query.to < quarter.from ? quarterOf(query.to).from : quarter.from);
  const to = query.to ?? (query.from && query.from > quarter.to ? quarterOf(query.from).to : quarter.to);
  if (to < from) throw badRequest({ to: [PERIOD_ORDER_TEXT] });
  if (addDays(from, MAX_ANALYTICS_DAYS - 1) < to) throw badRequest({ to: [ANALYTICS_PERIOD_TOO_LONG] });

  const units = await unitsOf(context, scope);
  const objectives = (await readObjectives(context, scope, reader, { from, to }, now)).filter((objective) => objective.level !== "employee");
  const keyResultIds = objectives.flatMap((objective) => objective.keyResults.map((keyResult) => keyResult.id));
  const timeZone = await companyTimeZone(context);
  const checkIns =
    keyResultIds.length === 0
      ? []
      : (
          await sql<{ key_result_id: number; date: string }>`
            select key_result_id, (created_at at time zone ${timeZone})::date::text as date
            from okr_check_ins where key_result_id = any(${keyResultIds}::bigint[])`.execute(context.db)
        ).rows.map((row) => ({ keyResultId: Number(row.key_result_id), date: row.date }));
  const result = teamAnalytics({
    units,
    objectives: objectives.map((objective) => ({
      id: objective.id,
      title: objective.title,
      level: objective.level,
      unitKey: objective.level === "corporate" ? "corporate" : `unit:${objective.unit?.id}`,
      startsOn: objective.startsOn,
      endsOn: objective.endsOn,
      keyResults: objective.keyResults.map((keyResult) => ({ id: keyResult.id, progress: keyResult.progress, confidence: keyResult.confidence })),
    })),
    checkIns,
    from,
    to,
    today,
  });
  return { from, to, today, ...result };
}

/** Corporate first (when the reader may read it), then each department followed by its teams, by name. */
async function unitsOf({ db }: TenantContext, scope: OkrReadScope): Promise<AnalyticsUnit[]> {
  const rows = await db.selectFrom("org_units").select(["id", "kind", "parent_id", "name"]).orderBy("name").orderBy("id").execute();
  const units: AnalyticsUnit[] = scope.corporate ? [{ key: "corporate", kind: "corporate", unitId: null, name: "Corporate" }] : [];
  if (!scope.team) return units;
  for (const department of rows.filter((row) => row.kind === "department")) {
    units.push({ key: `unit:${department.id}`, kind: "department", unitId: department.id, name: department.name });
    for (const team of rows.filter((row) => row.kind === "team" && row.parent_id === department.id)) units.push({ key: `unit:${team.id}`, kind: "team", unitId: team.id, name: team.name });
  }
  return units;
}
