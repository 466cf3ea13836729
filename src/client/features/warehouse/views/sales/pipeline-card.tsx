import { useMemo } from "react";
import { useTheme } from "styled-components";
import { Card } from "../../../../ui/card";
import { DataTable } from "../../../../ui/data-table";
import type { WarehouseAnswers } from "../../requests";
import { CategoryChart } from "../category-chart";
import { count, dayName, money, moneyColumn, percent, stageColours } from "../format";
import { Figures, ViewBody } from "../view-parts";
import type { WarehouseView } from "../hooks";

type Pipeline = WarehouseAnswers["pipeline"];

/** The open pipeline of a day: figures, the amount by expected close stacked by stage, and the stages. */
export function PipelineCard({ view, currency, today }: { view: WarehouseView<"pipeline">; currency: string; today: string }) {
  return (
    <Card title="Pipeline" data-testid="pipeline">
      <ViewBody view={view} label="the pipeline">
        {(pipeline) => <PipelineBody pipeline={pipeline} currency={currency} today={today} />}
      </ViewBody>
    </Card>
  );
}

function PipelineBody({ pipeline, currency, today }: { pipeline: Pipeline; currency: string; today: string }) {
  const theme = useTheme();
  const colours = useMemo(() => stageColours(theme), [theme]);
  const bars = useMemo(() => pipeline.stages.map((stage) => ({ key: stage.stage, label: stage.label, values: pipeline.closeMonths.map((bucket) => bucket.byStage[stage.stage]) })), [pipeline]);
  const categories = useMemo(() => pipeline.closeMonths.map((bucket) => bucket.label), [pipeline]);
  const names = useMemo(() => pipeline.closeMonths.map((bucket) => (bucket.key === "overdue" ? `Overdue: expected to close before ${dayName(pipeline.date)}` : bucket.key === "later" ? "Later: expected after these months" : bucket.label)), [pipeline]);
  const format = (value: number) => money(value, currency);
  const day = pipeline.date === today ? "today" : dayName(pipeline.date);
  return (
    <>
      <Figures
        items={[
          { label: `Open deals ${pipeline.date === today ? "today" : `on ${day}`}`, value: count(pipeline.count) },
          { label: "Open amount", value: money(pipeline.amount, currency) },
          { label: "Weighted by stage", value: money(pipeline.weighted, currency), note: pipeline.amount > 0 ? `${percent((pipeline.weighted / pipeline.amount) * 100)} of the open amount` : undefined },
        ]}
      />
      <CategoryChart
        title="Open amount by expected close"
        summary={`The pipeline ${day === "today" ? "today" : `on ${day}`}: ${count(pipeline.count)} open deals worth ${format(pipeline.amount)}, by the month they are expected to close, stacked by stage.`}
        categories={categories}
        categoryNames={names}
        bars={bars}
        colours={colours}
        format={format}
        details={(index) => [`Total ${format(pipeline.closeMonths[index]?.amount ?? 0)}`]}
        detailsHeader="Total"
      />
      <DataTable
        label="Open deals by stage"
        rows={pipeline.stages}
        rowKey={(row) => row.stage}
        columns={[
          { key: "stage", header: "Stage", rowHeader: true, cell: (row) => row.label },
          { key: "count", header: "Deals", numeric: true, cell: (row) => count(row.count), sortValue: (row) => row.count },
          moneyColumn("amount", "Amount", pipeline.stages, (row) => row.amount, currency),
          moneyColumn("weighted", "Weighted", pipeline.stages, (row) => row.weighted, currency),
        ]}
        maxHeight="none"
      />
    </>
  );
}
