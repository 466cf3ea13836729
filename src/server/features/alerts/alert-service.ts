import type { AlertPatch, KpiAlert, NewAlert } from "../../../contracts/alerts";
import { conditionProblems, type AlertCondition } from "../../../domain/alerts/alert-condition";
import type { TenantContext } from "../../db/tenancy";
import { badRequest, notFound } from "../../platform/http/errors";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead, type Reader } from "../kpis/kpi-service";
import { alertRows, alertsOf, conditionColumns, conditionOf, type AlertRow } from "./alert-repository";
import { scheduleAlertChecks } from "./alert-check-job";
import type { AppServices } from "../../services";

/** Who is asking: the person (alerts are theirs alone) and what they may read. */
export interface AlertOwner {
  readonly userId: number;
  readonly reader: Reader;
}

/** The alert events reach their owner only (ownEventFilter on payload.userId). */
export const ALERT_EVENTS = ["KpiAlertCreated", "KpiAlertChanged", "KpiAlertDeleted", "KpiAlertTriggered"] as const;

/** At most this many alerts per person: enough for every KPI a person watches, not a flood of mail. */
export const MAX_ALERTS_PER_USER = 200;
export const TOO_MANY_ALERTS = `You have ${MAX_ALERTS_PER_USER} alerts; delete one before you add another.`;

/** The KPIs the owner may read, by id. An alert on any other KPI is as if it did not exist. */
async function readableKpis(context: TenantContext, reader: Reader): Promise<Map<number, { name: string; unit: string }>> {
  return new Map((await loadKpis(context)).filter((kpi) => mayRead(reader, kpi)).map((kpi) => [kpi.id, { name: kpi.name, unit: kpi.unit }] as const));
}

/** The owner's alerts (of one KPI, or all) on KPIs they may read. */
export async function listAlerts(context: TenantContext, owner: AlertOwner, now: Date, kpiId?: number): Promise<KpiAlert[]> {
  const kpis = await readableKpis(context, owner.reader);
  if (kpiId !== undefined && !kpis.has(kpiId)) throw notFound();
  const rows = (await alertRows(context, owner.userId, kpiId === undefined ? {} : { kpiId })).filter((row) => kpis.has(row.kpi_id));
  return alertsOf(context, rows, kpis, now);
}

export async function alertFor(context: TenantContext, owner: AlertOwner, alertId: number, now: Date): Promise<KpiAlert> {
  const { row, kpis } = await ownAlert(context, owner, alertId);
  return (await alertsOf(context, [row], kpis, now))[0]!;
}

export async function createAlert(context: TenantContext, services: AppServices, owner: AlertOwner, body: NewAlert, now: Date): Promise<KpiAlert> {
  const kpis = await readableKpis(context, owner.reader);
  if (!kpis.has(body.kpiId)) throw badRequest({ kpiId: ["This KPI does not exist or you may not read it."] });
  checkCondition(body.condition);
  const count = await context.db.selectFrom("kpi_alerts").select((eb) => eb.fn.countAll<string>().as("count")).where("user_id", "=", owner.userId).executeTakeFirstOrThrow();
  if (Number(count.count) >= MAX_ALERTS_PER_USER) throw badRequest({ non_field_errors: [TOO_MANY_ALERTS] });
  const row = (await context.db
    .insertInto("kpi_alerts")
    .values({ tenant_id: context.tenantId, user_id: owner.userId, kpi_id: body.kpiId, ...conditionColumns(body.condition), month_offset: body.monthOffset, frequency: body.frequency })
    .returningAll()
    .executeTakeFirstOrThrow()) as AlertRow;
  await context.appendEvent({ type: "KpiAlertCreated", payload: { userId: owner.userId, alertId: row.id, kpiId: row.kpi_id } });
  await scheduleAlertChecks(context, services);
  return (await alertsOf(context, [row], kpis, now))[0]!;
}

export async function patchAlert(context: TenantContext, services: AppServices, owner: AlertOwner, alertId: number, patch: AlertPatch, now: Date): Promise<KpiAlert> {
  const { row, kpis } = await ownAlert(context, owner, alertId);
  const condition = patch.condition ?? conditionOf(row);
  checkCondition(condition);
  const changed = (await context.db
    .updateTable("kpi_alerts")
    .set({
      ...conditionColumns(condition),
      month_offset: patch.monthOffset ?? row.month_offset,
      frequency: patch.frequency ?? row.frequency,
      paused: patch.paused ?? row.paused,
      updated_at: now,
    })
    .where("id", "=", alertId)
    .returningAll()
    .executeTakeFirstOrThrow()) as AlertRow;
  await context.appendEvent({ type: "KpiAlertChanged", payload: { userId: owner.userId, alertId, kpiId: row.kpi_id } });
  await scheduleAlertChecks(context, services);
  return (await alertsOf(context, [changed], kpis, now))[0]!;
}

export async function deleteAlert(context: TenantContext, owner: AlertOwner, alertId: number): Promise<void> {
  const { row } = await ownAlert(context, owner, alertId);
  await context.db.deleteFrom("kpi_alerts").where("id", "=", alertId).execute();
  await context.appendEvent({ type: "KpiAlertDeleted", payload: { userId: owner.userId, alertId, kpiId: row.kpi_id } });
}

/** The owner's alert on a KPI they may read; anyone else's (or an unreadable KPI's) answers 404. */
async function ownAlert(context: TenantContext, owner: AlertOwner, alertId: number) {
  const kpis = await readableKpis(context, owner.reader);
  const row = (await alertRows(context, owner.userId, { alertId }))[0];
  if (!row || !kpis.has(row.kpi_id)) throw notFound();
  return { row, kpis };
}

function checkCondition(condition: AlertCondition) {
  const problems = conditionProblems(condition);
  if (Object.keys(problems).length > 0) throw badRequest(Object.fromEntries(Object.entries(problems).map(([field, messages]) => [`condition.${field}`, messages])));
}
