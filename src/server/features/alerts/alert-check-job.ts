import { sql } from "kysely";
import { describeCondition, evaluateAlert } from "../../../domain/alerts/alert-condition";
import { dueSendTimes, nextSendTime, periodOf, watchedMonth, type AlertFrequency } from "../../../domain/alerts/send-times";
import { formatKpiValue } from "../../../domain/kpi/number-format";
import { monthIndexOf, monthLabel } from "../../../domain/months";
import type { Database } from "../../db/database";
import type { TenantContext } from "../../db/tenancy";
import { permissionsOf } from "../../platform/auth/permissions";
import { insertRun } from "../../platform/jobs/job-runs";
import { JobFailure, type JobDefinition } from "../../platform/jobs/job-runner";
import { notifyUser } from "../../platform/notifications/notify-user";
import type { AppServices } from "../../services";
import { loadKpis } from "../kpis/kpi-repository";
import { historyFor, mayRead } from "../kpis/kpi-service";
import { companyTimeZone } from "../../platform/company-clock";
import { conditionOf, type AlertRow } from "./alert-repository";

export const ALERT_CHECK_JOB = "alert-check";
/** A company's next alert check: one waiting at a time. */
export const ALERT_CHECK_SUBJECT = "alerts:check";
export const REPLACED_BY_EARLIER = "Replaced by an earlier check (an alert with a sooner send time was set).";

const ACTOR = { kind: "system", name: "alert-check" } as const;

/** What a check found, for the run's log and the alert's last note. */
type CheckResult = "triggered" | "already" | "quiet" | "unchecked" | "skipped";

/**
 * A company's alert check (spec section 9), queued for its next send time (6.30 pm in its time
 * zone): the alerts whose frequency goes out then (daily always, weekly on Fridays, monthly on
 * the last Friday) are checked, each as its owner with their permissions of that moment, against
 * the month it watches. A run late after a restart checks each frequency once, for its latest
 * missed send time (domain dueSendTimes). A triggered alert is recorded for its period (unique (alert, period): a
 * run delivered twice, a late run after a restart or a second process fires nothing twice), mailed
 * to its owner and shown to them live as a notification, all in one transaction. Then the next
 * check is queued.
 */
export function alertCheckJob(services: AppServices): JobDefinition<{ dueAt?: string }> {
  return {
    name: ALERT_CHECK_JOB,
    timeoutSeconds: 30 * 60,
    retryDelaysSeconds: [300, 1800],
    atStart: (database, now) => scheduleForAllCompanies(database, now),
    run: async (job) => {
      const now = services.now?.() ?? new Date();
      const dueAt = job.data.dueAt ? new Date(job.data.dueAt) : now;
      const { timeZone, alerts, sendTimes } = await services.withTenant(job.tenantId, ACTOR, async (context) => {
        const timeZone = await companyTimeZone(context);
        const sendTimes = dueSendTimes(dueAt, now, timeZone);
        const due = [...sendTimes.keys()];
        const alerts = due.length === 0 ? [] : ((await context.db.selectFrom("kpi_alerts").selectAll().where("paused", "=", false).where("frequency", "in", due).orderBy("id").execute()) as AlertRow[]);
        return { timeZone, alerts, sendTimes };
      });
      const counts: Record<CheckResult | "failed", number> = { triggered: 0, already: 0, quiet: 0, unchecked: 0, skipped: 0, failed: 0 };
      for (const alert of alerts) {
        try {
          counts[await services.withTenant(job.tenantId, ACTOR, (context) => checkAlert(context, services, alert, sendTimes.get(alert.frequency)!, timeZone))] += 1;
        } catch (error) {
          // One alert's failure (its KPI's formula broken, say) leaves the others checked.
          counts.failed += 1;
          await job.log(`Alert ${alert.id} could not be checked: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      await job.log(
        `Checked ${alerts.length} alert${alerts.length === 1 ? "" : "s"} due ${dueAt.toISOString().slice(0, 16).replace("T", " ")} UTC: ${counts.triggered} triggered, ${counts.already} already sent this period, ${counts.quiet} within their limits, ${counts.unchecked} without figures to check, ${counts.skipped} skipped.`,
      );
      // After the send time just checked, even if this process's clock is a little behind the queue's.
      await services.withTenant(job.tenantId, ACTOR, (context) => scheduleAlertChecks(context, services, new Date(Math.max(now.getTime(), dueAt.getTime()))));
      if (counts.failed > 0) throw new JobFailure(`${counts.failed} of ${alerts.length} alerts could not be checked; the run's log says why.`);
    },
  };
}

/** Checks one alert for its send time `dueAt`; fires it when it triggers and has not fired in that period. */
async function checkAlert(context: TenantContext, services: AppServices, alert: AlertRow, dueAt: Date, timeZone: string): Promise<CheckResult> {
  const { db } = context;
  const now = services.now?.() ?? new Date();
  const note = (text: string) => db.updateTable("kpi_alerts").set({ last_checked_at: now, last_check_note: text.slice(0, 500) }).where("id", "=", alert.id).execute();
  const owner = await db.selectFrom("users").select(["email", "is_active"]).where("id", "=", alert.user_id).executeTakeFirst();
  if (!owner?.is_active) return "skipped";
  const reader = await permissionsOf(context, alert.user_id);
  const kpi = (await loadKpis(context)).find((candidate) => candidate.id === alert.kpi_id);
  if (!kpi || !mayRead(reader, kpi)) {
    await note("Not checked: you may no longer read this KPI.");
    return "skipped";
  }
  const tenant = await db.selectFrom("tenants").select(["fiscal_year_offset", "local_currency"]).executeTakeFirstOrThrow();
  const month = watchedMonth(dueAt, timeZone, alert.month_offset);
  const end = monthIndexOf(month);
  const history = await historyFor(context, reader, { end, timeRange: 2, bucketSize: 1, fiscalYearOffset: tenant.fiscal_year_offset, fxRates: null, only: new Set([kpi.id]) });
  const [previous, current] = history[kpi.id] ?? [];
  const condition = conditionOf(alert);
  const value = current?.actual ?? null;
  const baseline = condition.kind === "change" ? (condition.basis === "plan" ? (current?.planning ?? null) : (previous?.actual ?? null)) : null;
  const format = (figure: number) => formatKpiValue(figure, kpi.unit, { scale: "none", decimals: Number.isInteger(figure) ? 0 : 2, currency: tenant.local_currency });
  const outcome = evaluateAlert(condition, { value, baseline }, format);
  const label = monthLabel(end);
  await note(`${label}: ${outcome.reason}`);
  if (outcome.state !== "triggered" || value === null) return outcome.state === "triggered" ? "unchecked" : outcome.state;

  const period = periodOf(alert.frequency, dueAt, timeZone);
  const inserted = await db
    .insertInto("kpi_alert_triggers")
    .values({ tenant_id: context.tenantId, alert_id: alert.id, period, kpi_month: month, value, baseline, reason: outcome.reason.slice(0, 500) })
    .onConflict((conflict) => conflict.columns(["tenant_id", "alert_id", "period"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return "already";

  const link = `/reporting/kpi-detail/${kpi.id}/alerts`;
  const title = `Alert: ${kpi.name} (${label})`;
  const body = `${outcome.reason} Your alert: ${describeCondition(condition, format)}.`;
  await notifyUser(context, { userId: alert.user_id, kind: "alert_triggered", title, body, link });
  await services.mailer.send(context, {
    to: owner.email,
    subject: title,
    text: [
      `${kpi.name}, ${label}: ${outcome.reason}`,
      "",
      `Your ${alert.frequency} alert: ${describeCondition(condition, format)}.`,
      `Checked ${dueAt.toISOString().slice(0, 16).replace("T", " ")} UTC (6.30 pm, ${timeZone}).`,
      "",
      `Open the KPI: ${new URL(link, services.config.publicUrl).toString()}`,
      `Change or pause your alerts: ${new URL("/reporting/alerts", services.config.publicUrl).toString()}`,
    ].join("\n"),
  });
  await context.appendEvent({ type: "KpiAlertTriggered", payload: { userId: alert.user_id, alertId: alert.id, kpiId: kpi.id } });
  return "triggered";
}

/**
 * Queues the company's next alert check at the soonest send time of its active alerts, unless one
 * waits already for that time or sooner; a check waiting for a later time (only monthly alerts
 * until now) is replaced. Called when an alert is created or changed and after every check.
 */
export async function scheduleAlertChecks(context: TenantContext, services: AppServices, after?: Date): Promise<void> {
  const now = services.now?.() ?? new Date();
  const next = await nextCheckOf(context, after ?? now);
  const waiting = await context.db.selectFrom("job_runs").select(["id", "run_after"]).where("job", "=", ALERT_CHECK_JOB).where("subject", "=", ALERT_CHECK_SUBJECT).where("state", "=", "queued").execute();
  if (next === null) return; // a waiting check finds nothing due and queues no further one
  if (waiting.some((run) => run.run_after.getTime() <= next.getTime())) return;
  if (waiting.length > 0) {
    await context.db.updateTable("job_runs").set({ state: "failed", error: REPLACED_BY_EARLIER, finished_at: now }).where("id", "in", waiting.map((run) => run.id)).where("state", "=", "queued").execute();
  }
  await services.jobs.enqueue(context, ALERT_CHECK_JOB, { dueAt: next.toISOString() }, { subject: ALERT_CHECK_SUBJECT, runAt: next });
}

/** The soonest send time after `now` of the company's active alerts; null without any. */
async function nextCheckOf(context: TenantContext, now: Date): Promise<Date | null> {
  const rows = await context.db.selectFrom("kpi_alerts").select("frequency").distinct().where("paused", "=", false).execute();
  if (rows.length === 0) return null;
  const timeZone = await companyTimeZone(context);
  return new Date(Math.min(...rows.map((row) => nextSendTime(row.frequency as AlertFrequency, now, timeZone).getTime())));
}

/**
 * At start, across companies: every company with an active alert and no check waiting gets one
 * (a lost run, alerts made before schedules existed). The in-process queue forgets nothing this
 * way: its waiting runs are rows, handed over again at start.
 */
async function scheduleForAllCompanies(database: Database, now: Date): Promise<void> {
  const { rows } = await sql<{ tenant_id: string; time_zone: string; frequencies: string[] }>`
    select a.tenant_id, t.time_zone, array_agg(distinct a.frequency) as frequencies
    from kpi_alerts a join tenants t on t.id = a.tenant_id
    where not a.paused
      and not exists (select 1 from job_runs r where r.tenant_id = a.tenant_id and r.job = ${ALERT_CHECK_JOB} and r.subject = ${ALERT_CHECK_SUBJECT} and r.state = 'queued')
    group by a.tenant_id, t.time_zone`.execute(database.system);
  for (const row of rows) {
    const next = new Date(Math.min(...row.frequencies.map((frequency) => nextSendTime(frequency as AlertFrequency, now, row.time_zone).getTime())));
    await insertRun(database.system, { tenantId: row.tenant_id, job: ALERT_CHECK_JOB, subject: ALERT_CHECK_SUBJECT, data: { dueAt: next.toISOString() }, requestedBy: null, runAfter: next });
  }
}
