import { Card } from "../../../../ui/card";
import { DataTable } from "../../../../ui/data-table";
import type { WarehouseView } from "../hooks";
import { count, money, moneyColumn, percent } from "../format";
import { ViewBody } from "../view-parts";

/** Stages: the period's leads by the stage they are in now. */
export function StagesCard({ view, currency }: { view: WarehouseView<"stages">; currency: string }) {
  return (
    <Card title="Stages" data-testid="stages">
      <ViewBody view={view} label="the stages">
        {(stages) => (
          <DataTable
            label="Deals by current stage"
            caption={`${count(stages.count)} deals worth ${money(stages.amount, currency)}, by the stage they are in now`}
            rows={stages.stages}
            rowKey={(row) => row.stage}
            columns={[
              { key: "stage", header: "Stage", rowHeader: true, cell: (row) => row.label },
              { key: "count", header: "Deals", numeric: true, cell: (row) => count(row.count), sortValue: (row) => row.count },
              { key: "share", header: "Share", numeric: true, cell: (row) => percent(row.share), sortValue: (row) => row.share },
              moneyColumn("amount", "Amount", stages.stages, (row) => row.amount, currency),
              { key: "days", header: "Average days", numeric: true, cell: (row) => count(row.averageDays), sortValue: (row) => row.averageDays },
            ]}
            maxHeight="none"
          />
        )}
      </ViewBody>
    </Card>
  );
}
