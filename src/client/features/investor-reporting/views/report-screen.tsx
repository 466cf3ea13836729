import { useEffect, useRef } from "react";
import { Link, Redirect, useLocation, useParams } from "wouter";
import { styled } from "styled-components";
import type { InvestorReport } from "../../../../contracts/investor-reporting";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Alert } from "../../../ui/alert";
import { Badge } from "../../../ui/badge";
import { Page, Stack } from "../../../ui/layout";
import { LinkTabs } from "../../../ui/link-tabs";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { SPACE } from "../../../ui/tokens";
import { LIST_PATH, monthLabel, REPORT_TABS, reportPath, STATUS_LABEL, STATUS_TONE, type ReportTab } from "./common";
import { RecipientsTab } from "./recipients-tab";
import { ReportsList } from "./reports-list";
import { SectionList } from "./section-list";
import { SettingsTab } from "./settings-tab";
import { StatusPanel } from "./status-panel";

const CRUMBS = [{ label: "Investor reporting", href: LIST_PATH }];
const TAB_LABEL: Readonly<Record<ReportTab, string>> = { report: "Report", recipients: "Recipients", settings: "Settings" };

/** /investor-reporting/{reportId?}/{tab?}: the list of reports, or one report on one of its tabs. */
export default function InvestorReportingScreen() {
  const params = useParams<{ reportId?: string; tab?: string }>();
  if (!params.reportId) return <ReportsList />;
  const reportId = Number(params.reportId);
  if (!Number.isSafeInteger(reportId) || reportId <= 0) return <Redirect to={LIST_PATH} replace />;
  const tab = (REPORT_TABS as readonly string[]).includes(params.tab ?? "report") ? ((params.tab ?? "report") as ReportTab) : null;
  if (!tab) return <Redirect to={reportPath(reportId)} replace />;
  return <ReportScreen key={reportId} reportId={reportId} tab={tab} />;
}

function ReportScreen({ reportId, tab }: { reportId: number; tab: ReportTab }) {
  const dispatch = useDispatch();
  const slot = useModel((state: AppState) => state.investorReporting.open[reportId]);
  useEffect(() => {
    dispatch({ _tag: "LoadInvestorReport", reportId });
    dispatch({ _tag: "LoadInvestorReportData", reportId });
  }, [dispatch, reportId]);
  if (slot?.report && !(slot.status === "error" && slot.notFound)) return <LoadedReport report={slot.report} tab={tab} />;
  return (
    <Page aria-busy={slot?.status !== "error"}>
      <PageHeader title={slot?.notFound ? "Report not found" : "Investor report"} breadcrumbs={CRUMBS} />
      {slot?.status === "error" ? (
        slot.notFound ? (
          <EmptyState title={slot.message ?? "This report does not exist."} text={<Link href={LIST_PATH}>Back to investor reporting</Link>} />
        ) : (
          <ErrorState message={slot.message} onRetry={() => dispatch({ _tag: "LoadInvestorReport", reportId })} />
        )
      ) : (
        <LoadingState label="Loading the report…" variant="skeleton" lines={6} />
      )}
    </Page>
  );
}

function LoadedReport({ report, tab }: { report: InvestorReport; tab: ReportTab }) {
  const dispatch = useDispatch();
  const [, navigate] = useLocation();
  // A duplicate made here opens at once.
  const created = useModel((state: AppState) => state.investorReporting.created);
  const createdAtMount = useRef(created);
  useEffect(() => {
    if (created !== null && created !== createdAtMount.current) navigate(reportPath(created));
  }, [created, navigate]);
  const slot = useModel((state: AppState) => state.investorReporting.open[report.id]!);
  const sent = useModel((state: AppState) => state.investorReporting.sent[report.id]);
  const data = slot.data.value;
  const tabs = REPORT_TABS.filter((entry) => entry !== "recipients" || report.canEdit).map((entry) => ({ href: reportPath(report.id, entry), label: TAB_LABEL[entry] }));
  return (
    <Page>
      <PageHeader
        title={report.name}
        breadcrumbs={CRUMBS}
        titleAddon={<Badge tone={STATUS_TONE[report.status]}>{STATUS_LABEL[report.status]}</Badge>}
        description={`To ${monthLabel(report.endDate)} · ${report.owner.name} · ${report.isVisible ? "visible to readers" : "hidden from readers"}`}
      />
      <Stack>
        <StatusPanel report={report} data={data} sent={sent} />
        {slot.message ? <Alert tone="warning">{slot.message}</Alert> : null}
        <LinkTabs label="Report views" tabs={tabs} current={reportPath(report.id, tab)} />
        <Body>
          {tab === "report" ? (
            <>
              {slot.data.status === "error" ? <ErrorState title="The figures could not be loaded" message={slot.data.message} onRetry={() => dispatch({ _tag: "LoadInvestorReportData", reportId: report.id })} /> : null}
              <SectionList report={report} data={data} />
            </>
          ) : tab === "recipients" ? (
            <RecipientsTab report={report} />
          ) : (
            <SettingsTab report={report} />
          )}
        </Body>
      </Stack>
    </Page>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${SPACE.md};
`;
