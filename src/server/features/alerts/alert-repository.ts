import { sql, type Selectable } from "kysely";
import type { AlertCondition, AlertTrigger, KpiAlert } from "../../../contracts/alerts";
import { ALERT_HISTORY_LENGTH } from "../../../contracts/alerts";
import { nextSendTime } from "../../../domain/alerts/send-times";
import type { KpiAlertsTable } from "../../db/schema";
import { companyTimeZone } from "../../platform/company-clock";
import type { TenantContext } from "../../db/tenancy";

/** An alert's row as read (generated columns resolved). */
export type AlertRow = Selectable<KpiAlertsTable>;

/** A row's condition as the contract and the domain write it. */
export function conditionOf(row: Pick<AlertRow, "kind" | "lower_bound" | "upper_bound" | "change_basis" | "change_direction" | "change_percent" | "minimum_baseline">): AlertCondition {
  if (row.kind === "boundary") return { kind: "boundary", lower: row.lower_bound, upper: row.upper_bound };
  return { kind: "change", basis: row.change_basis ?? "previous_period", direction: row.change_direction ?? "either", percent: row.change_percent ?? 0, minimumBaseline: row.minimum_baseline };
}

/** A condition as the row's columns (the other kind's columns emptied). */
export function conditionColumns(condition: AlertCondition) {
  if (condition.kind === "boundary") {
    return { kind: "boundary" as const, lower_bound: condition.lower, upper_bound: condition.upper, change_basis: null, change_direction: null, change_percent: null, minimum_baseline: 0 };
  }
  return { kind: "change" as const, lower_bound: null, upper_bound: null, change_basis: condition.basis, change_direction: condition.direction, change_percent: condition.percent, minimum_baseline: condition.minimumBaseline };
}

/** The alerts of one person (all, of one KPI, or one), oldest first. */
export function alertRows({ db }: TenantContext, userId: number, filter: { kpiId?: number; alertId?: number } = {}) {
  let query = db.selectFrom("kpi_alerts").selectAll().where("user_id", "=", userId);
  if (filter.kpiId !== undefined) query = query.where("kpi_id", "=", filter.kpiId);
  if (filter.alertId !== undefined) query = query.where("id", "=", filter.alertId);
  return query.orderBy("id").execute() as Promise<AlertRow[]>;
}

/** The newest triggers of each alert (at most ALERT_HISTORY_LENGTH each), newest first. */
export async function recentTriggers({ db }: TenantContext, alertIds: readonly number[]): Promise<Map<number, AlertTrigger[]>> {
  const result = new Map<number, AlertTrigger[]>(alertIds.map((id) => [id, []]));
  if (alertIds.length === 0) return result;
  const { rows } = await sql<{ id: number; alert_id: number; period: string; kpi_month: string; value: number; baseline: number | null; reason: string; triggered_at: Date }>`
    select id, alert_id, period, kpi_month::text as kpi_month, value, baseline, reason, triggered_at from (
      select t.*, row_number() over (partition by alert_id order by triggered_at desc, id desc) as rank
      from kpi_alert_triggers t where alert_id = any(${[...alertIds]}::bigint[])
    ) ranked where rank <= ${ALERT_HISTORY_LENGTH} order by triggered_at desc, id desc`.execute(db);
  for (const row of rows) {
    result.get(Number(row.alert_id))?.push({ id: Number(row.id), period: row.period, kpiMonth: row.kpi_month, value: row.value, baseline: row.baseline, reason: row.reason, triggeredAt: new Date(row.triggered_at).toISOString() });
  }
  return result;
}

/** The rows as the API answers them, with the KPI's name, the history and the next check after `now`. */
export async function alertsOf(context: TenantContext, rows: readonly AlertRow[], kpis: ReadonlyMap<number, { readonly name: string; readonly unit: string }>, now: Date): Promise<KpiAlert[]> {
  const timeZone = await companyTimeZone(context);
  const history = await recentTriggers(context, rows.map((row) => row.id));
  return rows.map((row) => {
    const triggers = history.get(row.id) ?? [];
    return {
      id: row.id,
      kpiId: row.kpi_id,
      kpiName: kpis.get(row.kpi_id)?.name ?? "",
      kpiUnit: kpis.get(row.kpi_id)?.unit ?? "number",
      condition: conditionOf(row),
      monthOffset: row.month_offset === -1 ? -1 : 0,
      frequency: row.frequency,
      paused: row.paused,
      createdAt: row.created_at.toISOString(),
      lastCheckedAt: row.last_checked_at ? row.last_checked_at.toISOString() : null,
      lastCheckNote: row.last_check_note,
      lastTriggeredAt: triggers[0]?.triggeredAt ?? null,
      nextCheckAt: row.paused ? null : nextSendTime(row.frequency, now, timeZone).toISOString(),
      history: triggers,
    };
  });
}
