import { sql } from "kysely";
import { CHANGE_LOG_PAGE_SIZE, type ChangeLogEntry, type ChangeLogQuery, type ChangeLogResponse, type FieldChange } from "../../../contracts/okr-insights";
import { changeLogProblems, changeLogWindow } from "../../../domain/okr-insights/change-log-query";
import type { TenantContext } from "../../db/tenancy";
import { badRequest } from "../../platform/http/errors";
import { userNames } from "../../platform/people";
import { readableLevel, type OkrReadScope } from "./okr-reading";

/**
 * The change log (spec section 7): the rows of okr_changes the reader may read, newest first
 * unless order=old_first, filtered by the days (startDate, endDate, timeRange; calendar days in
 * the company's time zone), the action and the item type; 50 a page (spec section 9), p from 1.
 */
export async function okrChangeLog(context: TenantContext, scope: OkrReadScope, query: ChangeLogQuery, today: string, timeZone: string): Promise<ChangeLogResponse> {
  const filter = { startDate: query.startDate ?? null, endDate: query.endDate ?? null, timeRange: query.timeRange ?? ("all" as const) };
  const problems = changeLogProblems(filter);
  if (Object.keys(problems).length > 0) throw badRequest(problems);
  const window = changeLogWindow(filter, today);
  const page = query.p ?? 1;
  const oldFirst = query.order === "old_first";

  let base = context.db.selectFrom("okr_changes").where(readableLevel(scope, "okr_changes"));
  if (query.action_type) base = base.where("action_type", "=", query.action_type);
  if (query.item_type) base = base.where("item_type", "=", query.item_type);
  const day = sql<string>`(okr_changes.at at time zone ${timeZone})::date`;
  if (window.from !== null) base = base.where(day, ">=", sql<string>`${window.from}::date`);
  if (window.to !== null) base = base.where(day, "<=", sql<string>`${window.to}::date`);

  const { count } = await base.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy("at", oldFirst ? "asc" : "desc")
    .orderBy("id", oldFirst ? "asc" : "desc")
    .limit(CHANGE_LOG_PAGE_SIZE)
    .offset((page - 1) * CHANGE_LOG_PAGE_SIZE)
    .execute();

  const names = await userNames(context, rows.map((row) => row.user_id));
  const objectiveIds = [...new Set(rows.map((row) => row.objective_id))];
  const objectives =
    objectiveIds.length === 0
      ? new Map<number, string>()
      : new Map(
          (await context.db.selectFrom("okr_objectives").select(["id", "title"]).where("id", "in", objectiveIds).where(readableLevel(scope, "okr_objectives")).execute()).map((row) => [row.id, row.title] as const),
        );
  return {
    count: Number(count),
    page,
    pageSize: CHANGE_LOG_PAGE_SIZE,
    entries: rows.map(
      (row): ChangeLogEntry => ({
        id: row.id,
        at: new Date(row.at).toISOString(),
        user: row.user_id !== null && names.has(row.user_id) ? { id: row.user_id, name: names.get(row.user_id)! } : null,
        actionType: row.action_type,
        itemType: row.item_type,
        itemId: row.item_id,
        itemTitle: row.item_title,
        level: row.level,
        objective: objectives.has(row.objective_id) ? { id: row.objective_id, title: objectives.get(row.objective_id)! } : null,
        details: detailsOf(row.details),
      }),
    ),
  };
}

/** The details column as field changes: entries without a field name are left out. */
export function detailsOf(details: unknown): FieldChange[] {
  const parsed = typeof details === "string" ? safeParse(details) : details;
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((entry): entry is Record<string, unknown> => typeof entry === "object" && entry !== null && typeof (entry as { field?: unknown }).field === "string")
    .map((entry) => ({ field: entry.field as string, from: entry.from ?? null, to: entry.to ?? null }));
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
