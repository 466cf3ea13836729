import type { ListColumnsRequest, ListColumnsResponse, OkrListQuery, OkrListResponse, OkrListRow } from "../../../contracts/okr-insights";
import { PERIOD_ORDER_TEXT } from "../../../contracts/okr-insights";
import type { StatusOption } from "../../../contracts/okrs";
import { storedColumns } from "../../../domain/okr-insights/list-view";
import type { TenantContext } from "../../db/tenancy";
import { badRequest } from "../../platform/http/errors";
import type { Reader } from "../../platform/http/route";
import { readObjectives, type OkrReadScope, type ReadObjective } from "./okr-reading";

/**
 * The OKR list view (spec section 9's default columns): one row per key result under its
 * objective, an objective without key results as a row of its own; filtered by level, unit and
 * period in SQL, by status and responsible person on the rows.
 */
export async function okrList(context: TenantContext, scope: OkrReadScope, reader: Reader, query: OkrListQuery, now: Date): Promise<OkrListResponse> {
  if (query.from && query.to && query.to < query.from) throw badRequest({ to: [PERIOD_ORDER_TEXT] });
  const objectives = await readObjectives(context, scope, reader, { level: query.level, unitId: query.unitId, from: query.from, to: query.to }, now);
  const statuses = (await context.db.selectFrom("okr_status_options").select(["id", "name", "color", "position"]).orderBy("position").orderBy("id").execute()) as StatusOption[];
  const statusById = new Map(statuses.map((status) => [status.id, status]));
  const all = objectives.flatMap((objective) => rowsOf(objective, statusById));
  const people = new Map<number, string>();
  for (const row of all) for (const person of row.responsible) people.set(person.id, person.name);
  const rows = all.filter((row) => (query.statusId === undefined || row.status?.id === query.statusId) && (query.responsibleId === undefined || row.responsible.some((person) => person.id === query.responsibleId)));
  const units = await context.db.selectFrom("org_units").select(["id", "name"]).orderBy("name").orderBy("id").execute();
  return {
    rows,
    statuses,
    units,
    people: [...people].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
  };
}

function rowsOf(objective: ReadObjective, statuses: ReadonlyMap<number, StatusOption>): OkrListRow[] {
  const base = {
    objectiveId: objective.id,
    objectiveTitle: objective.title,
    level: objective.level,
    unit: objective.unit ? { id: objective.unit.id, name: objective.unit.name } : null,
    owner: objective.owner,
    startsOn: objective.startsOn,
    endsOn: objective.endsOn,
    objectiveProgress: objective.progress,
  };
  const objectiveStatus = objective.statusId !== null ? (statuses.get(objective.statusId) ?? null) : null;
  if (objective.keyResults.length === 0) {
    return [{ ...base, keyResult: null, status: objectiveStatus, updatedAt: objective.updatedAt.toISOString(), responsible: objective.responsibles }];
  }
  return objective.keyResults.map((keyResult) => ({
    ...base,
    keyResult: {
      id: keyResult.id,
      title: keyResult.title,
      direction: keyResult.direction,
      unit: keyResult.unit,
      start: keyResult.start,
      target: keyResult.target,
      actual: keyResult.actual,
      progress: keyResult.progress,
      kpi: keyResult.kpi,
      kpiFed: keyResult.kpiId !== null,
      confidence: keyResult.confidence,
    },
    status: (keyResult.statusId !== null ? statuses.get(keyResult.statusId) : undefined) ?? objectiveStatus,
    updatedAt: new Date(Math.max(keyResult.updatedAt.getTime(), keyResult.lastCheckInAt?.getTime() ?? 0)).toISOString(),
    responsible: keyResult.responsible ? [keyResult.responsible] : objective.responsibles,
  }));
}

/** The person's list columns (the defaults until they choose). */
export async function listColumns({ db }: TenantContext, userId: number): Promise<ListColumnsResponse> {
  const row = await db.selectFrom("okr_user_settings").select("list_columns").where("user_id", "=", userId).executeTakeFirst();
  return storedColumns(row?.list_columns ?? null);
}

/** Saves the person's columns and their order; null goes back to the defaults. */
export async function saveListColumns(context: TenantContext, userId: number, body: ListColumnsRequest): Promise<ListColumnsResponse> {
  const value = body.columns === null ? null : JSON.stringify(body.columns);
  await context.db
    .insertInto("okr_user_settings")
    .values({ tenant_id: context.tenantId, user_id: userId, list_columns: value })
    .onConflict((conflict) => conflict.columns(["tenant_id", "user_id"]).doUpdateSet({ list_columns: value }))
    .execute();
  return listColumns(context, userId);
}
