import { Card } from "../../../ui/card";
import { DataTable } from "../../../ui/data-table";
import { Badge, type BadgeTone } from "../../../ui/badge";
import { Stack } from "../../../ui/layout";
import { NotFoundState } from "../../../ui/states";
import { STAGE_LABEL, type DealStage } from "../../../../domain/warehouse/stages";
import type { WarehouseAnswers } from "../requests";
import { count, dayName, moneyColumn } from "./format";
import { useWarehouseView } from "./hooks";
import { ViewBody } from "./view-parts";

type Comparison = WarehouseAnswers["snapshot"];
const OUTCOME_LABEL: Readonly<Record<Comparison["outcomes"][number]["outcome"], string>> = {
  won: "Won",
  lost: "Lost",
  advanced: "Advanced",
  "moved back": "Moved back",
  unchanged: "Unchanged",
  removed: "No longer in the data",
  new: "New since",
};
const OUTCOME_TONE: Readonly<Record<Comparison["outcomes"][number]["outcome"], BadgeTone>> = { won: "good", lost: "bad", advanced: "good", "moved back": "warning", unchanged: "neutral", removed: "warning", new: "accent" };
const stageName = (stage: DealStage | null) => (stage ? STAGE_LABEL[stage] : "–");

/** One snapshot against the pipeline now: each stage then and now, the outcomes, and every deal. */
export function SnapshotComparison({ snapshotId, currency }: { snapshotId: number; currency: string }) {
  const view = useWarehouseView("snapshot", { view: "snapshot", snapshotId });
  if (view.status === "error" && !view.data && /not found/i.test(view.message ?? "")) return <NotFoundState headingLevel={2} homeHref="/warehouse/snapshots" homeLabel="Back to the snapshots" />;
  return (
    <ViewBody view={view} label="the comparison">
      {(comparison) => <ComparisonBody comparison={comparison} currency={currency} />}
    </ViewBody>
  );
}

function ComparisonBody({ comparison, currency }: { comparison: Comparison; currency: string }) {
  const { snapshot } = comparison;
  return (
    <Card title={`“${snapshot.name}” (${dayName(snapshot.asOf)}) and now`} data-testid="snapshot-comparison">
      <Stack>
        <DataTable
          label="Pipeline by stage, then and now"
          rows={comparison.stages}
          rowKey={(row) => row.stage}
          maxHeight="none"
          columns={[
            { key: "stage", header: "Stage", rowHeader: true, cell: (row) => row.label },
            { key: "thenCount", header: `Deals on ${dayName(snapshot.asOf)}`, numeric: true, cell: (row) => count(row.thenCount) },
            moneyColumn("thenAmount", "Amount then", comparison.stages, (row) => row.thenAmount, currency),
            { key: "nowCount", header: "Deals now", numeric: true, cell: (row) => count(row.nowCount) },
            moneyColumn("nowAmount", "Amount now", comparison.stages, (row) => row.nowAmount, currency),
          ]}
        />
        <DataTable
          label="What became of the deals"
          rows={comparison.outcomes.filter((row) => row.count > 0)}
          rowKey={(row) => row.outcome}
          maxHeight="none"
          empty="The snapshot held no open deal, and none is open now."
          columns={[
            { key: "outcome", header: "Since the snapshot", rowHeader: true, cell: (row) => OUTCOME_LABEL[row.outcome] },
            { key: "count", header: "Deals", numeric: true, cell: (row) => count(row.count) },
            moneyColumn("amount", "Amount", comparison.outcomes, (row) => row.amount, currency),
          ]}
        />
        <DataTable
          label="Deals of the snapshot and new ones"
          rows={comparison.deals}
          rowKey={(row) => row.key}
          maxHeight="28rem"
          columns={[
            { key: "deal", header: "Deal", rowHeader: true, sticky: true, cell: (row) => row.name || row.key, sortValue: (row) => row.name },
            { key: "then", header: "Stage then", cell: (row) => stageName(row.thenStage), sortValue: (row) => row.thenStage },
            { key: "now", header: "Stage now", cell: (row) => stageName(row.nowStage), sortValue: (row) => row.nowStage },
            moneyColumn("thenAmount", "Amount then", comparison.deals, (row) => row.thenAmount, currency),
            moneyColumn("nowAmount", "Amount now", comparison.deals, (row) => row.nowAmount, currency),
            { key: "outcome", header: "Outcome", cell: (row) => <Badge tone={OUTCOME_TONE[row.outcome]}>{OUTCOME_LABEL[row.outcome]}</Badge>, sortValue: (row) => row.outcome },
          ]}
        />
      </Stack>
    </Card>
  );
}
