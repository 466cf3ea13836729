import { OKR_CHANGED_EVENT, type OkrChangedPayload } from "../../../contracts/okrs";
import type { TenantContext } from "../../db/tenancy";
import type { ObjectiveRow } from "./okr-repository";

/** One changed field of an update: what it was and what it is. */
export interface FieldChange {
  readonly field: string;
  readonly from: unknown;
  readonly to: unknown;
}

export interface OkrChange {
  readonly actionType: OkrChangedPayload["actionType"];
  readonly itemType: OkrChangedPayload["itemType"];
  readonly itemId: number;
  readonly itemTitle: string;
  readonly details?: readonly FieldChange[];
}

/**
 * Records a change of an objective, or of a key result or milestone of it, in the change's
 * transaction: one row of the change log (okr_changes, with the objective's level, unit and owner
 * as they are after the change, so the log filters by them after the item is gone) and the
 * OkrChanged event, which reaches only the people who may read that objective (okr-event-filter).
 */
export async function recordChange(context: TenantContext, objective: Pick<ObjectiveRow, "id" | "level" | "category_id" | "owner_user_id">, change: OkrChange): Promise<void> {
  const userId = context.actor.kind === "user" ? context.actor.userId : null;
  await context.db
    .insertInto("okr_changes")
    .values({
      tenant_id: context.tenantId,
      user_id: userId,
      action_type: change.actionType,
      item_type: change.itemType,
      item_id: change.itemId,
      item_title: change.itemTitle,
      objective_id: objective.id,
      level: objective.level,
      category_id: objective.category_id,
      owner_user_id: objective.owner_user_id,
      details: JSON.stringify(change.details ?? []),
    })
    .execute();
  const payload: OkrChangedPayload = {
    objectiveId: objective.id,
    level: objective.level,
    categoryId: objective.category_id,
    ownerUserId: objective.owner_user_id,
    itemType: change.itemType,
    itemId: change.itemId,
    actionType: change.actionType,
  };
  await context.appendEvent({ type: OKR_CHANGED_EVENT, payload });
}

/** The fields whose values differ between before and after (compared as JSON), in the order given. */
export function fieldChanges(fields: readonly [field: string, from: unknown, to: unknown][]): FieldChange[] {
  return fields.filter(([, from, to]) => JSON.stringify(from) !== JSON.stringify(to)).map(([field, from, to]) => ({ field, from, to }));
}
