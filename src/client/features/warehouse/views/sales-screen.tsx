import { useState } from "react";
import { styled } from "styled-components";
import { monthRangeLabel } from "../../../../domain/months";
import { DateInput, FilterSelect } from "../../../ui/compact-controls";
import { FilterBar } from "../../../ui/filter-bar";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { PermissionDenied } from "../../../ui/states";
import { MEDIA, SPACE } from "../../../ui/tokens";
import { periodOf, useCompanyFrame, useWarehouseAccess, useWarehouseView } from "./hooks";
import { DEFAULT_PERIOD, PERIOD_PRESETS, presetPeriod, type PeriodPreset } from "./period";
import { ConversionCard } from "./sales/conversion-card";
import { DealSizeCard } from "./sales/deal-size-card";
import { DevelopmentShareCard } from "./sales/development-share-card";
import { MarimekkoCard } from "./sales/marimekko-card";
import { RecommendationsCard } from "./sales/recommendations-card";
import { PipelineCard } from "./sales/pipeline-card";
import { StagesCard } from "./sales/stages-card";
import { TargetCard } from "./sales/target-card";
import { NoRawData } from "./view-parts";

/**
 * /warehouse/sales: the sales charts over the company's deals: the pipeline of a day (today unless
 * chosen), stage percentages, the sales target, deal sizes and the stages of the period's leads.
 * Amounts are in the company's currency.
 */
export default function SalesAnalyticsScreen() {
  const access = useWarehouseAccess();
  return access.analytics ? <SalesAnalytics canUpload={access.upload} /> : <PermissionDenied />;
}

function SalesAnalytics({ canUpload }: { canUpload: boolean }) {
  const frame = useCompanyFrame();
  const [preset, setPreset] = useState<PeriodPreset>(DEFAULT_PERIOD);
  const [pipelineDay, setPipelineDay] = useState("");
  const { from, to } = presetPeriod(preset, frame.currentMonth, frame.fiscalYearOffset);
  const months = periodOf(from, to);
  const period = monthRangeLabel(from, to);
  const pipeline = useWarehouseView("sales/pipeline", { view: "pipeline", date: pipelineDay || null });
  const percentages = useWarehouseView("sales/stage-percentages", { view: "stage-percentages", ...months });
  const target = useWarehouseView("sales/sales-target", { view: "sales-target", ...months });
  const size = useWarehouseView("sales/deal-size", { view: "deal-size", ...months });
  const stages = useWarehouseView("sales/stages", { view: "stages", ...months });
  const mix = useWarehouseView("sales/marimekko", { view: "marimekko", ...months });
  const development = useWarehouseView("sales/development-share", { view: "development-share", ...months });
  const recommendations = useWarehouseView("sales/recommendations", { view: "recommendations", ...months });
  const noDeals = stages.data !== null && pipeline.data !== null && stages.data.count === 0 && pipeline.data.count === 0 && size.data?.count === 0;
  return (
    <Page as="section" aria-labelledby="sales-title">
      <PageHeader
        headingId="sales-title"
        title="Sales analytics"
        description={`The company's deals from its raw data, in ${frame.currency}. Stage percentages, stages, target, deal sizes, the stages by deal size and the development share cover ${period}; the pipeline shows ${pipelineDay ? "the chosen day" : "today"}.`}
      />
      <FilterBar
        label="Sales analytics filters"
        items={[
          { key: "period", priority: "essential", changed: preset !== DEFAULT_PERIOD, control: <FilterSelect<PeriodPreset> label="Period" value={preset} options={PERIOD_PRESETS} onChange={setPreset} /> },
          { key: "pipeline-day", priority: "primary", changed: pipelineDay !== "", control: <DateInput label="Pipeline on (empty: today)" value={pipelineDay} max={frame.today} onChange={setPipelineDay} /> },
        ]}
        onReset={() => {
          setPreset(DEFAULT_PERIOD);
          setPipelineDay("");
        }}
      />
      {noDeals ? <NoRawData what="deals" canUpload={canUpload} /> : null}
      {noDeals ? null : <RecommendationsCard view={recommendations} period={period} />}
      <Grid>
        <PipelineCard view={pipeline} currency={frame.currency} today={frame.today} />
        <ConversionCard view={percentages} period={period} />
        <TargetCard view={target} currency={frame.currency} period={period} />
        <DealSizeCard view={size} currency={frame.currency} period={period} />
        <StagesCard view={stages} currency={frame.currency} />
        <MarimekkoCard view={mix} currency={frame.currency} period={period} />
        <DevelopmentShareCard view={development} currency={frame.currency} period={period} />
      </Grid>
    </Page>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${SPACE.lg};
  align-items: start;
  ${MEDIA.belowMedium} { grid-template-columns: minmax(0, 1fr); }
`;
