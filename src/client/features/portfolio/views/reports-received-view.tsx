import { useEffect } from "react";
import { useLocation } from "wouter";
import type { ReportSummary } from "../../../../contracts/investor-reporting";
import { INSTANCE_NOT_AUTHORIZED } from "../../../../contracts/portfolio";
import { monthIndexOf, monthLabel } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge, type BadgeTone } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { Stack } from "../../../ui/layout";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";

const STATUS: Record<ReportSummary["status"], { label: string; tone: BadgeTone }> = {
  draft: { label: "Draft", tone: "neutral" },
  approved: { label: "Approved", tone: "accent" },
  sent: { label: "Sent", tone: "good" },
};

/**
 * /portfolio/reports: per company, the investor reports it shared with the instance's user
 * there (read through the portfolio proxy). Opening one shows the company with the report in its
 * frame.
 */
export function ReportsReceivedView() {
  const dispatch = useDispatch();
  const [, navigate] = useLocation();
  const portfolio = useModel((state: AppState) => state.portfolio);
  useEffect(() => {
    dispatch({ _tag: "LoadPortfolioReports" });
  }, [dispatch]);
  const { instances } = portfolio;
  if (instances.status === "error") return <ErrorState message={instances.message} onRetry={() => dispatch({ _tag: "LoadPortfolio" })} />;
  if (instances.status !== "loaded") return <LoadingState label="Loading your portfolio…" variant="skeleton" />;
  if (instances.list.length === 0) return <EmptyState title="No portfolio companies yet" text="Reports appear here once a company registers your instance and shares a report with you." />;
  const open = (instanceId: number, reportId: number) => {
    dispatch({ _tag: "OpenPortfolioReport", instanceId, reportId });
    navigate("/portfolio/companies");
  };
  return (
    <Stack $gap="lg">
      {instances.list.map((instance) => {
        const received = portfolio.reports[instance.id];
        return (
          <Card key={instance.id} title={instance.instance_name} headingLevel={2}>
            {instance.authorization_state !== "authorized" ? (
              <Alert tone="warning">{INSTANCE_NOT_AUTHORIZED}</Alert>
            ) : !received || (received.status === "loading" && received.reports.length === 0) ? (
              <LoadingState label={`Loading the reports of ${instance.instance_name}…`} variant="skeleton" lines={2} />
            ) : received.status === "error" ? (
              <ErrorState message={received.message} onRetry={() => dispatch({ _tag: "LoadPortfolioReports" })} />
            ) : received.reports.length === 0 ? (
              <p>{instance.instance_name} has not shared a report with you yet.</p>
            ) : (
              <TableFrame label={`Reports received from ${instance.instance_name}`}>
                <Table>
                  <thead>
                    <tr>
                      <Th scope="col">Report</Th>
                      <Th scope="col">Period to</Th>
                      <Th scope="col">Status</Th>
                      <Th scope="col">Updated</Th>
                      <Th scope="col">Action</Th>
                    </tr>
                  </thead>
                  <tbody>
                    {received.reports.map((report) => (
                      <tr key={report.id}>
                        <Td>{report.name}</Td>
                        <Td>{monthLabel(monthIndexOf(report.endDate))}</Td>
                        <Td>
                          <Badge tone={STATUS[report.status].tone}>{STATUS[report.status].label}</Badge>
                        </Td>
                        <Td>{new Date(report.updatedAt).toLocaleDateString()}</Td>
                        <Td>
                          <Button size="sm" onClick={() => open(instance.id, report.id)} aria-label={`Open ${report.name} of ${instance.instance_name}`}>
                            Open
                          </Button>
                        </Td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </TableFrame>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
