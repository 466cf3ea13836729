import type { KpiIssue } from "../../../contracts/issues";
import { periodOf, type AlertFrequency } from "../../../domain/alerts/send-times";
import { monthIndexOf, monthLabel } from "../../../domain/months";
import type { IssueSource } from "../issue-sources";
import { loadKpis } from "../kpis/kpi-repository";
import { mayRead } from "../kpis/kpi-service";
import { companyTimeZone } from "../../platform/company-clock";

/** How far back the issues view lists triggered alerts: a quarter of history is what a review looks at. */
export const ALERT_ISSUES_DAYS = 92;

/**
 * The issues view's alerts: every trigger of the reader's own alerts (alerts are personal) in the
 * last ALERT_ISSUES_DAYS, on KPIs they may read. A trigger of the alert's current period (today,
 * this ISO week, this month in the company's time zone) is active: the condition held at the last
 * send time and nobody has seen a quieter one since; an earlier one is inactive, the record of it.
 */
export const alertIssueSource: IssueSource = async (context, reader, now) => {
  const userId = context.actor.kind === "user" ? context.actor.userId : null;
  if (userId === null) return [];
  const since = new Date(now.getTime() - ALERT_ISSUES_DAYS * 86_400_000);
  const rows = await context.db
    .selectFrom("kpi_alert_triggers as t")
    .innerJoin("kpi_alerts as a", (join) => join.onRef("a.tenant_id", "=", "t.tenant_id").onRef("a.id", "=", "t.alert_id"))
    .select(["t.alert_id", "t.period", "t.kpi_month", "t.reason", "t.triggered_at", "a.kpi_id", "a.frequency"])
    .where("a.user_id", "=", userId)
    .where("t.triggered_at", ">=", since)
    .orderBy("t.triggered_at", "desc")
    .orderBy("t.id", "desc")
    .execute();
  if (rows.length === 0) return [];
  const readable = new Map((await loadKpis(context)).filter((kpi) => mayRead(reader, kpi)).map((kpi) => [kpi.id, kpi.name] as const));
  const timeZone = await companyTimeZone(context);
  return rows
    .filter((row) => readable.has(row.kpi_id))
    .map((row): KpiIssue => {
      const current = periodOf(row.frequency as AlertFrequency, now, timeZone) === row.period;
      const month = monthLabel(monthIndexOf(String(row.kpi_month).slice(0, 10)));
      return {
        key: `alert:${row.alert_id}:${row.period}`,
        kind: "alert_triggered",
        group: current ? "active" : "inactive",
        title: `Alert on ${readable.get(row.kpi_id)!} (${month})`,
        detail: row.reason,
        kpiId: row.kpi_id,
        since: row.triggered_at.toISOString(),
        link: `/reporting/kpi-detail/${row.kpi_id}/alerts`,
      };
    });
};
