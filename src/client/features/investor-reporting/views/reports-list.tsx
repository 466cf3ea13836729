import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { styled } from "styled-components";
import type { ReportSummary } from "../../../../contracts/investor-reporting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { Page, Stack } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { ScrollArea } from "../../../ui/scroll-area";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { copyName } from "../../custom-dashboards/model";
import { date, dateTime } from "../../query-builder/views/format";
import { monthLabel, reportPath, selectCanWriteReports, STATUS_LABEL, STATUS_TONE, useAction } from "./common";
import { CreateReportDialog, NameDialog } from "./report-dialogs";

/**
 * /investor-reporting: the reports the person sees (writers: all of the company's; readers: the
 * visible ones shared with them), newest first, with their status. Writers create (empty or from
 * a template), duplicate and delete; everyone opens.
 */
export function ReportsList() {
  const dispatch = useDispatch();
  const [, navigate] = useLocation();
  const confirm = useConfirm();
  const list = useModel((state: AppState) => state.investorReporting.list);
  const created = useModel((state: AppState) => state.investorReporting.created);
  const canWrite = useModel(selectCanWriteReports);
  const deleting = useAction("delete");
  const [dialog, setDialog] = useState<{ kind: "create" } | { kind: "duplicate"; report: ReportSummary } | null>(null);
  useEffect(() => {
    dispatch({ _tag: "LoadInvestorReports" });
  }, [dispatch]);
  // A report created or duplicated here opens at once.
  const createdAtMount = useRef(created);
  useEffect(() => {
    if (created !== null && created !== createdAtMount.current) navigate(reportPath(created));
  }, [created, navigate]);
  const names = list.reports.map((report) => report.name);
  const remove = async (report: ReportSummary) => {
    const yes = await confirm({
      title: `Delete ${report.name}?`,
      message: `The report, its sections, texts, attachments and recipients are deleted${report.status === "draft" ? "" : ", with the figures frozen at its approval"}. Mails already sent keep their content, but their links stop working.`,
      confirmLabel: "Delete",
      tone: "danger",
    });
    if (yes) dispatch({ _tag: "DeleteInvestorReport", reportId: report.id, name: report.name });
  };

  return (
    <Page>
      <PageHeader
        title="Investor reporting"
        description="Board packs for your investors: build a report from KPI, financial, chart and text sections, approve it to freeze its figures, and send it."
        actions={
          canWrite ? (
            <Button variant="primary" onClick={() => setDialog({ kind: "create" })}>
              New report
            </Button>
          ) : undefined
        }
      />
      <Stack>
        {deleting.message ? <Alert tone="danger">The report was not deleted: {deleting.message}</Alert> : null}
        {list.status === "error" ? (
          <ErrorState message={list.message} onRetry={() => dispatch({ _tag: "LoadInvestorReports" })} />
        ) : list.status !== "loaded" ? (
          <LoadingState label="Loading reports…" variant="skeleton" />
        ) : list.reports.length === 0 ? (
          <EmptyState
            title="No investor reports yet"
            text={canWrite ? "Create a report and add the KPIs, financials, charts and letters your investors should see." : "No report is shared with you yet."}
            {...(canWrite ? { action: <Button onClick={() => setDialog({ kind: "create" })}>Create the first report</Button> } : {})}
          />
        ) : (
          <ScrollArea label="Investor reports, scrollable">
            <Table aria-label="Investor reports">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Status</th>
                  <th scope="col">End date</th>
                  <th scope="col">Owner</th>
                  <th scope="col">Updated</th>
                  <th scope="col">Visibility</th>
                  <th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.reports.map((report) => (
                  <tr key={report.id} data-report-id={report.id}>
                    <th scope="row">
                      <Link href={reportPath(report.id)}>{report.name}</Link>
                    </th>
                    <td>
                      <Badge tone={STATUS_TONE[report.status]}>{STATUS_LABEL[report.status]}</Badge>
                    </td>
                    <td>{monthLabel(report.endDate)}</td>
                    <td>{report.owner.name}</td>
                    <td>
                      <time dateTime={report.updatedAt} title={dateTime(report.updatedAt)}>
                        {date(report.updatedAt)}
                      </time>
                    </td>
                    <td>{report.isVisible ? "Visible to readers" : "Hidden"}</td>
                    <td>
                      <div className="actions">
                        {canWrite ? (
                          <Button size="sm" variant="quiet" aria-label={`Duplicate ${report.name}`} onClick={() => setDialog({ kind: "duplicate", report })}>
                            Duplicate
                          </Button>
                        ) : null}
                        {report.canEdit ? (
                          <Button size="sm" variant="quiet" aria-label={`Delete ${report.name}`} onClick={() => void remove(report)}>
                            Delete
                          </Button>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </ScrollArea>
        )}
      </Stack>
      {dialog?.kind === "create" ? <CreateReportDialog names={names} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === "duplicate" ? (
        <NameDialog
          title={`Duplicate ${dialog.report.name}`}
          confirmLabel="Duplicate"
          initialName={copyName(dialog.report.name, names)}
          action="duplicate"
          reportId={dialog.report.id}
          taken={names}
          onClose={() => setDialog(null)}
          onSubmit={(name) => dispatch({ _tag: "DuplicateInvestorReport", reportId: dialog.report.id, name })}
        />
      ) : null}
    </Page>
  );
}

const Table = styled.table`
  width: 100%;
  min-width: 760px;
  border-collapse: collapse;
  th, td { text-align: left; padding: 8px 12px; border-bottom: 1px solid ${(p) => p.theme.border}; vertical-align: middle; }
  thead th { font-size: 13px; color: ${(p) => p.theme.textMuted}; font-weight: 500; }
  th[scope="row"] { font-weight: 500; }
  .actions { display: flex; gap: ${SPACE.xs}; justify-content: flex-end; flex-wrap: wrap; }
`;
