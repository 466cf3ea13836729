import { sql } from "kysely";
import { monthDateOf, monthIndexOf } from "../../../domain/months";
import { STATUS_TEXT, type IntegrationStatus } from "../../../domain/integrations/messages";
import { SYNC_RETRY_DELAYS_SECONDS, syncIntervalMs } from "../../../domain/integrations/schedule";
import { CHOOSE_KPI, mapSourceRows, type MappedValue, type SourceTable } from "../../../domain/integrations/source-rows";
import type { TenantContext } from "../../db/tenancy";
import { permissionsOf } from "../../platform/auth/permissions";
import { JobFailure, type JobDefinition, type RunningJob } from "../../platform/jobs/job-runner";
import type { AppServices } from "../../services";
import { openConnection, readSource, UNREADABLE_CONNECTION } from "./integration-sources";
import { syncSubject, writableKpis } from "./integration-store";
import { SOURCE_LIMITS, SourceError, type SourceResult } from "./source";

export const INTEGRATION_SYNC_JOB = "integration-sync";
/** Problems are logged row by row up to this many; the rest are counted. */
const LOGGED_PROBLEMS = 20;

export interface SyncJobData {
  readonly integrationId: number;
  /** Set on a scheduled run: the schedule it belongs to (a newer one replaces it). */
  readonly scheduled?: string;
}

const ACTOR = { kind: "system", name: "integration-sync" } as const;

/** Why writing stopped: the words of 'KPIs recalculating error'. */
class WriteProblem extends Error {}

/**
 * A synchronization, as a job: read the source (no transaction is held meanwhile: on the embedded
 * database one open transaction holds the only connection), map its rows to the KPIs the person
 * who set the integration up may write now, and write them with their event in one transaction.
 * It ends as 'The integration requires a new sign in.' when the source refuses the credentials,
 * 'Synchronization error' when reading fails, 'KPIs recalculating error' when writing does; each
 * with its reason in the run's log. Then the next daily run is scheduled.
 */
export function integrationSyncJob(services: AppServices): JobDefinition<SyncJobData> {
  return {
    name: INTEGRATION_SYNC_JOB,
    timeoutSeconds: 120,
    // A source that was away is tried again (each attempt a run in the sync log); see schedule.ts.
    retryDelaysSeconds: SYNC_RETRY_DELAYS_SECONDS,
    run: async (job) => {
      const { integrationId } = job.data;
      const row = await services.withTenant(job.tenantId, ACTOR, ({ db }) => db.selectFrom("integrations").selectAll().where("id", "=", integrationId).executeTakeFirst());
      if (!row) {
        await job.log("The integration was removed; there is nothing to synchronize.");
        return;
      }
      await job.log(`Reading from ${row.target}.`);
      let source: SourceResult;
      try {
        const connection = openConnection(services, row.secret_sealed);
        if (connection === null) throw new SourceError("sign-in", "connection", UNREADABLE_CONNECTION);
        source = await readSource(services.config, row.kind, connection, row.query, SOURCE_LIMITS);
      } catch (error) {
        const status: IntegrationStatus = error instanceof SourceError && error.kind === "sign-in" ? "needs_sign_in" : "sync_error";
        await job.log(error instanceof SourceError ? error.message : "The source could not be read.");
        await finish(services, job, status, 0);
        if (!(error instanceof SourceError)) throw error; // unexpected: the runner logs it (and retries)
        throw new JobFailure(STATUS_TEXT[status], { retry: status === "sync_error" });
      }
      await job.log(`Read ${source.rows.length} row${source.rows.length === 1 ? "" : "s"}${source.truncated ? ` (the first ${SOURCE_LIMITS.maxRows}; the rest were left out)` : ""}.`);

      let outcome: { values: readonly MappedValue[]; problems: readonly { row: number; message: string }[] };
      try {
        outcome = await services.withTenant(job.tenantId, ACTOR, (context) => writeValues(context, services, job, source));
      } catch (error) {
        // The result's shape is the source's fault (Synchronization error); anything else stopped the write.
        const status: IntegrationStatus = error instanceof SourceError ? "sync_error" : "recalculating_error";
        await job.log(error instanceof WriteProblem || error instanceof SourceError ? error.message : "The values could not be written.");
        await finish(services, job, status, 0);
        if (!(error instanceof WriteProblem || error instanceof SourceError)) throw error;
        // A result of the wrong shape does not change by itself; a refused write neither.
        throw new JobFailure(STATUS_TEXT[status]);
      }
      for (const problem of outcome.problems.slice(0, LOGGED_PROBLEMS)) await job.log(`Row ${problem.row}: ${problem.message}`);
      if (outcome.problems.length > LOGGED_PROBLEMS) await job.log(`${outcome.problems.length - LOGGED_PROBLEMS} more rows could not be used.`);
      const kpiCount = new Set(outcome.values.map((value) => value.kpiId)).size;
      await job.log(`Wrote ${outcome.values.length} value${outcome.values.length === 1 ? "" : "s"} of ${kpiCount} KPI${kpiCount === 1 ? "" : "s"}.`);
    },
  };
}

/**
 * Maps and writes in one transaction, as of now: the owner must still be active and may write only
 * what their permissions allow today. The values and the integration's state change together.
 */
async function writeValues(context: TenantContext, services: AppServices, job: RunningJob<SyncJobData>, source: SourceTable) {
  const integration = await context.db.selectFrom("integrations").select(["id", "name", "kpi_id", "owner_id"]).where("id", "=", job.data.integrationId).forUpdate().executeTakeFirst();
  if (!integration) throw new WriteProblem("The integration was removed while it synchronized.");
  const owner = await context.db.selectFrom("users").select("is_active").where("id", "=", integration.owner_id).executeTakeFirst();
  if (!owner?.is_active) throw new WriteProblem("The person who set up the integration is no longer active. Reconnect it as someone who may write its KPIs.");
  const targets = await writableKpis(context, await permissionsOf(context, integration.owner_id));
  const mapping = mapSourceRows(source, targets, integration.kpi_id);
  if (!mapping.ok) {
    if (mapping.message === CHOOSE_KPI) throw new WriteProblem("The KPI the values go to is gone or may no longer be written by the person who set up the integration.");
    throw new SourceError("read", "query", mapping.message);
  }
  const values = mapping.values;
  if (values.length > 0) {
    // One statement per thousand values: well within PostgreSQL's bind parameter limit.
    for (let start = 0; start < values.length; start += 1000) {
      await context.db
        .insertInto("kpi_values")
        .values(values.slice(start, start + 1000).map((value) => ({ tenant_id: context.tenantId, kpi_id: value.kpiId, series: "actual" as const, month: value.month, value: value.value })))
        .onConflict((oc) => oc.columns(["tenant_id", "kpi_id", "dimension_key", "series", "month"]).doUpdateSet((eb) => ({ value: eb.ref("excluded.value"), updated_at: new Date() })))
        .execute();
    }
    // The same event as an edit on screen: dashboards reload and each reader sees only KPIs they may read.
    await context.appendEvent({
      type: "KpiValueEdited",
      payload: { values: values.map((value) => ({ kpi: value.kpiId, date: value.month, value: value.value })), by: integration.owner_id, integration: { id: integration.id, name: integration.name } },
    });
  }
  await context.db.updateTable("integrations").set({ status: "connected", last_written: JSON.stringify(writtenSummary(values)), updated_at: new Date() }).where("id", "=", integration.id).execute();
  await context.appendEvent({ type: "IntegrationSyncFinished", payload: { integrationId: integration.id, name: integration.name, runId: job.runId, status: "connected", values: values.length } });
  await scheduleNextSync(context, services, integration.id);
  return { values, problems: mapping.problems };
}

/** The failure's status on the integration, its event, and the next daily run. */
async function finish(services: AppServices, job: RunningJob<SyncJobData>, status: IntegrationStatus, values: number) {
  await services.withTenant(job.tenantId, ACTOR, async (context) => {
    const integration = await context.db.updateTable("integrations").set({ status, updated_at: new Date() }).where("id", "=", job.data.integrationId).returning(["id", "name"]).executeTakeFirst();
    if (!integration) return;
    await context.appendEvent({ type: "IntegrationSyncFinished", payload: { integrationId: integration.id, name: integration.name, runId: job.runId, status, values } });
    // A source that refuses the sign-in keeps refusing: no daily run until someone reconnects it.
    if (status === "needs_sign_in") await cancelSchedule(context, integration.id);
    else await scheduleNextSync(context, services, integration.id);
  });
}

/** Per KPI: how many months were written, the first and the last. */
function writtenSummary(values: readonly MappedValue[]) {
  const byKpi = new Map<number, { kpiId: number; count: number; first: string; last: string }>();
  for (const value of values) {
    const known = byKpi.get(value.kpiId);
    if (!known) byKpi.set(value.kpiId, { kpiId: value.kpiId, count: 1, first: value.month, last: value.month });
    else {
      known.count += 1;
      known.first = monthDateOf(Math.min(monthIndexOf(known.first), monthIndexOf(value.month)));
      known.last = monthDateOf(Math.max(monthIndexOf(known.last), monthIndexOf(value.month)));
    }
  }
  return [...byKpi.values()];
}

/**
 * Replaces the integration's schedule: a run one interval (hourly, daily, weekly: its own) from
 * now, and the waiting run of the previous schedule removed, with any waiting retry (its queue
 * entry then finds nothing to claim).
 */
export async function scheduleNextSync(context: TenantContext, services: AppServices, integrationId: number) {
  const now = services.now?.() ?? new Date();
  const row = await context.db.selectFrom("integrations").select("schedule").where("id", "=", integrationId).executeTakeFirst();
  if (!row) return;
  const next = new Date(now.getTime() + syncIntervalMs(row.schedule));
  await cancelSchedule(context, integrationId);
  await context.db.updateTable("integrations").set({ next_sync_at: next }).where("id", "=", integrationId).execute();
  await services.jobs.enqueue<SyncJobData>(context, INTEGRATION_SYNC_JOB, { integrationId, scheduled: next.toISOString() }, { subject: syncSubject(integrationId), runAt: next });
}

/** Removes the integration's waiting scheduled run and waiting retries (their queue entries then find nothing to claim). */
export async function cancelSchedule(context: TenantContext, integrationId: number) {
  await cancelRetries(context, integrationId);
  await context.db
    .deleteFrom("job_runs")
    .where("subject", "=", syncSubject(integrationId))
    .where("state", "=", "queued")
    .where(sql<boolean>`data ? 'scheduled'`)
    .execute();
  await context.db.updateTable("integrations").set({ next_sync_at: null }).where("id", "=", integrationId).execute();
}

/** Removes waiting retries: a sync asked for now, or a new schedule, makes them pointless. */
export async function cancelRetries(context: TenantContext, integrationId: number) {
  await context.db.deleteFrom("job_runs").where("subject", "=", syncSubject(integrationId)).where("state", "=", "queued").where("attempt", ">", 1).execute();
}
