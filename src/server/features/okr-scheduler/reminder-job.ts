import { sql } from "kysely";
import type { Database } from "../../db/database";
import type { TenantContext } from "../../db/tenancy";
import { insertRun } from "../../platform/jobs/job-runs";
import { JobFailure, type JobDefinition } from "../../platform/jobs/job-runner";
import { notifyUser } from "../../platform/notifications/notify-user";
import type { AppServices } from "../../services";
import { dayLabel, dueOccasions, recipientsOf, upcomingOccasions, type Occasion } from "./reminder-occasions";
import { companyCalendar, loadSettings } from "./scheduler-repository";

export const OKR_REMINDER_JOB = "okr-reminders";
/** A company's next reminder run: one waiting at a time. */
export const OKR_REMINDER_SUBJECT = "okr-reminders:next";
export const REPLACED_BY_SOONER = "Replaced by a sooner reminder run (a schedule or a phase date changed).";
const ACTOR = { kind: "system", name: "okr-reminders" } as const;

/**
 * A company's OKR reminders (issue 16): queued for the soonest reminder time of its enabled
 * check-in schedules and planning phase dates. A run sends what is due then (domain/okr-scheduler
 * decides the times; reminder-occasions who gets what); each person's reminder of an occasion is
 * recorded in okr_reminders_sent (unique key and person) in the same transaction as its
 * notification and mail, so a run delivered twice, a late run or a second process sends nothing
 * twice. Then the next run is queued.
 */
export function okrReminderJob(services: AppServices): JobDefinition<{ dueAt?: string }> {
  return {
    name: OKR_REMINDER_JOB,
    timeoutSeconds: 30 * 60,
    retryDelaysSeconds: [300, 1800],
    atStart: (database, now) => scheduleForAllCompanies(services, database, now),
    run: async (job) => {
      const now = services.now?.() ?? new Date();
      const { occasions, timeZone } = await services.withTenant(job.tenantId, ACTOR, async (context) => {
        const [{ timeZone }, settings] = await Promise.all([companyCalendar(context), loadSettings(context)]);
        return { occasions: await dueOccasions(context, now, settings, timeZone), timeZone };
      });
      let sent = 0;
      let already = 0;
      let failed = 0;
      for (const occasion of occasions) {
        try {
          const outcome = await services.withTenant(job.tenantId, ACTOR, (context) => sendOccasion(context, services, occasion, timeZone));
          sent += outcome.sent;
          already += outcome.already;
        } catch (error) {
          failed += 1;
          await job.log(`${occasion.title} could not be sent: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      await job.log(`${occasions.length} occasion${occasions.length === 1 ? "" : "s"} due: ${sent} reminder${sent === 1 ? "" : "s"} sent, ${already} sent before.`);
      await services.withTenant(job.tenantId, ACTOR, (context) => scheduleReminders(context, services, now));
      if (failed > 0) throw new JobFailure(`${failed} of ${occasions.length} reminder occasions could not be sent; the run's log says why.`);
    },
  };
}

/** Sends one occasion's reminders to each of its recipients not reminded of it yet. */
async function sendOccasion(context: TenantContext, services: AppServices, occasion: Occasion, timeZone: string): Promise<{ sent: number; already: number }> {
  let sent = 0;
  let already = 0;
  for (const recipient of await recipientsOf(context, occasion, timeZone)) {
    const inserted = await context.db
      .insertInto("okr_reminders_sent")
      .values({ tenant_id: context.tenantId, reminder_key: occasion.key, kind: occasion.kind, level: occasion.level, title: occasion.title.slice(0, 300), due_on: occasion.dueOn, user_id: recipient.userId })
      .onConflict((conflict) => conflict.columns(["tenant_id", "reminder_key", "user_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) {
      already += 1;
      continue;
    }
    const link = "/objectives/overview";
    const lines = bodyOf(occasion, recipient.items);
    await notifyUser(context, { userId: recipient.userId, kind: `okr_${occasion.kind}`, title: occasion.title, body: lines.join(" "), link });
    await services.mailer.send(context, {
      to: recipient.email,
      subject: occasion.title,
      text: [
        `Hello ${recipient.name},`,
        "",
        ...lines,
        "",
        `Open your objectives: ${new URL(link, services.config.publicUrl).toString()}`,
        `Sent ${occasion.at.toISOString().slice(0, 16).replace("T", " ")} UTC by your company's OKR scheduler (${timeZone}).`,
      ].join("\n"),
    });
    sent += 1;
  }
  return { sent, already };
}

function bodyOf(occasion: Occasion, items: readonly string[]): string[] {
  if (occasion.source.kind === "schedule") {
    return [`Your check-in is due on ${dayLabel(occasion.dueOn)}. Key results waiting for it:`, ...items.map((item) => `- ${item}`)];
  }
  const { period } = occasion.source;
  if (occasion.kind === "draft") return [`Drafting for ${period.name} (${dayLabel(period.starts_on)} to ${dayLabel(period.ends_on)}) opens today: objectives are set by ${dayLabel(period.set_on)}.`];
  if (occasion.kind === "set") return [`Objectives and key results for ${period.name} are set today: finish your drafts.`];
  return [`${period.name} ends on ${dayLabel(period.ends_on)}: review your objectives and hold the retrospective.`];
}

/**
 * Queues the company's next reminder run at the soonest upcoming reminder time, unless one waits
 * for that time or sooner; a run waiting for a later time is replaced. Called after every change
 * to schedules, periods and settings and after every run.
 */
export async function scheduleReminders(context: TenantContext, services: AppServices, after?: Date): Promise<void> {
  const now = services.now?.() ?? new Date();
  const next = await nextReminderAt(context, after ?? now);
  const waiting = await context.db.selectFrom("job_runs").select(["id", "run_after"]).where("job", "=", OKR_REMINDER_JOB).where("subject", "=", OKR_REMINDER_SUBJECT).where("state", "=", "queued").execute();
  if (next === null) return;
  if (waiting.some((run) => run.run_after.getTime() <= next.getTime())) return;
  if (waiting.length > 0) {
    await context.db.updateTable("job_runs").set({ state: "failed", error: REPLACED_BY_SOONER, finished_at: now }).where("id", "in", waiting.map((run) => run.id)).where("state", "=", "queued").execute();
  }
  await services.jobs.enqueue(context, OKR_REMINDER_JOB, { dueAt: next.toISOString() }, { subject: OKR_REMINDER_SUBJECT, runAt: next });
}

async function nextReminderAt(context: TenantContext, after: Date): Promise<Date | null> {
  const [{ timeZone }, settings] = await Promise.all([companyCalendar(context), loadSettings(context)]);
  const [next] = await upcomingOccasions(context, after, settings, timeZone, 1);
  return next?.at ?? null;
}

/** At start: every company with a schedule or a planning year and no run waiting gets one (a lost run). */
async function scheduleForAllCompanies(services: AppServices, database: Database, now: Date): Promise<void> {
  const { rows } = await sql<{ tenant_id: string }>`
    select tenant_id from (select tenant_id from okr_check_in_schedules where enabled union select tenant_id from okr_scheduler_years) planned
    where not exists (select 1 from job_runs r where r.tenant_id = planned.tenant_id and r.job = ${OKR_REMINDER_JOB} and r.subject = ${OKR_REMINDER_SUBJECT} and r.state = 'queued')`.execute(database.system);
  for (const row of rows) {
    const next = await services.withTenant(row.tenant_id, ACTOR, (context) => nextReminderAt(context, now));
    if (next) await insertRun(database.system, { tenantId: row.tenant_id, job: OKR_REMINDER_JOB, subject: OKR_REMINDER_SUBJECT, data: { dueAt: next.toISOString() }, requestedBy: null, runAfter: next });
  }
}
