import { sql } from "kysely";
import { nextNightlyRun } from "../../../domain/query-builder/nightly";
import type { Database } from "../../db/database";
import type { TenantContext } from "../../db/tenancy";
import { permissionsOf } from "../../platform/auth/permissions";
import { HttpError } from "../../platform/http/errors";
import { insertRun } from "../../platform/jobs/job-runs";
import { JobFailure, type JobDefinition, type RunningJob } from "../../platform/jobs/job-runner";
import type { AppServices } from "../../services";
import { loadKpis } from "../kpis/kpi-repository";
import { mayWrite } from "../kpis/kpi-service";
import { evaluateQuery } from "./evaluate-query";
import { checkQuery } from "./parse-query";
import { runLevelFor, storeHistory } from "./query-service";

export const QUERY_RECALCULATION_JOB = "query-recalculation";
/** A company's nightly run: one waiting at a time. */
export const NIGHTLY_SUBJECT = "query-builder:nightly";

const ACTOR = { kind: "system", name: "query-recalculation" } as const;

/** Why a nightly calculation did not happen, kept on the query (`evaluation_error`) and in the run's log. */
export const EVALUATOR_GONE = "The person who last calculated this query is no longer active; save or activate it again to calculate it as yourself.";
export const EVALUATOR_MAY_NOT = "The person who last calculated this query may no longer build KPIs or write its KPI; save or activate it again to calculate it as yourself.";

/**
 * Every night the company's active queries are calculated again (domain/query-builder/nightly.ts),
 * each as the person who last calculated it (activated or saved it), with their permissions as of
 * that night: the same level, the same KPI write rule as when they press the button, so the
 * schedule never reads or writes more than that person could. The SQL is checked again (the
 * allow-list may have narrowed since it was saved). A query that fails keeps its KPI's values and
 * says why on the query; the others go on. Then the next night's run is queued while active
 * queries remain.
 */
export function queryRecalculationJob(services: AppServices): JobDefinition<Record<string, never>> {
  return {
    name: QUERY_RECALCULATION_JOB,
    timeoutSeconds: 30 * 60,
    atStart: (database, now) => scheduleForAllCompanies(database, now),
    run: async (job) => {
      const queries = await services.withTenant(job.tenantId, ACTOR, async ({ db }) => {
        const tenant = await db.selectFrom("tenants").select("features").executeTakeFirst();
        if (tenant?.features?.["query_builder"] !== true) return null;
        return db.selectFrom("kpi_queries").select(["id", "title", "kpi_id", "sql", "evaluated_by", "created_by"]).where("status", "=", "active").orderBy("id").execute();
      });
      if (queries === null) {
        await job.log("The query builder is switched off for this company; nothing was calculated.");
      } else {
        let failed = 0;
        for (const query of queries) {
          const problem = await recalculate(services, job, query);
          if (problem) failed += 1;
        }
        await job.log(`Calculated ${queries.length - failed} of ${queries.length} active quer${queries.length === 1 ? "y" : "ies"}.`);
        if (failed > 0) {
          await services.withTenant(job.tenantId, ACTOR, (context) => scheduleNightly(context, services));
          throw new JobFailure(`${failed} of ${queries.length} active quer${queries.length === 1 ? "y" : "ies"} could not be calculated; each says why.`);
        }
      }
      await services.withTenant(job.tenantId, ACTOR, (context) => scheduleNightly(context, services));
    },
  };
}

type ActiveQuery = { id: number; title: string; kpi_id: number; sql: string; evaluated_by: number | null; created_by: number | null };

/** One query: checked, run as its evaluator, stored if it is still the same query. Answers the problem, or null. */
async function recalculate(services: AppServices, job: RunningJob<unknown>, query: ActiveQuery): Promise<string | null> {
  const evaluator = query.evaluated_by ?? query.created_by;
  const prepared = await services.withTenant(job.tenantId, ACTOR, async (context) => {
    const user = evaluator === null ? undefined : await context.db.selectFrom("users").select("is_active").where("id", "=", evaluator).executeTakeFirst();
    if (evaluator === null || !user?.is_active) return { problem: EVALUATOR_GONE } as const;
    const reader = await permissionsOf(context, evaluator);
    const kpi = (await loadKpis(context)).find((candidate) => candidate.id === query.kpi_id);
    const builds = reader.isStaff || reader.permissions.has("can_build_kpis");
    if (!kpi || !builds || kpi.formula !== null || !mayWrite(reader, kpi)) return { problem: EVALUATOR_MAY_NOT } as const;
    return { level: runLevelFor(reader, kpi), userId: evaluator } as const;
  });
  let problem: string | null = "problem" in prepared ? prepared.problem : null;
  let months = 0;
  if (!("problem" in prepared)) {
    try {
      const outcome = await evaluateQuery(services.database, await checkQuery(query.sql), { tenantId: job.tenantId, level: prepared.level });
      if (!outcome.ok) problem = outcome.message;
      else {
        const stored = await services.withTenant(job.tenantId, ACTOR, async (context) => {
          const now = await context.db.selectFrom("kpi_queries").select(["status", "sql", "kpi_id"]).where("id", "=", query.id).forUpdate().executeTakeFirst();
          // Changed or deactivated while it ran: whoever changed it calculated it themselves.
          if (!now || now.status !== "active" || now.sql !== query.sql || now.kpi_id !== query.kpi_id) return null;
          const changed = await storeHistory(context, query.kpi_id, outcome.values, prepared.userId, { onlyChanges: true });
          await context.db.updateTable("kpi_queries").set({ evaluated_at: services.now?.() ?? new Date(), evaluation_error: null }).where("id", "=", query.id).execute();
          if (changed > 0) await context.appendEvent({ type: "QueryValuesCalculated", payload: { queryId: query.id, kpiId: query.kpi_id, months: outcome.values.length, scheduled: true } });
          return changed;
        });
        if (stored === null) {
          await job.log(`“${query.title}” changed while it was calculated; it was left as it is.`);
          return null;
        }
        months = stored;
      }
    } catch (error) {
      // A query refused by today's checks is a 400 of the parser: its words are the reason.
      if (!(error instanceof HttpError)) throw error;
      problem = Object.values((error.body ?? {}) as Record<string, unknown>).flat().map(String).join(" ") || "The query could not be checked.";
    }
  }
  if (problem !== null) {
    await services.withTenant(job.tenantId, ACTOR, ({ db }) => db.updateTable("kpi_queries").set({ evaluation_error: problem }).where("id", "=", query.id).where("status", "=", "active").execute());
    await job.log(`“${query.title}” was not calculated: ${problem}`);
    return problem;
  }
  await job.log(months > 0 ? `“${query.title}”: ${months} month${months === 1 ? "" : "s"} changed.` : `“${query.title}”: no change.`);
  return null;
}

/**
 * Queues the company's next nightly run unless one waits or no query is active. Called when a
 * query is activated and after each nightly run.
 */
export async function scheduleNightly(context: TenantContext, services: AppServices): Promise<void> {
  const active = await context.db.selectFrom("kpi_queries").select("id").where("status", "=", "active").limit(1).executeTakeFirst();
  if (!active) return;
  const waiting = await context.db.selectFrom("job_runs").select("id").where("subject", "=", NIGHTLY_SUBJECT).where("state", "=", "queued").limit(1).executeTakeFirst();
  if (waiting) return;
  const runAt = nextNightlyRun(services.now?.() ?? new Date());
  await services.jobs.enqueue(context, QUERY_RECALCULATION_JOB, {}, { subject: NIGHTLY_SUBJECT, runAt });
}

/**
 * At start, across companies: every company with an active query and no nightly run waiting gets
 * one (companies whose queries were activated before schedules existed, or whose run was lost).
 */
async function scheduleForAllCompanies(database: Database, now: Date): Promise<void> {
  const { rows } = await sql<{ tenant_id: string }>`
    select distinct q.tenant_id from kpi_queries q
    where q.status = 'active'
      and not exists (select 1 from job_runs r where r.tenant_id = q.tenant_id and r.subject = ${NIGHTLY_SUBJECT} and r.state = 'queued')`.execute(database.system);
  for (const row of rows) {
    await insertRun(database.system, { tenantId: row.tenant_id, job: QUERY_RECALCULATION_JOB, subject: NIGHTLY_SUBJECT, data: {}, requestedBy: null, runAfter: nextNightlyRun(now) });
  }
}
