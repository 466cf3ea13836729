import { sql } from "kysely";
import type { KeyResult, Milestone, Objective, ObjectiveRef, OkrLevel, OkrPerson } from "../../../contracts/okrs";
import { keyResultProgress, objectiveProgress } from "../../../domain/okrs/progress";
import { LEVEL_ORDER, mayReadObjective, mayWriteObjective, type OkrViewer } from "../../../domain/okrs/objective-rules";
import type { TenantContext } from "../../db/tenancy";
import { userNames } from "../../platform/people";
import { currentMonthOf, kpiFedActuals, kpisFor } from "./okr-kpis";

/** An objective's row as read. */
export interface ObjectiveRow {
  readonly id: number;
  readonly level: OkrLevel;
  readonly category_id: number | null;
  readonly owner_user_id: number | null;
  readonly title: string;
  readonly description: string;
  readonly starts_on: string;
  readonly ends_on: string;
  readonly position: number;
  readonly status_id: number | null;
  readonly created_at: Date;
  readonly updated_at: Date;
}

export interface ObjectiveFilter {
  readonly ids?: readonly number[];
  readonly level?: OkrLevel;
  readonly categoryId?: number;
  readonly ownerUserId?: number;
  readonly from?: string;
  readonly to?: string;
}

const OBJECTIVE_COLUMNS = ["id", "level", "category_id", "owner_user_id", "title", "description", "starts_on", "ends_on", "position", "status_id", "created_at", "updated_at"] as const;

/** Objective rows by filter (not yet filtered by who may read them), in list order. */
export async function objectiveRows({ db }: TenantContext, filter: ObjectiveFilter = {}): Promise<ObjectiveRow[]> {
  let query = db.selectFrom("okr_objectives").select(OBJECTIVE_COLUMNS);
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    query = query.where("id", "=", sql<number>`any(${[...filter.ids]}::bigint[])`);
  }
  if (filter.level) query = query.where("level", "=", filter.level);
  if (filter.categoryId !== undefined) query = query.where("category_id", "=", filter.categoryId);
  if (filter.ownerUserId !== undefined) query = query.where("owner_user_id", "=", filter.ownerUserId);
  // The period overlaps [from, to]: it ends on or after from and starts on or before to.
  if (filter.from) query = query.where("ends_on", ">=", filter.from);
  if (filter.to) query = query.where("starts_on", "<=", filter.to);
  const rows = (await query.orderBy("position").orderBy("id").execute()) as ObjectiveRow[];
  return rows.sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level));
}

/** One objective's row, whoever may read it; undefined when the company has none by that id. */
export async function objectiveRow(context: TenantContext, id: number): Promise<ObjectiveRow | undefined> {
  return (await objectiveRows(context, { ids: [id] }))[0];
}

const placeOf = (row: ObjectiveRow) => ({ level: row.level, ownerUserId: row.owner_user_id });
export const readable = (viewer: OkrViewer, row: ObjectiveRow) => mayReadObjective(viewer, placeOf(row));
export const writable = (viewer: OkrViewer, row: ObjectiveRow) => mayWriteObjective(viewer, placeOf(row));

/**
 * The objectives the viewer may read, as the API answers them: key results (KPI-fed ones with
 * their KPI's actual over the objective's period, when the viewer may read the KPI), milestones,
 * parents and children the viewer may read, responsibles, progress and mayEdit.
 */
export async function objectivesFor(context: TenantContext, viewer: OkrViewer, now: Date, filter: ObjectiveFilter = {}): Promise<Objective[]> {
  const rows = (await objectiveRows(context, filter)).filter((row) => readable(viewer, row));
  if (rows.length === 0) return [];
  const { db } = context;
  const ids = sql<number>`any(${rows.map((row) => row.id)}::bigint[])`;
  const [keyResults, milestones, links, responsibles, units] = await Promise.all([
    db.selectFrom("okr_key_results").selectAll().where("objective_id", "=", ids).orderBy("position").orderBy("id").execute(),
    db.selectFrom("okr_milestones").selectAll().where("objective_id", "=", ids).orderBy("position").orderBy("id").execute(),
    db.selectFrom("okr_objective_links").select(["objective_id", "parent_id"]).where((eb) => eb.or([eb("objective_id", "=", ids), eb("parent_id", "=", ids)])).execute(),
    db.selectFrom("okr_objective_responsibles").select(["objective_id", "user_id"]).where("objective_id", "=", ids).execute(),
    db.selectFrom("org_units").select(["id", "name"]).execute(),
  ]);
  const latest = await latestCheckIns(context, keyResults.map((keyResult) => keyResult.id));
  // The objectives on the other end of a link, to name them (and only the readable ones).
  const linkedIds = [...new Set(links.flatMap((link) => [link.objective_id, link.parent_id]))];
  const linked = new Map((await objectiveRows(context, { ids: linkedIds })).filter((row) => readable(viewer, row)).map((row) => [row.id, row] as const));
  const ref = (id: number): ObjectiveRef[] => {
    const row = linked.get(id);
    return row ? [{ id: row.id, title: row.title, level: row.level }] : [];
  };
  const names = await userNames(context, [...rows.map((row) => row.owner_user_id), ...keyResults.map((kr) => kr.responsible_user_id), ...milestones.map((m) => m.responsible_user_id), ...responsibles.map((r) => r.user_id), ...[...latest.values()].map((c) => c.author_user_id)]);
  const person = (id: number | null): OkrPerson | null => (id !== null && names.has(id) ? { id, name: names.get(id)! } : null);
  const unitNames = new Map(units.map((unit) => [unit.id, unit.name] as const));

  const kpis = keyResults.some((kr) => kr.kpi_id !== null) ? await kpisFor(context, viewer) : new Map();
  const byId = new Map(rows.map((row) => [row.id, row] as const));
  const fed = keyResults.filter((kr) => kr.kpi_id !== null).map((kr) => ({ id: kr.id, kpiId: kr.kpi_id!, startsOn: byId.get(kr.objective_id)!.starts_on, endsOn: byId.get(kr.objective_id)!.ends_on }));
  const fedActuals = fed.length > 0 ? await kpiFedActuals(context, kpis, fed, await currentMonthOf(context, now)) : new Map<number, number | null>();

  const keyResultsOf = new Map<number, KeyResult[]>();
  for (const kr of keyResults) {
    const kpi = kr.kpi_id === null ? null : kpis.get(kr.kpi_id);
    const visibleKpi = kpi?.readable ? { id: kpi.id, name: kpi.name, unit: kpi.unit } : null;
    const actual = kr.kpi_id === null ? kr.actual_value : (fedActuals.get(kr.id) ?? null);
    const check = latest.get(kr.id);
    const answer: KeyResult = {
      id: kr.id,
      objectiveId: kr.objective_id,
      title: kr.title,
      direction: kr.direction,
      unit: kr.unit,
      start: kr.start_value,
      target: kr.target_value,
      actual,
      progress: keyResultProgress({ direction: kr.direction, start: kr.start_value, target: kr.target_value, actual }),
      kpi: visibleKpi,
      responsible: person(kr.responsible_user_id),
      statusId: kr.status_id,
      position: kr.position,
      confidence: check?.confidence ?? null,
      lastCheckInAt: check ? check.created_at.toISOString() : null,
      updatedAt: kr.updated_at.toISOString(),
    };
    keyResultsOf.set(kr.objective_id, [...(keyResultsOf.get(kr.objective_id) ?? []), answer]);
  }
  const milestonesOf = new Map<number, Milestone[]>();
  for (const m of milestones) {
    const answer: Milestone = { id: m.id, objectiveId: m.objective_id, title: m.title, dueOn: m.due_on, doneAt: m.done_at ? m.done_at.toISOString() : null, responsible: person(m.responsible_user_id), position: m.position };
    milestonesOf.set(m.objective_id, [...(milestonesOf.get(m.objective_id) ?? []), answer]);
  }
  const sortRefs = (refs: ObjectiveRef[]) => refs.sort((a, b) => LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level) || a.title.localeCompare(b.title) || a.id - b.id);
  return rows.map((row): Objective => {
    const krs = keyResultsOf.get(row.id) ?? [];
    return {
      id: row.id,
      level: row.level,
      category: row.category_id === null ? null : { id: row.category_id, name: unitNames.get(row.category_id) ?? "" },
      owner: person(row.owner_user_id),
      title: row.title,
      description: row.description,
      startsOn: row.starts_on,
      endsOn: row.ends_on,
      position: row.position,
      statusId: row.status_id,
      parents: sortRefs(links.filter((link) => link.objective_id === row.id).flatMap((link) => ref(link.parent_id))),
      children: sortRefs(links.filter((link) => link.parent_id === row.id).flatMap((link) => ref(link.objective_id))),
      responsibles: responsibles
        .filter((r) => r.objective_id === row.id)
        .flatMap((r) => person(r.user_id) ?? [])
        .sort((a, b) => a.name.localeCompare(b.name)),
      progress: objectiveProgress(krs.map((kr) => kr.progress)),
      keyResults: krs,
      milestones: milestonesOf.get(row.id) ?? [],
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
      mayEdit: writable(viewer, row),
    };
  });
}

/** The newest check-in of each key result. */
async function latestCheckIns({ db }: TenantContext, keyResultIds: readonly number[]) {
  const result = new Map<number, { confidence: number; created_at: Date; author_user_id: number | null }>();
  if (keyResultIds.length === 0) return result;
  const rows = await db
    .selectFrom("okr_check_ins")
    .select(["key_result_id", "confidence", "created_at", "author_user_id"])
    .distinctOn("key_result_id")
    .where("key_result_id", "=", sql<number>`any(${[...keyResultIds]}::bigint[])`)
    .orderBy("key_result_id")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  for (const row of rows) result.set(row.key_result_id, row);
  return result;
}
