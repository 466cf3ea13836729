import { alertIssueSource } from "../alerts/alert-issues";
import { sql } from "kysely";
import type { KpiIssue } from "../../../contracts/issues";
import { actionIssueGroup } from "../../../domain/collaboration/actions";
import { outdatedStatus, type ReportingCadence } from "../../../domain/kpi/cadence";
import { monthDateOf, monthIndexOf, monthLabel } from "../../../domain/months";
import type { TenantContext } from "../../db/tenancy";
import { userNames } from "../../platform/people";
import type { IssueSource } from "../issue-sources";
import { newestActuals } from "../kpis/kpi-repository";
import type { Reader } from "../kpis/kpi-service";
import { companyCalendar, companyToday } from "../../platform/company-clock";
import { actionLink } from "./action-service";
import { readableKpis } from "./collaboration-access";

/** Actions done late stay in the inactive group this many days after they were done, for the review. */
export const DONE_LATE_SHOWN_DAYS = 90;

/** Overdue actions (active) and actions done after their due date (inactive), on KPIs the reader may read. */
export const overdueActionsSource: IssueSource = async (context, reader, now) => {
  const kpis = await readableKpis(context, reader);
  if (kpis.size === 0) return [];
  const dateOf = await companyCalendar(context);
  const today = dateOf(now);
  const rows = await context.db
    .selectFrom("kpi_actions")
    .select(["id", "kpi_id", "title", "assigned_user_id", "status", "due_date", "done_at"])
    .where("kpi_id", "=", sql<number>`any(${[...kpis.keys()]}::bigint[])`)
    .where("due_date", "is not", null)
    .where((eb) => eb.or([eb("status", "!=", "done"), eb("done_at", ">", new Date(now.getTime() - DONE_LATE_SHOWN_DAYS * 86_400_000))]))
    .execute();
  const names = await userNames(context, rows.map((row) => row.assigned_user_id));
  return rows.flatMap((row): KpiIssue[] => {
    const doneOn = row.done_at ? dateOf(row.done_at) : null;
    const group = actionIssueGroup({ status: row.status, dueDate: row.due_date, doneOn }, today);
    if (!group) return [];
    const who = names.get(row.assigned_user_id) ?? "a former user";
    const kpiName = kpis.get(row.kpi_id)!.name;
    return [
      {
        key: `action:${row.id}`,
        kind: "action_overdue",
        group,
        title: row.title,
        detail: group === "active" ? `${kpiName}: assigned to ${who}, due ${row.due_date}` : `${kpiName}: ${who} finished it on ${doneOn}, due ${row.due_date}`,
        kpiId: row.kpi_id,
        since: `${row.due_date}T00:00:00.000Z`,
        link: actionLink(row.id),
      },
    ];
  });
};

/** Stored KPIs whose newest actual is older than their reporting cadence allows (data issues). */
export const outdatedKpisSource: IssueSource = async (context, reader, now) => {
  const [kpis, newest, today] = await Promise.all([readableKpis(context, reader), newestActuals(context), companyToday(context, now)]);
  const currentMonth = monthIndexOf(`${today.slice(0, 7)}-01`);
  return [...kpis.values()].flatMap((kpi): KpiIssue[] => {
    if (kpi.formula !== null) return []; // a calculated KPI is as current as its inputs, which are listed themselves
    const last = newest.get(kpi.id) ?? null;
    if (outdatedStatus(kpi.cadence as ReportingCadence, last, currentMonth) !== "outdated") return [];
    return [
      {
        key: `kpi:${kpi.id}`,
        kind: "kpi_outdated",
        group: "data",
        title: `${kpi.name} is outdated`,
        detail: last === null ? `Reported ${kpi.cadence}; it has no actual values yet.` : `Reported ${kpi.cadence}; the newest actual is for ${monthLabel(last)}.`,
        kpiId: kpi.id,
        since: `${monthDateOf(last === null ? currentMonth : last + 1)}T00:00:00.000Z`,
        link: `/reporting/kpi-detail/${kpi.id}`,
      },
    ];
  });
};

/**
 * Every source of the issues view. The alerts' source (features/alerts/alert-issues.ts) joins
 * this list where the alerts land.
 */
export const ISSUE_SOURCES: readonly IssueSource[] = [alertIssueSource, overdueActionsSource, outdatedKpisSource];

/** Every source's entries for the reader: active first, then inactive, then data; newest first within a group. */
export async function issuesFor(context: TenantContext, reader: Reader, now: Date, sources: readonly IssueSource[] = ISSUE_SOURCES): Promise<KpiIssue[]> {
  const entries: KpiIssue[] = [];
  for (const source of sources) entries.push(...(await source(context, reader, now)));
  const order = { active: 0, inactive: 1, data: 2 } as const;
  return entries.sort((a, b) => order[a.group] - order[b.group] || b.since.localeCompare(a.since) || a.key.localeCompare(b.key));
}
