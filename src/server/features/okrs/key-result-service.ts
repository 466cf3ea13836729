import { sql } from "kysely";
import {
  KEY_RESULT_LIMIT,
  KR_BINARY_KPI,
  KR_BINARY_VALUE,
  KR_CHECK_IN_VALUE_LOCKED,
  KR_KPI_FIELDS_LOCKED,
  KR_KPI_UNREADABLE,
  KR_POSITIONS_MIXED,
  KR_PROGRESS_RANGE,
  KR_START_EQUALS_TARGET,
  MAX_KEY_RESULTS,
  OKR_OBJECTIVE_FORBIDDEN,
  PERIOD_ORDER,
  POSITIONS_DUPLICATE,
  type CheckIn,
  type CheckInRequest,
  type KeyResult,
  type KeyResultChangeRequest,
  type KeyResultCreateRequest,
  type KeyResultSuggestion,
  type KrDirection,
} from "../../../contracts/okrs";
import type { AggregationType } from "../../../domain/kpi/aggregation";
import { keyResultSuggestion, kpiFedActual } from "../../../domain/okrs/progress";
import type { OkrViewer } from "../../../domain/okrs/objective-rules";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, forbidden, notFound } from "../../platform/http/errors";
import { userNames } from "../../platform/people";
import { fieldChanges, recordChange } from "./okr-changes";
import { requireActiveUsers, requireStatus, writableObjective } from "./okr-checks";
import { currentMonthOf, kpiFedActuals, kpisFor, numericSeries, periodMonths } from "./okr-kpis";
import { objectivesFor, readable, writable, objectiveRow, type ObjectiveRow } from "./okr-repository";

/** Key results, their check-ins and the KPI suggestion (spec sections 5, 7, 9). */

type KeyResultRow = NonNullable<Awaited<ReturnType<typeof keyResultRow>>>;

async function keyResultRow({ db }: TenantContext, id: number) {
  return db.selectFrom("okr_key_results").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A key result whose objective the viewer may read (else 404), with that objective. */
async function readableKeyResult(context: TenantContext, viewer: OkrViewer, id: number) {
  const keyResult = await keyResultRow(context, id);
  if (!keyResult) throw notFound();
  const objective = await objectiveRow(context, keyResult.objective_id);
  if (!objective || !readable(viewer, objective)) throw notFound();
  return { keyResult, objective };
}

async function writableKeyResult(context: TenantContext, viewer: OkrViewer, id: number) {
  const found = await readableKeyResult(context, viewer, id);
  if (!writable(viewer, found.objective)) throw forbidden(OKR_OBJECTIVE_FORBIDDEN);
  return found;
}

/** The key result as the API answers it (through its objective, so it reads the same everywhere). */
async function keyResultFor(context: TenantContext, viewer: OkrViewer, now: Date, objectiveId: number, id: number): Promise<KeyResult> {
  const [objective] = await objectivesFor(context, viewer, now, { ids: [objectiveId] });
  return objective!.keyResults.find((keyResult) => keyResult.id === id)!;
}

/** A KPI the viewer may read, else 400 on kpiId. */
async function requireReadableKpi(context: TenantContext, viewer: OkrViewer, kpiId: number) {
  const kpi = (await kpisFor(context, viewer)).get(kpiId);
  if (!kpi?.readable) throw badRequest({ kpiId: [KR_KPI_UNREADABLE] });
  return kpi;
}

/** Figures as stored: a binary key result is start 0, target 1 and an actual of 0 or 1. */
function figures(direction: KrDirection, start: number, target: number, actual: number | null) {
  if (direction === "binary") {
    if (actual !== null && actual !== 0 && actual !== 1) throw badRequest({ actual: [KR_BINARY_VALUE] });
    return { start: 0, target: 1, actual };
  }
  if (start === target) throw badRequest({ target: [KR_START_EQUALS_TARGET] });
  return { start, target, actual };
}

const nextKeyResultPosition = async ({ db }: TenantContext, objectiveId: number) =>
  (await db.selectFrom("okr_key_results").select(sql<number>`coalesce(max(position) + 1, 0)::int`.as("next")).where("objective_id", "=", objectiveId).executeTakeFirstOrThrow()).next;

export async function createKeyResult(context: TenantContext, viewer: OkrViewer, now: Date, objectiveId: number, input: KeyResultCreateRequest): Promise<KeyResult> {
  const objective = await writableObjective(context, viewer, objectiveId);
  const count = await context.db.selectFrom("okr_key_results").select((eb) => eb.fn.countAll<string>().as("count")).where("objective_id", "=", objectiveId).executeTakeFirstOrThrow();
  if (Number(count.count) >= MAX_KEY_RESULTS) throw badRequest({ non_field_errors: [KEY_RESULT_LIMIT] });
  if (input.kpiId !== null) {
    if (input.direction === "binary") throw badRequest({ kpiId: [KR_BINARY_KPI] });
    await requireReadableKpi(context, viewer, input.kpiId);
    if (input.actual !== null) throw badRequest({ actual: [KR_KPI_FIELDS_LOCKED] });
  }
  const { start, target, actual } = figures(input.direction, input.start, input.target, input.actual);
  await requireActiveUsers(context, "responsibleUserId", [input.responsibleUserId]);
  await requireStatus(context, "statusId", input.statusId);
  const row = await context.db
    .insertInto("okr_key_results")
    .values({
      tenant_id: context.tenantId,
      objective_id: objectiveId,
      title: input.title,
      direction: input.direction,
      unit: input.unit,
      start_value: start,
      target_value: target,
      actual_value: input.kpiId === null ? actual : null,
      kpi_id: input.kpiId,
      responsible_user_id: input.responsibleUserId,
      status_id: input.statusId,
      position: await nextKeyResultPosition(context, objectiveId),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordChange(context, objective, { actionType: "created", itemType: "key_result", itemId: row.id, itemTitle: input.title });
  return keyResultFor(context, viewer, now, objectiveId, row.id);
}

/**
 * Changes a key result. On a KPI-fed one (as it is after the change) actual and progress are
 * refused (KR_KPI_FIELDS_LOCKED); on a manual one a progress (0–100) sets the actual that makes
 * it. Unlinking a KPI keeps the KPI's value of that moment as the actual, when the viewer reads it.
 */
export async function changeKeyResult(context: TenantContext, viewer: OkrViewer, now: Date, id: number, change: KeyResultChangeRequest): Promise<KeyResult> {
  const { keyResult, objective } = await writableKeyResult(context, viewer, id);
  const direction = change.direction ?? keyResult.direction;
  const kpiId = change.kpiId === undefined ? keyResult.kpi_id : change.kpiId;
  if (kpiId !== null) {
    if (change.actual !== undefined) throw badRequest({ actual: [KR_KPI_FIELDS_LOCKED] });
    if (change.progress !== undefined) throw badRequest({ progress: [KR_KPI_FIELDS_LOCKED] });
    if (direction === "binary") throw badRequest({ kpiId: [KR_BINARY_KPI] });
    if (change.kpiId !== undefined && change.kpiId !== keyResult.kpi_id) await requireReadableKpi(context, viewer, kpiId);
  }
  if (change.progress !== undefined && (change.progress < 0 || change.progress > 100)) throw badRequest({ progress: [KR_PROGRESS_RANGE] });
  let actual = change.actual === undefined ? keyResult.actual_value : change.actual;
  if (kpiId === null && keyResult.kpi_id !== null && change.actual === undefined) actual = await currentKpiActual(context, viewer, now, keyResult, objective);
  const startIn = change.start ?? keyResult.start_value;
  const targetIn = change.target ?? keyResult.target_value;
  if (direction === "binary" && keyResult.direction !== "binary" && change.actual === undefined && actual !== null) actual = actual >= targetIn ? 1 : 0;
  const fixed = figures(direction, direction === "binary" ? 0 : startIn, direction === "binary" ? 1 : targetIn, kpiId === null ? actual : null);
  if (change.progress !== undefined) fixed.actual = direction === "binary" ? (change.progress >= 100 ? 1 : 0) : fixed.start + (change.progress / 100) * (fixed.target - fixed.start);
  if (change.responsibleUserId !== undefined) await requireActiveUsers(context, "responsibleUserId", [change.responsibleUserId]);
  if (change.statusId !== undefined) await requireStatus(context, "statusId", change.statusId);
  const after = {
    title: change.title ?? keyResult.title,
    direction,
    unit: change.unit ?? keyResult.unit,
    start_value: fixed.start,
    target_value: fixed.target,
    actual_value: kpiId === null ? fixed.actual : null,
    kpi_id: kpiId,
    responsible_user_id: change.responsibleUserId === undefined ? keyResult.responsible_user_id : change.responsibleUserId,
    status_id: change.statusId === undefined ? keyResult.status_id : change.statusId,
  };
  const details = fieldChanges([
    ["title", keyResult.title, after.title],
    ["direction", keyResult.direction, after.direction],
    ["unit", keyResult.unit, after.unit],
    ["start", keyResult.start_value, after.start_value],
    ["target", keyResult.target_value, after.target_value],
    ["actual", keyResult.actual_value, after.actual_value],
    ["kpiId", keyResult.kpi_id, after.kpi_id],
    ["responsibleUserId", keyResult.responsible_user_id, after.responsible_user_id],
    ["statusId", keyResult.status_id, after.status_id],
  ]);
  if (details.length > 0) {
    await context.db.updateTable("okr_key_results").set({ ...after, updated_at: now }).where("id", "=", id).execute();
    await recordChange(context, objective, { actionType: "updated", itemType: "key_result", itemId: id, itemTitle: after.title, details });
  }
  return keyResultFor(context, viewer, now, objective.id, id);
}

/** The value a KPI-fed key result shows now, for the viewer (null when they may not read its KPI). */
async function currentKpiActual(context: TenantContext, viewer: OkrViewer, now: Date, keyResult: KeyResultRow, objective: ObjectiveRow): Promise<number | null> {
  const actuals = await kpiFedActuals(context, await kpisFor(context, viewer), [{ id: keyResult.id, kpiId: keyResult.kpi_id!, startsOn: objective.starts_on, endsOn: objective.ends_on }], await currentMonthOf(context, now));
  return actuals.get(keyResult.id) ?? null;
}

export async function deleteKeyResult(context: TenantContext, viewer: OkrViewer, id: number): Promise<void> {
  const { keyResult, objective } = await writableKeyResult(context, viewer, id);
  await context.db.deleteFrom("okr_key_results").where("id", "=", id).execute();
  await recordChange(context, objective, { actionType: "deleted", itemType: "key_result", itemId: id, itemTitle: keyResult.title });
}

/** A new order of the key results of one objective: those named first, the others after them as they were. */
export async function orderKeyResults(context: TenantContext, viewer: OkrViewer, now: Date, ids: readonly number[]): Promise<KeyResult[]> {
  if (new Set(ids).size !== ids.length) throw badRequest({ ids: [POSITIONS_DUPLICATE] });
  const rows = await context.db.selectFrom("okr_key_results").select(["id", "objective_id", "title", "position"]).where("id", "=", sql<number>`any(${[...ids]}::bigint[])`).execute();
  const objectiveIds = new Set(rows.map((row) => row.objective_id));
  if (rows.length !== ids.length) throw notFound();
  if (objectiveIds.size !== 1) throw badRequest({ ids: [KR_POSITIONS_MIXED] });
  const objective = await writableObjective(context, viewer, rows[0]!.objective_id);
  const all = await context.db.selectFrom("okr_key_results").select(["id", "title", "position"]).where("objective_id", "=", objective.id).orderBy("position").orderBy("id").execute();
  const sent = new Set(ids);
  const order = [...ids, ...all.map((row) => row.id).filter((id) => !sent.has(id))];
  for (const [position, id] of order.entries()) {
    const row = all.find((candidate) => candidate.id === id)!;
    if (row.position === position) continue;
    await context.db.updateTable("okr_key_results").set({ position }).where("id", "=", id).execute();
    await recordChange(context, objective, { actionType: "updated", itemType: "key_result", itemId: id, itemTitle: row.title, details: [{ field: "position", from: row.position, to: position }] });
  }
  const [answer] = await objectivesFor(context, viewer, now, { ids: [objective.id] });
  return [...answer!.keyResults];
}

/**
 * The suggestion for a key result linked to a KPI over a period (spec section 9, domain
 * keyResultSuggestion), with the KPI's actual so far. The viewer must read the KPI.
 */
export async function suggestion(context: TenantContext, viewer: OkrViewer, now: Date, query: { kpiId: number; startsOn: string; endsOn: string }): Promise<KeyResultSuggestion> {
  if (query.endsOn < query.startsOn) throw badRequest({ non_field_errors: [PERIOD_ORDER] });
  const kpi = await requireReadableKpi(context, viewer, query.kpiId);
  const period = periodMonths(query.startsOn, query.endsOn);
  // Five years back: where a KPI that is not cumulative starts is its last actual before the period.
  const all = [...(await kpisFor(context, viewer)).values()];
  const series = (await numericSeries(context, [kpi], all, period.first - 60, period.last)).get(kpi.id) ?? { actual: new Map(), planning: new Map() };
  const aggregation = kpi.aggregation_type as AggregationType;
  const figures = keyResultSuggestion({ aggregation, higherIsBetter: kpi.higher_is_better }, series, period);
  return {
    kpi: { id: kpi.id, name: kpi.name, unit: kpi.unit },
    direction: figures.direction,
    start: figures.start,
    target: figures.target,
    actual: kpiFedActual(series.actual, aggregation, period, await currentMonthOf(context, now)),
  };
}

export async function checkInsOf(context: TenantContext, viewer: OkrViewer, id: number): Promise<CheckIn[]> {
  await readableKeyResult(context, viewer, id);
  const rows = await context.db.selectFrom("okr_check_ins").selectAll().where("key_result_id", "=", id).orderBy("created_at", "desc").orderBy("id", "desc").execute();
  const names = await userNames(context, rows.map((row) => row.author_user_id));
  return rows.map((row) => ({
    id: row.id,
    keyResultId: row.key_result_id,
    author: row.author_user_id !== null && names.has(row.author_user_id) ? { id: row.author_user_id, name: names.get(row.author_user_id)! } : null,
    value: row.value,
    confidence: row.confidence,
    comment: row.comment,
    createdAt: row.created_at.toISOString(),
  }));
}

/**
 * A check-in: the confidence (0–10), a comment and, on a manual key result, a value that becomes
 * its actual (left out: the actual as it stands). A KPI-fed key result's check-in keeps the KPI's
 * value of that moment; a value sent for it is refused.
 */
export async function addCheckIn(context: TenantContext, viewer: OkrViewer, now: Date, id: number, input: CheckInRequest): Promise<CheckIn> {
  const { keyResult, objective } = await writableKeyResult(context, viewer, id);
  let value: number | null;
  if (keyResult.kpi_id !== null) {
    if (input.value !== null) throw badRequest({ value: [KR_CHECK_IN_VALUE_LOCKED] });
    value = await currentKpiActual(context, viewer, now, keyResult, objective);
  } else {
    if (keyResult.direction === "binary" && input.value !== null && input.value !== 0 && input.value !== 1) throw badRequest({ value: [KR_BINARY_VALUE] });
    value = input.value ?? keyResult.actual_value;
    if (input.value !== null && input.value !== keyResult.actual_value) await context.db.updateTable("okr_key_results").set({ actual_value: input.value, updated_at: now }).where("id", "=", id).execute();
  }
  const previous = await context.db.selectFrom("okr_check_ins").select("confidence").where("key_result_id", "=", id).orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst();
  const row = await context.db
    .insertInto("okr_check_ins")
    .values({ tenant_id: context.tenantId, key_result_id: id, author_user_id: viewer.userId, value, confidence: input.confidence, comment: input.comment, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordChange(context, objective, {
    actionType: "checked_in",
    itemType: "key_result",
    itemId: id,
    itemTitle: keyResult.title,
    details: [
      { field: "confidence", from: previous?.confidence ?? null, to: input.confidence },
      { field: "value", from: keyResult.kpi_id === null ? keyResult.actual_value : null, to: value },
      ...(input.comment ? [{ field: "comment", from: null, to: input.comment }] : []),
    ],
  });
  return (await checkInsOf(context, viewer, id)).find((checkIn) => checkIn.id === row.id)!;
}

