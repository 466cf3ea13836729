import { useEffect } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import type { IssueGroup, KpiIssue } from "../../../../contracts/issues";
import { useNow } from "../../../app/clock";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Badge, type BadgeTone } from "../../../ui/badge";
import { Card } from "../../../ui/card";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { relativeTime } from "../../../ui/relative-time";
import { ErrorState, LoadingState } from "../../../ui/states";
import { FONT_WEIGHT, SPACE, TYPE_SCALE } from "../../../ui/tokens";

const GROUPS: readonly { readonly group: IssueGroup; readonly title: string; readonly empty: string }[] = [
  { group: "active", title: "Active issues", empty: "Nothing needs attention now: no alert triggered this period, no action overdue." },
  { group: "inactive", title: "Inactive issues", empty: "Nothing settled late recently." },
  { group: "data", title: "Data issues", empty: "Every KPI is up to date for its reporting cadence." },
];

const KIND: Readonly<Record<KpiIssue["kind"], { readonly label: string; readonly tone: BadgeTone }>> = {
  alert_triggered: { label: "Alert", tone: "warning" },
  action_overdue: { label: "Action", tone: "bad" },
  kpi_outdated: { label: "Outdated", tone: "warning" },
};

/**
 * /reporting/issues: what needs attention on the KPIs the person may read, in three groups
 * (active, inactive, data), each entry linking to what resolves it.
 */
export default function IssuesScreen() {
  const dispatch = useDispatch();
  useEffect(() => {
    dispatch({ _tag: "LoadIssues" });
  }, [dispatch]);
  const issues = useModel((state: AppState) => state.collaboration.issues);
  const now = new Date(useNow(60_000));
  return (
    <Page aria-labelledby="issues-title">
      <PageHeader title="Issues" headingId="issues-title" breadcrumbs={[{ label: "Issues", href: "/reporting/issues" }]} description="Triggered alerts, overdue actions and KPIs whose data is late for their reporting cadence." actions={<Link href="/reporting/actions">Actions</Link>} />
      {issues.status === "error" ? (
        <ErrorState title="The issues could not be loaded" message={issues.message} onRetry={() => dispatch({ _tag: "LoadIssues" })} />
      ) : issues.status !== "loaded" ? (
        <LoadingState variant="skeleton" lines={6} label="Loading issues…" />
      ) : (
        GROUPS.map(({ group, title, empty }) => {
          const entries = issues.issues.filter((issue) => issue.group === group);
          return (
            <Card key={group} title={`${title} (${entries.length})`} padding="md">
              {entries.length === 0 ? (
                <p className="empty">{empty}</p>
              ) : (
                <List aria-label={title}>
                  {entries.map((issue) => (
                    <li key={issue.key}>
                      <Badge tone={KIND[issue.kind].tone}>{KIND[issue.kind].label}</Badge>
                      <div className="what">
                        <Link href={issue.link} state={{ from: "/reporting/issues" }} className="title">
                          {issue.title}
                        </Link>
                        <span className="detail">{issue.detail}</span>
                      </div>
                      <time dateTime={issue.since} title={new Date(issue.since).toLocaleDateString("en-GB")}>
                        since {relativeTime(new Date(issue.since), now)}
                      </time>
                    </li>
                  ))}
                </List>
              )}
            </Card>
          );
        })
      )}
    </Page>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li { display: grid; grid-template-columns: auto minmax(0, 1fr) auto; gap: ${SPACE.sm}; align-items: baseline; padding: ${SPACE.sm} 0; }
  li + li { border-top: 1px solid ${(p) => p.theme.border}; }
  .what { display: grid; gap: 2px; }
  .title { font-weight: ${FONT_WEIGHT.medium}; }
  .detail, time { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
`;
