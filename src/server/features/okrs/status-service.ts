import {
  DEFAULT_STATUS_OPTIONS,
  MAX_STATUS_OPTIONS,
  STATUS_LIMIT,
  STATUS_NAME_TAKEN,
  type StatusOption,
  type StatusOptionChangeRequest,
  type StatusOptionCreateRequest,
} from "../../../contracts/okrs";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";

/**
 * Status options (id, name, colour): at most MAX_STATUS_OPTIONS per company, names unique
 * regardless of case. A company without any gets the defaults when it first reads them. Objectives
 * and key results lose a deleted status (set null by the database).
 */

const rows = ({ db }: TenantContext) => db.selectFrom("okr_status_options").select(["id", "name", "color", "position"]).orderBy("position").orderBy("id").execute();

export async function listStatuses(context: TenantContext): Promise<StatusOption[]> {
  const found = await rows(context);
  if (found.length > 0) return found;
  // Two first reads at once: the second's rows clash on the name and are skipped.
  await context.db
    .insertInto("okr_status_options")
    .values(DEFAULT_STATUS_OPTIONS.map((option, position) => ({ tenant_id: context.tenantId, name: option.name, color: option.color, position })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  return rows(context);
}

export async function createStatus(context: TenantContext, input: StatusOptionCreateRequest): Promise<StatusOption> {
  const existing = await listStatuses(context);
  if (existing.length >= MAX_STATUS_OPTIONS) throw badRequest({ non_field_errors: [STATUS_LIMIT] });
  requireFreeName(existing, input.name, null);
  const row = await uniqueName(() =>
    context.db
      .insertInto("okr_status_options")
      .values({ tenant_id: context.tenantId, name: input.name, color: input.color, position: existing.length })
      .returning(["id", "name", "color", "position"])
      .executeTakeFirstOrThrow(),
  );
  return row;
}

/** Rename, recolour, or move to another place in the order (the others close up around it). */
export async function changeStatus(context: TenantContext, id: number, change: StatusOptionChangeRequest): Promise<StatusOption> {
  const existing = await listStatuses(context);
  const status = existing.find((option) => option.id === id);
  if (!status) throw notFound();
  if (change.name !== undefined) requireFreeName(existing, change.name, id);
  await uniqueName(() =>
    context.db
      .updateTable("okr_status_options")
      .set({ name: change.name ?? status.name, color: change.color ?? status.color })
      .where("id", "=", id)
      .execute(),
  );
  if (change.position !== undefined) {
    const others = existing.filter((option) => option.id !== id);
    const order = [...others.slice(0, change.position), status, ...others.slice(change.position)];
    for (const [position, option] of order.entries()) {
      if (option.position !== position) await context.db.updateTable("okr_status_options").set({ position }).where("id", "=", option.id).execute();
    }
  }
  return (await rows(context)).find((option) => option.id === id)!;
}

export async function deleteStatus(context: TenantContext, id: number): Promise<void> {
  const deleted = await context.db.deleteFrom("okr_status_options").where("id", "=", id).returning("id").executeTakeFirst();
  if (!deleted) throw notFound();
  const left = await rows(context);
  for (const [position, option] of left.entries()) {
    if (option.position !== position) await context.db.updateTable("okr_status_options").set({ position }).where("id", "=", option.id).execute();
  }
}

function requireFreeName(existing: readonly StatusOption[], name: string, except: number | null) {
  if (existing.some((option) => option.id !== except && option.name.toLowerCase() === name.toLowerCase())) throw badRequest({ name: [STATUS_NAME_TAKEN] });
}

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (typeof error === "object" && error !== null && (error as { code?: string }).code === "23505") throw badRequest({ name: [STATUS_NAME_TAKEN] });
    throw error;
  }
}
