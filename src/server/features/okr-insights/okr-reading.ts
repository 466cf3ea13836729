import { sql, type ExpressionBuilder } from "kysely";
import type { OkrLevel } from "../../../contracts/okrs";
import { keyResultProgress, objectiveProgress } from "../../../domain/okrs/progress";
import type { DatabaseSchema } from "../../db/schema";
import type { TenantContext } from "../../db/tenancy";
import type { Reader } from "../../platform/http/route";
import { userNames } from "../../platform/people";
import { currentMonthOf, kpiFedActuals, kpisFor } from "../okrs/okr-kpis";

/**
 * Reading OKRs for the list view, team analytics and change log: which levels the reader may
 * read (as for objectives: corporate needs read_corporate_okrs, team read_team_okrs, employee
 * read_employee_okrs or being the owner; domain/okrs/objective-rules mayReadObjective in SQL), and
 * the objectives with their key results' figures, computed with domain/okrs/progress.ts and the
 * objective API's KPI reading like every other OKR screen.
 */
export interface OkrReadScope {
  readonly userId: number;
  readonly corporate: boolean;
  readonly team: boolean;
  readonly employee: boolean;
}

export function readScopeOf(reader: Reader, userId: number): OkrReadScope {
  const may = (permission: "read_corporate_okrs" | "read_team_okrs" | "read_employee_okrs") => reader.isStaff || reader.permissions.has(permission);
  return { userId, corporate: may("read_corporate_okrs"), team: may("read_team_okrs"), employee: may("read_employee_okrs") };
}

/** The SQL condition "the reader may read this row" on a table with level and owner_user_id (objectives, the change log). */
export function readableLevel<T extends "okr_objectives" | "okr_changes">(scope: OkrReadScope, table: T) {
  return (eb: ExpressionBuilder<DatabaseSchema, T>) => {
    const level = eb.ref(`${table}.level` as any);
    const owner = eb.ref(`${table}.owner_user_id` as any);
    const allowed: OkrLevel[] = [...(scope.corporate ? (["corporate"] as const) : []), ...(scope.team ? (["team"] as const) : []), ...(scope.employee ? (["employee"] as const) : [])];
    const byLevel = allowed.length > 0 ? [eb(level, "in", allowed)] : [];
    return eb.or([...byLevel, eb.and([eb(level, "=", "employee"), eb(owner, "=", scope.userId)])]);
  };
}

export interface ReadKeyResult {
  readonly id: number;
  readonly title: string;
  readonly direction: "increasing" | "decreasing" | "binary";
  readonly unit: string;
  readonly start: number;
  readonly target: number;
  readonly actual: number | null;
  readonly progress: number | null;
  readonly kpiId: number | null;
  readonly kpi: { id: number; name: string; unit: string } | null;
  readonly responsible: { id: number; name: string } | null;
  readonly statusId: number | null;
  readonly confidence: number | null;
  readonly lastCheckInAt: Date | null;
  readonly updatedAt: Date;
}

export interface ReadObjective {
  readonly id: number;
  readonly level: OkrLevel;
  readonly title: string;
  readonly unit: { id: number; name: string; kind: "department" | "team" } | null;
  readonly owner: { id: number; name: string } | null;
  readonly startsOn: string;
  readonly endsOn: string;
  readonly statusId: number | null;
  readonly responsibles: { id: number; name: string }[];
  readonly progress: number | null;
  readonly keyResults: ReadKeyResult[];
  readonly updatedAt: Date;
}

export interface ObjectiveFilter {
  readonly level?: OkrLevel | undefined;
  readonly unitId?: number | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

/**
 * The objectives the reader may read that overlap from–to, by level, position and id, each with
 * its key results (actual from the KPI for a KPI-fed one, progress, latest confidence).
 */
export async function readObjectives(context: TenantContext, scope: OkrReadScope, reader: Reader, filter: ObjectiveFilter, now: Date): Promise<ReadObjective[]> {
  const { db } = context;
  let query = db
    .selectFrom("okr_objectives")
    .leftJoin("org_units", (join) => join.onRef("org_units.tenant_id", "=", "okr_objectives.tenant_id").onRef("org_units.id", "=", "okr_objectives.category_id"))
    .select(["okr_objectives.id", "okr_objectives.level", "okr_objectives.title", "okr_objectives.category_id", "okr_objectives.owner_user_id", "okr_objectives.starts_on", "okr_objectives.ends_on", "okr_objectives.status_id", "okr_objectives.updated_at", "org_units.name as unit_name", "org_units.kind as unit_kind"])
    .where(readableLevel(scope, "okr_objectives"));
  if (filter.level) query = query.where("okr_objectives.level", "=", filter.level);
  if (filter.unitId !== undefined) query = query.where("okr_objectives.category_id", "=", filter.unitId);
  if (filter.from) query = query.where("okr_objectives.ends_on", ">=", filter.from);
  if (filter.to) query = query.where("okr_objectives.starts_on", "<=", filter.to);
  const objectives = await query
    .orderBy(sql`case okr_objectives.level when 'corporate' then 0 when 'team' then 1 else 2 end`)
    .orderBy("okr_objectives.position")
    .orderBy("okr_objectives.id")
    .execute();
  if (objectives.length === 0) return [];
  const objectiveIds = objectives.map((objective) => objective.id);

  const [keyResults, responsibles] = await Promise.all([
    db.selectFrom("okr_key_results").selectAll().where("objective_id", "in", objectiveIds).orderBy("objective_id").orderBy("position").orderBy("id").execute(),
    db.selectFrom("okr_objective_responsibles").select(["objective_id", "user_id"]).where("objective_id", "in", objectiveIds).execute(),
  ]);
  const latest = await latestCheckIns(context, keyResults.map((keyResult) => keyResult.id));
  const names = await userNames(context, [...objectives.map((objective) => objective.owner_user_id), ...keyResults.map((keyResult) => keyResult.responsible_user_id), ...responsibles.map((row) => row.user_id)]);
  const person = (id: number | null) => (id !== null && names.has(id) ? { id, name: names.get(id)! } : null);
  const fed = await kpiFedFigures(context, reader, keyResults, new Map(objectives.map((objective) => [objective.id, objective])), now);

  const byObjective = new Map<number, ReadKeyResult[]>();
  for (const row of keyResults) {
    const feed = row.kpi_id !== null ? fed.get(row.id) : undefined;
    const actual = row.kpi_id !== null ? (feed?.actual ?? null) : row.actual_value;
    const check = latest.get(row.id);
    const keyResult: ReadKeyResult = {
      id: row.id,
      title: row.title,
      direction: row.direction,
      unit: row.unit,
      start: row.start_value,
      target: row.target_value,
      actual,
      progress: keyResultProgress({ direction: row.direction, start: row.start_value, target: row.target_value, actual }),
      kpiId: row.kpi_id,
      kpi: feed?.kpi ?? null,
      responsible: person(row.responsible_user_id),
      statusId: row.status_id,
      confidence: check?.confidence ?? null,
      lastCheckInAt: check?.at ?? null,
      updatedAt: row.updated_at,
    };
    const list = byObjective.get(row.objective_id) ?? [];
    list.push(keyResult);
    byObjective.set(row.objective_id, list);
  }
  return objectives.map((objective) => {
    const own = byObjective.get(objective.id) ?? [];
    return {
      id: objective.id,
      level: objective.level,
      title: objective.title,
      unit: objective.category_id !== null ? { id: objective.category_id, name: objective.unit_name ?? "", kind: objective.unit_kind ?? "team" } : null,
      owner: person(objective.owner_user_id),
      startsOn: objective.starts_on,
      endsOn: objective.ends_on,
      statusId: objective.status_id,
      responsibles: responsibles
        .filter((row) => row.objective_id === objective.id)
        .map((row) => person(row.user_id))
        .filter((entry): entry is { id: number; name: string } => entry !== null)
        .sort((a, b) => a.name.localeCompare(b.name)),
      progress: objectiveProgress(own.map((keyResult) => keyResult.progress)),
      keyResults: own,
      updatedAt: objective.updated_at,
    };
  });
}

/** Each key result's latest check-in (confidence and time). */
async function latestCheckIns({ db }: TenantContext, keyResultIds: readonly number[]): Promise<Map<number, { confidence: number; at: Date }>> {
  if (keyResultIds.length === 0) return new Map();
  const { rows } = await sql<{ key_result_id: number; confidence: number; created_at: Date }>`
    select distinct on (key_result_id) key_result_id, confidence, created_at
    from okr_check_ins where key_result_id = any(${[...keyResultIds]}::bigint[])
    order by key_result_id, created_at desc, id desc`.execute(db);
  return new Map(rows.map((row) => [Number(row.key_result_id), { confidence: Number(row.confidence), at: new Date(row.created_at) }]));
}

/**
 * The actual of each KPI-fed key result and the KPI as the reader may see it, the objective API's
 * way (okrs/okr-kpis.ts, so both answer the same figures): a KPI the reader may not read is not
 * named and gives no actual.
 */
async function kpiFedFigures(
  context: TenantContext,
  reader: Reader,
  keyResults: readonly { id: number; objective_id: number; kpi_id: number | null }[],
  objectives: ReadonlyMap<number, { starts_on: string; ends_on: string }>,
  now: Date,
): Promise<Map<number, { actual: number | null; kpi: { id: number; name: string; unit: string } | null }>> {
  const result = new Map<number, { actual: number | null; kpi: { id: number; name: string; unit: string } | null }>();
  const fed = keyResults.filter((keyResult) => keyResult.kpi_id !== null);
  if (fed.length === 0) return result;
  const kpis = await kpisFor(context, reader);
  const actuals = await kpiFedActuals(
    context,
    kpis,
    fed.map((keyResult) => ({ id: keyResult.id, kpiId: keyResult.kpi_id!, startsOn: objectives.get(keyResult.objective_id)!.starts_on, endsOn: objectives.get(keyResult.objective_id)!.ends_on })),
    await currentMonthOf(context, now),
  );
  for (const keyResult of fed) {
    const kpi = kpis.get(keyResult.kpi_id!);
    result.set(keyResult.id, kpi?.readable ? { actual: actuals.get(keyResult.id) ?? null, kpi: { id: kpi.id, name: kpi.name, unit: kpi.unit } } : { actual: null, kpi: null });
  }
  return result;
}
