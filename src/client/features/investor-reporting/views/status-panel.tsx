import { useState } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import type { InvestorReport, ReportData } from "../../../../contracts/investor-reporting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { copyName } from "../../custom-dashboards/model";
import { NameDialog } from "./report-dialogs";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { useConfirm } from "../../../ui/confirm";
import { SPACE } from "../../../ui/tokens";
import { dateTime } from "../../query-builder/views/format";
import { reportPath, useAction } from "./common";
import { SendDialog } from "./send-dialog";

export const APPROVE_EXPLAINED =
  "Approving freezes the report: every section's figures are computed now and stored, and the report shows them from then on, even when the data changes later. Its sections can no longer be changed; the name, end date, visibility and recipients can.";
export const FROZEN_EXPLAINED = "This report is approved: its figures and sections are frozen. Duplicate it to make a new draft.";

/**
 * Where the report stands: who approved and sent it, when; whether its figures are frozen (as of
 * the approval) or recalculated on each load; the actions its status allows (Approve, Approve and
 * send, Send) and the last sending's answer.
 */
export function StatusPanel({ report, data, sent }: { report: InvestorReport; data: ReportData | null; sent: { detail: string; failures: readonly { email: string; error: string }[] } | undefined }) {
  const dispatch = useDispatch();
  const confirm = useConfirm();
  const approving = useAction("approve", report.id);
  const [sending, setSending] = useState<null | { approveFirst: boolean }>(null);
  const [duplicating, setDuplicating] = useState(false);
  const names = useModel((state: AppState) => state.investorReporting.list.reports.map((entry) => entry.name));
  const draft = report.status === "draft";
  const approve = async () => {
    const yes = await confirm({ title: `Approve ${report.name}?`, message: APPROVE_EXPLAINED, confirmLabel: "Approve" });
    if (yes) dispatch({ _tag: "ApproveInvestorReport", reportId: report.id });
  };
  return (
    <Panel aria-label="Status">
      <dl>
        {report.approved ? (
          <div>
            <dt>Approved</dt>
            <dd>
              by {report.approved.by.name}, <time dateTime={report.approved.at}>{dateTime(report.approved.at)}</time>
            </dd>
          </div>
        ) : null}
        {report.sent ? (
          <div>
            <dt>Sent</dt>
            <dd>
              by {report.sent.by.name}, <time dateTime={report.sent.at}>{dateTime(report.sent.at)}</time>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Figures</dt>
          <dd className="figures">
            {data === null ? "Loading…" : data.source === "frozen" ? `Figures as of ${dateTime(data.computedAt)}` : "Recalculated on load"} {data ? `(${data.currency})` : ""}
          </dd>
        </div>
      </dl>
      {report.canEdit ? (
        <div className="actions">
          {draft ? (
            <>
              <Button onClick={() => void approve()} busy={approving.busy}>
                Approve
              </Button>
              <Button variant="primary" onClick={() => setSending({ approveFirst: true })}>
                Approve and send
              </Button>
            </>
          ) : (
            <Button variant="primary" onClick={() => setSending({ approveFirst: false })}>
              {report.status === "sent" ? "Send again" : "Send"}
            </Button>
          )}
          <Button variant="quiet" onClick={() => setDuplicating(true)}>
            Duplicate
          </Button>
        </div>
      ) : null}
      {approving.message && !sending ? <Alert tone="danger">The report was not approved: {approving.message}</Alert> : null}
      {!draft && report.canEdit ? <p className="frozen">{FROZEN_EXPLAINED}</p> : null}
      {report.canEdit && report.recipients.length === 0 ? (
        <p className="hint">
          No recipients yet: <Link href={reportPath(report.id, "recipients")}>add recipients</Link> before sending.
        </p>
      ) : null}
      {sent ? (
        <Alert tone={sent.failures.length === 0 ? "success" : "warning"} title={sent.detail}>
          {sent.failures.length > 0 ? (
            <ul aria-label="Mails that failed">
              {sent.failures.map((failure) => (
                <li key={failure.email}>
                  {failure.email}: {failure.error}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {duplicating ? (
        <NameDialog
          title={`Duplicate ${report.name}`}
          confirmLabel="Duplicate"
          initialName={copyName(report.name, names)}
          action="duplicate"
          reportId={report.id}
          taken={names}
          onClose={() => setDuplicating(false)}
          onSubmit={(name) => dispatch({ _tag: "DuplicateInvestorReport", reportId: report.id, name })}
        />
      ) : null}
      {sending ? <SendDialog report={report} approveFirst={sending.approveFirst} onClose={() => setSending(null)} /> : null}
    </Panel>
  );
}

const Panel = styled.section`
  display: grid;
  gap: ${SPACE.sm};
  dl { display: flex; flex-wrap: wrap; gap: ${SPACE.md} ${SPACE.xl}; margin: 0; }
  dl div { display: grid; gap: 2px; }
  dt { font-size: 12px; color: ${(p) => p.theme.textMuted}; text-transform: uppercase; letter-spacing: 0.04em; }
  dd { margin: 0; }
  .actions { display: flex; gap: ${SPACE.sm}; flex-wrap: wrap; }
  .frozen, .hint { margin: 0; color: ${(p) => p.theme.textMuted}; }
`;
