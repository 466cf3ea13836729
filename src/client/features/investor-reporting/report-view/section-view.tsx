import { useEffect } from "react";
import { styled } from "styled-components";
import type { ReportSection, SectionData } from "../../../../contracts/investor-reporting";
import { PrintBlock } from "../../../print/print-page";
import { FONT_WEIGHT, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { AttachmentsSection } from "./attachments-section";
import { ChartSection } from "./chart-section";
import { KpiSectionTable } from "./kpi-section-table";
import { TextSection } from "./text-section";

export const NO_SECTION_DATA = "This section has no data yet.";

/**
 * One section of a report as its readers see it, on screen and on paper: KPI sections as tables
 * (kpi-table.ts), chart sections drawn with the chart builder's d3 figure from the section's own
 * (frozen) figures, text sections as their sanitized HTML, attachment sections as a list of files.
 * On paper, charts and lists are blocks never cut across pages, while tables and texts run on
 * over pages (a table's header repeats on each). `onReady` says once the section is drawn (a
 * chart waits for its settings), so a print waits for every section. `titled: false` leaves out
 * the section's name where the page names it already (the report screen's section header).
 */
export function ReportSectionView({ section, data, currency, mode, onReady, titled = true }: { section: ReportSection; data: SectionData | undefined; currency: string; mode: "screen" | "print"; onReady?: () => void; titled?: boolean }) {
  const drawnAtOnce = !data || data.kind !== "chart";
  useEffect(() => {
    if (drawnAtOnce) onReady?.();
  }, [drawnAtOnce, onReady]);
  const body = (() => {
    if (!data) return <Muted>{NO_SECTION_DATA}</Muted>;
    switch (data.kind) {
      case "text":
        return <TextSection html={data.content.html} />;
      case "kpis":
        return <KpiSectionTable data={data} view={section.selectedView} currency={currency} caption={section.name} mode={mode} />;
      case "chart":
        return <ChartSection data={data} currency={currency} mode={mode} {...(onReady ? { onReady } : {})} />;
      case "attachments":
        return <AttachmentsSection files={data.attachments} />;
    }
  })();
  const keepWhole = data?.kind === "chart" || data?.kind === "attachments" || !data;
  if (mode === "print" && keepWhole)
    return (
      <PrintBlock $span="full" data-section={section.slug}>
        {titled ? <SectionTitle>{section.name}</SectionTitle> : null}
        {body}
      </PrintBlock>
    );
  return (
    <div data-section={section.slug}>
      {titled ? <SectionTitle>{section.name}</SectionTitle> : null}
      {body}
    </div>
  );
}

const SectionTitle = styled.h2`
  font-size: ${TYPE_SCALE.lg.size};
  font-weight: ${FONT_WEIGHT.semibold};
  margin: 0 0 ${SPACE.md};
  break-after: avoid;
  page-break-after: avoid;
`;

const Muted = styled.p`
  color: ${(p) => p.theme.textMuted};
`;
