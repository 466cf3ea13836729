import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useParams } from "wouter";
import { styled } from "styled-components";
import type { InvestorReport, ReportData } from "../../../../contracts/investor-reporting";
import { REPORT_NOT_FOUND } from "../../../../domain/investor-reporting/texts";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { pageGeometry } from "../../../print/page-geometry";
import { PrintPage } from "../../../print/print-page";
import { currentPrintEnvironment } from "../../../print/print-session";
import { FONT_WEIGHT, RADIUS, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { ReportSectionView } from "../report-view/section-view";
import { contentsPages, reportDateText, STATUS_STAMPS } from "../report-view/board-pack";

/**
 * /print/investor-reporting/{reportId}: the board pack (spec section 2; issue 14 scope 4), as the
 * server's renderer prints it to PDF (theme from its handoff, dark by default) and as a person's
 * print preview. Page 1: the cover (company, report, period, status with its approval stamp,
 * "figures as of"); page 2: the contents with page numbers; then each section from a new page.
 * Ready once the report, its data and every section's drawing are in; a report that cannot be
 * read fails the print with the spec's text.
 */
export default function PrintReportScreen() {
  const params = useParams<{ reportId: string }>();
  const reportId = Number(params.reportId);
  const valid = Number.isSafeInteger(reportId) && reportId > 0;
  const dispatch = useDispatch();
  const slot = useModel((state: AppState) => (valid ? state.investorReporting.open[reportId] : undefined));
  useEffect(() => {
    if (!valid) return;
    dispatch({ _tag: "LoadInvestorReport", reportId });
    dispatch({ _tag: "LoadInvestorReportData", reportId });
  }, [dispatch, reportId, valid]);
  const sessionLoaded = useModel((state: AppState) => state.session.company !== null);
  const report = slot?.report ?? null;
  const data = slot?.data.value ?? null;
  if (!report || !data) {
    // Fail at once (the renderer reports it) rather than print an error page. A load that failed
    // for want of a session (a preview whose print token could not be had) waits for the
    // session's own verdict, which says why (PrintPage shows it): the report's 404 among others.
    const loadFailure = slot?.status === "error" ? (slot.notFound ? REPORT_NOT_FOUND : slot.message) : slot?.data.status === "error" ? slot.data.message : null;
    const failed = !valid ? REPORT_NOT_FOUND : slot?.notFound ? REPORT_NOT_FOUND : loadFailure && sessionLoaded ? loadFailure : null;
    return (
      <PrintPage title="Investor report" ready={false} failed={failed} orientation="landscape">
        {failed ? null : <p>Loading the report…</p>}
      </PrintPage>
    );
  }
  return <BoardPack report={report} data={data} />;
}

function BoardPack({ report, data }: { report: InvestorReport; data: ReportData }) {
  const company = useModel((state: AppState) => state.session.company);
  const sections = report.schema.sections;
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(new Set());
  const onReady = useCallback((sectionId: number) => setDrawn((previous) => (previous.has(sectionId) ? previous : new Set([...previous, sectionId]))), []);
  const allDrawn = sections.every((section) => drawn.has(section.id));
  // Page numbers of the contents, measured once every section is drawn (board-pack.ts).
  const sectionRefs = useRef(new Map<number, HTMLElement>());
  const [pages, setPages] = useState<ReadonlyMap<number, number> | null>(null);
  const orientation = "landscape" as const;
  useLayoutEffect(() => {
    if (!allDrawn) return;
    const heights = sections.map((section) => sectionRefs.current.get(section.id)?.getBoundingClientRect().height ?? 0);
    const geometry = pageGeometry(orientation);
    const pagePx = ((geometry.heightMm - geometry.headerMm - geometry.footerMm) * 96) / 25.4;
    const starts = contentsPages(heights, pagePx, 3);
    setPages(new Map(sections.map((section, index) => [section.id, starts[index]!])));
  }, [allDrawn, sections]);
  const period = reportDateText(report.endDate);
  const stamp = STATUS_STAMPS[report.status];
  const statusBy = report.status === "sent" ? report.sent : report.approved;
  const themeName = currentPrintEnvironment()?.theme ?? "light";
  return (
    <PrintPage title={report.name} period={period} ready={allDrawn && pages !== null} orientation={orientation}>
      <Cover data-theme-name={themeName}>
        <CoverCompany>{company?.name}</CoverCompany>
        <CoverTitle>{report.name}</CoverTitle>
        <CoverPeriod>Period ending {period}</CoverPeriod>
        <Stamp data-status={report.status}>
          <strong>{stamp}</strong>
          {statusBy ? (
            <span>
              {report.status === "sent" ? "Sent" : "Approved"} by {statusBy.by.name} on {dayText(statusBy.at)}
            </span>
          ) : (
            <span>Not approved: the figures are recalculated until approval.</span>
          )}
        </Stamp>
        <AsOf>
          Figures as of {dayText(data.computedAt)} · {data.source === "frozen" ? "frozen at approval" : "recalculated"} · {data.currency}
        </AsOf>
      </Cover>
      <Contents aria-labelledby="contents-title">
        <h2 id="contents-title">Contents</h2>
        <ol>
          {sections.map((section, index) => (
            <li key={section.id}>
              <span>
                {index + 1}. {section.name}
              </span>
              <Dots aria-hidden="true" />
              <span data-page-of={section.slug}>{pages?.get(section.id) ?? ""}</span>
            </li>
          ))}
        </ol>
        {sections.length === 0 ? <p>This report has no sections.</p> : null}
      </Contents>
      {sections.map((section) => (
        <SectionPage
          key={section.id}
          ref={(element) => {
            if (element) sectionRefs.current.set(section.id, element);
            else sectionRefs.current.delete(section.id);
          }}
        >
          <ReportSectionView section={section} data={data.data[section.slug]} currency={data.currency} mode="print" onReady={() => onReady(section.id)} />
        </SectionPage>
      ))}
    </PrintPage>
  );
}

const dayText = (iso: string) => new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const Cover = styled.section`
  display: grid;
  align-content: center;
  gap: ${SPACE.lg};
  min-height: 140mm;
  break-after: page;
  page-break-after: always;
`;

const CoverCompany = styled.p`
  font-size: ${TYPE_SCALE.lg.size};
  color: ${(p) => p.theme.accent};
  font-weight: ${FONT_WEIGHT.bold};
`;

const CoverTitle = styled.h1`
  font-size: 40px;
  line-height: 1.1;
  margin: 0;
`;

const CoverPeriod = styled.p`
  font-size: ${TYPE_SCALE.lg.size};
`;

const Stamp = styled.p`
  display: inline-grid;
  justify-self: start;
  gap: ${SPACE.xs};
  padding: ${SPACE.md} ${SPACE.lg};
  border: 2px solid ${(p) => p.theme.borderStrong};
  border-radius: ${RADIUS.md};
  strong {
    text-transform: uppercase;
    letter-spacing: 0.08em;
  }
  &[data-status="approved"],
  &[data-status="sent"] {
    border-color: ${(p) => p.theme.success};
    strong {
      color: ${(p) => p.theme.success};
    }
  }
`;

const AsOf = styled.p`
  color: ${(p) => p.theme.textMuted};
`;

const Contents = styled.section`
  break-after: page;
  page-break-after: always;
  h2 {
    font-size: ${TYPE_SCALE.xl.size};
    margin: 0 0 ${SPACE.lg};
  }
  ol {
    list-style: none;
    padding: 0;
    margin: 0;
    max-width: 180mm;
  }
  li {
    display: flex;
    align-items: baseline;
    gap: ${SPACE.sm};
    padding: ${SPACE.xs} 0;
  }
`;

const Dots = styled.span`
  flex: 1;
  border-bottom: 1px dotted ${(p) => p.theme.borderStrong};
`;

/** Each section from a new page. */
const SectionPage = styled.div`
  break-before: page;
  page-break-before: always;
`;
