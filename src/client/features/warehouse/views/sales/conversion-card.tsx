import { useMemo } from "react";
import { useTheme } from "styled-components";
import { Card } from "../../../../ui/card";
import { DataTable } from "../../../../ui/data-table";
import type { WarehouseView } from "../hooks";
import { CategoryChart } from "../category-chart";
import { count, percent } from "../format";
import { Figures, ViewBody } from "../view-parts";

/** Stage percentages: how the period's leads got from stage to stage, and the win rate. */
export function ConversionCard({ view, period }: { view: WarehouseView<"stage-percentages">; period: string }) {
  const theme = useTheme();
  return (
    <Card title="Stage percentages" data-testid="stage-percentages">
      <ViewBody view={view} label="the stage percentages">
        {(funnel) => (
          <>
            <Figures
              items={[
                { label: "Win rate", value: percent(funnel.winRate), note: "won of the closed deals" },
                { label: "Leads", value: count(funnel.count) },
                { label: "Won", value: count(funnel.won) },
                { label: "Lost", value: count(funnel.lost) },
                { label: "Still open", value: count(funnel.open) },
              ]}
            />
            <FunnelChart funnel={funnel} colour={theme.accent} period={period} />
            <DataTable
              label="Stage percentages"
              rows={funnel.stages}
              rowKey={(row) => row.stage}
              columns={[
                { key: "stage", header: "Stage", rowHeader: true, cell: (row) => row.label },
                { key: "reached", header: "Reached", numeric: true, cell: (row) => count(row.reached) },
                { key: "leads", header: "Of leads", numeric: true, cell: (row) => percent(row.percentOfLeads) },
                { key: "previous", header: "Of the stage before", numeric: true, cell: (row) => percent(row.percentOfPrevious) },
              ]}
              maxHeight="none"
            />
          </>
        )}
      </ViewBody>
    </Card>
  );
}

function FunnelChart({ funnel, colour, period }: { funnel: NonNullable<WarehouseView<"stage-percentages">["data"]>; colour: string; period: string }) {
  const bars = useMemo(() => [{ key: "reached", label: "Deals that reached the stage", values: funnel.stages.map((stage) => stage.reached) }], [funnel]);
  const categories = useMemo(() => funnel.stages.map((stage) => stage.label), [funnel]);
  return (
    <CategoryChart
      title="Deals that reached each stage"
      summary={`Of ${count(funnel.count)} leads from ${period}, ${funnel.stages.map((stage) => `${count(stage.reached)} reached ${stage.label}`).join(", ")}.`}
      categories={categories}
      bars={bars}
      colours={{ reached: colour }}
      format={count}
      details={(index) => {
        const stage = funnel.stages[index];
        return stage ? [`${percent(stage.percentOfLeads)} of leads`, ...(stage.percentOfPrevious === null ? [] : [`${percent(stage.percentOfPrevious)} of the stage before`])] : [];
      }}
      detailsHeader="Conversion"
    />
  );
}
