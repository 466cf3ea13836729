import type { Permission } from "../../../domain/permissions/catalogue";
import { badRequest, notFound } from "../../platform/http/errors";
import type { Participant } from "../../../domain/collaboration/actions";
import { KPI_NOT_READABLE } from "../../../domain/collaboration/texts";
import type { TenantContext } from "../../db/tenancy";
import { holdersOf } from "../../platform/auth/permissions";
import { loadKpis, type KpiRow } from "../kpis/kpi-repository";
import { mayRead, type Reader } from "../kpis/kpi-service";

/** The caller of a collaboration route: their permissions and who they are. */
export interface Collaborator extends Reader {
  readonly userId: number;
}

/** Staff and holders of manage_company_settings moderate comments and actions (docs/decisions.md). */
export const participantOf = (who: Collaborator): Participant => ({ userId: who.userId, administrator: who.isStaff || who.permissions.has("manage_company_settings") });

/**
 * The KPI a comment or action is about, if the caller may read it (effective sensitivity): one
 * they may not read answers 404 like a missing one (or, where the KPI is named in the body, a 400
 * on that field), so nothing tells them it exists.
 */
export async function readableKpi(context: TenantContext, who: Reader, kpiId: number, field?: string): Promise<KpiRow> {
  const kpi = (await loadKpis(context)).find((row) => row.id === kpiId);
  if (kpi && mayRead(who, kpi)) return kpi;
  throw field ? badRequest({ [field]: [KPI_NOT_READABLE] }) : notFound();
}

/** The KPIs the caller may read, by id. */
export async function readableKpis(context: TenantContext, who: Reader): Promise<Map<number, KpiRow>> {
  return new Map((await loadKpis(context)).filter((kpi) => mayRead(who, kpi)).map((kpi) => [kpi.id, kpi]));
}

const READ_LEVEL: readonly Permission[] = ["read_non_sensitive", "read_sensitive", "read_most_sensitive", "read_super_sensitive"];

/** The users who may read a KPI of this effective level now (staff included): three queries for the company. */
export const readersOfLevel = (context: TenantContext, level: number) => holdersOf(context, READ_LEVEL[level] ?? "read_super_sensitive");
