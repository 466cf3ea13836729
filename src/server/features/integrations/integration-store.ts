import { sql } from "kysely";
import type { IntegrationDetail, IntegrationItem, SyncRun } from "../../../contracts/integrations";
import { STATUS_TEXT } from "../../../domain/integrations/messages";
import type { TargetKpi } from "../../../domain/integrations/source-rows";
import type { TenantContext } from "../../db/tenancy";
import type { Reader } from "../../platform/http/route";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead, mayWrite } from "../kpis/kpi-service";
import { userNames } from "../../platform/people";

/** The runs of one integration are job runs with this subject. */
export const syncSubject = (integrationId: number) => `integration:${integrationId}`;

/** Columns an answer may carry: never `secret_sealed`. */
export const PUBLIC_COLUMNS = ["id", "kind", "name", "target", "query", "kpi_id", "status", "owner_id", "next_sync_at", "schedule", "last_written", "updated_at"] as const;
export type IntegrationRow = Awaited<ReturnType<typeof listIntegrations>>[number];

/** The KPIs values may go to for `reader`: stored (not calculated) KPIs they may write. */
export async function writableKpis(context: TenantContext, reader: Reader): Promise<(TargetKpi & { name: string })[]> {
  return (await loadKpis(context)).filter((kpi) => kpi.formula === null && mayWrite(reader, kpi)).map((kpi) => ({ id: kpi.id, key: kpi.key, name: kpi.name, unit: kpi.unit }));
}

export function listIntegrations(context: TenantContext) {
  return context.db.selectFrom("integrations").select(PUBLIC_COLUMNS).orderBy("name").orderBy("id").execute();
}

export function findIntegration(context: TenantContext, id: number) {
  return context.db.selectFrom("integrations").select(PUBLIC_COLUMNS).where("id", "=", id).executeTakeFirst();
}

type RunRow = { id: number; subject: string; state: SyncRun["state"]; queued_at: Date; run_after: Date; started_at: Date | null; finished_at: Date | null; error: string | null; requested_by: number | null; attempt: number; log: { at: string; message: string }[] };

/**
 * A scheduled run or a retry that has not started yet: not part of the log (the failed attempt
 * before it says when it comes), and no reason to make "Sync now" wait.
 */
const WAITING_SCHEDULE = sql<boolean>`(state = 'queued' and (data ? 'scheduled' or attempt > 1))`;

/** The latest runs of these integrations (at most `perIntegration` each), newest first, the waiting daily run left out. */
export async function runsOf(context: TenantContext, integrationIds: readonly number[], perIntegration: number): Promise<Map<number, RunRow[]>> {
  const result = new Map<number, RunRow[]>(integrationIds.map((id) => [id, []]));
  if (integrationIds.length === 0) return result;
  const rows = await sql<RunRow>`
    select id, subject, state, queued_at, run_after, started_at, finished_at, error, requested_by, attempt, log from (
      select r.*, row_number() over (partition by subject order by run_after desc, id desc) as place
      from job_runs r where subject = any(${integrationIds.map(syncSubject)}::text[]) and not ${WAITING_SCHEDULE}
    ) ranked where place <= ${perIntegration} order by run_after desc, id desc`.execute(context.db);
  for (const row of rows.rows) result.get(Number(row.subject.slice("integration:".length)))?.push(row);
  return result;
}

export function runOf(row: RunRow, names: ReadonlyMap<number, string>): SyncRun {
  return {
    id: row.id,
    state: row.state,
    queuedAt: row.queued_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    finishedAt: row.finished_at?.toISOString() ?? null,
    error: row.error,
    requestedBy: row.requested_by === null ? null : (names.get(row.requested_by) ?? null),
    attempt: row.attempt,
    log: row.log,
  };
}

/** Integrations as the overview lists them, each with its last run. */
export async function integrationItems(context: TenantContext, rows: readonly IntegrationRow[]): Promise<IntegrationItem[]> {
  const runs = await runsOf(context, rows.map((row) => row.id), 1);
  const names = await userNames(context, [...rows.map((row) => row.owner_id), ...[...runs.values()].flat().map((run) => run.requested_by)]);
  const retries = await waitingRetries(context, rows.map((row) => row.id));
  return rows.map((row) => itemOf(row, runs.get(row.id)?.[0] ?? null, names, retries.get(row.id) ?? null));
}

/** When each integration's waiting retry runs, if one waits. */
async function waitingRetries(context: TenantContext, integrationIds: readonly number[]): Promise<Map<number, Date>> {
  if (integrationIds.length === 0) return new Map();
  const rows = await context.db
    .selectFrom("job_runs")
    .select(["subject", sql<Date>`min(run_after)`.as("at")])
    .where("subject", "in", integrationIds.map(syncSubject))
    .where("state", "=", "queued")
    .where("attempt", ">", 1)
    .groupBy("subject")
    .execute();
  return new Map(rows.map((row) => [Number(row.subject.slice("integration:".length)), new Date(row.at)] as const));
}

function itemOf(row: IntegrationRow, lastRun: RunRow | null, names: ReadonlyMap<number, string>, retryAt: Date | null): IntegrationItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    target: row.target,
    status: row.status,
    statusText: STATUS_TEXT[row.status],
    owner: names.get(row.owner_id) ?? null,
    lastRun: lastRun ? runOf(lastRun, names) : null,
    nextSyncAt: row.next_sync_at?.toISOString() ?? null,
    schedule: row.schedule,
    retryAt: retryAt?.toISOString() ?? null,
  };
}

/** One integration with its last runs, and what its last sync wrote to the KPIs `reader` may read. */
export async function integrationDetail(context: TenantContext, reader: Reader, row: IntegrationRow, rerunAt: Date | null): Promise<IntegrationDetail> {
  const runs = (await runsOf(context, [row.id], 20)).get(row.id) ?? [];
  const names = await userNames(context, [row.owner_id, ...runs.map((run) => run.requested_by)]);
  const kpis = new Map((await loadKpis(context)).filter((kpi) => mayRead(reader, kpi)).map((kpi) => [kpi.id, kpi] as const));
  const chosen = row.kpi_id === null ? null : kpis.get(row.kpi_id);
  const retries = await waitingRetries(context, [row.id]);
  return {
    ...itemOf(row, runs[0] ?? null, names, retries.get(row.id) ?? null),
    query: row.query,
    kpi: chosen ? { id: chosen.id, name: chosen.name } : null,
    runs: runs.map((run) => runOf(run, names)),
    values: row.last_written.flatMap((written) => {
      const kpi = kpis.get(written.kpiId);
      return kpi ? [{ kpi: { id: kpi.id, name: kpi.name }, count: written.count, first: written.first, last: written.last }] : [];
    }),
    rerunAt: rerunAt?.toISOString() ?? null,
  };
}

/** When the integration's latest due run was asked for (or was due): what the rerun wait counts from. */
export async function lastRequestedAt(context: TenantContext, integrationId: number): Promise<Date | null> {
  const row = await context.db
    .selectFrom("job_runs")
    .select(sql<Date | null>`max(run_after)`.as("at"))
    .where("subject", "=", syncSubject(integrationId))
    .where(sql<boolean>`not ${WAITING_SCHEDULE}`)
    .executeTakeFirst();
  return row?.at ?? null;
}
