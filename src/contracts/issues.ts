import { Schema } from "@effect/schema";

/**
 * One entry of the issues view (GET /api/issues/): something about the company's KPIs that needs
 * (or needed) someone's attention. `group`: active (needs attention now: an alert triggered in
 * the current period, an overdue action), inactive (settled: an alert of an earlier period, an
 * action done late), data (the numbers themselves: a KPI outdated by its cadence). Each source
 * (collaboration's actions, alerts, KPI cadence) answers its own entries.
 */
export const IssueKind = Schema.Literal("alert_triggered", "action_overdue", "kpi_outdated");
export type IssueKind = typeof IssueKind.Type;

export const IssueGroup = Schema.Literal("active", "inactive", "data");
export type IssueGroup = typeof IssueGroup.Type;

export const KpiIssue = Schema.Struct({
  /** Unique in one answer: the source and its own id ("alert:12:2026-11", "action:7", "kpi:3"). */
  key: Schema.String,
  kind: IssueKind,
  group: IssueGroup,
  title: Schema.String,
  detail: Schema.String,
  kpiId: Schema.NullOr(Schema.Number),
  /** When it arose (ISO instant): the trigger, the due date, the month the KPI's data stops. */
  since: Schema.String,
  /** The in-app path that resolves it. */
  link: Schema.String,
});
export type KpiIssue = typeof KpiIssue.Type;

export const IssuesResponse = Schema.Struct({ issues: Schema.Array(KpiIssue) });
export type IssuesResponse = typeof IssuesResponse.Type;
