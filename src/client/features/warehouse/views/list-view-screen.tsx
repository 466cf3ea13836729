import { useMemo, useState } from "react";
import { useParams } from "wouter";
import { LIST_VIEW_VARIANTS } from "../../../../contracts/warehouse";
import { monthRangeLabel } from "../../../../domain/months";
import { listViewCsv } from "../../../../domain/warehouse/csv-export";
import { LIST_VIEW_TITLE, type ListViewVariant } from "../../../../domain/warehouse/list-views";
import { browserSaveFile } from "../../../app/deps";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { FilterSelect } from "../../../ui/compact-controls";
import { DataTable, type DataTableColumn } from "../../../ui/data-table";
import { FilterBar } from "../../../ui/filter-bar";
import { Page } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { NotFoundState, PermissionDenied } from "../../../ui/states";
import type { WarehouseAnswers } from "../requests";
import { cellText, moneyColumn } from "./format";
import { periodOf, useCompanyFrame, useWarehouseAccess, useWarehouseView } from "./hooks";
import { DEFAULT_PERIOD, PERIOD_PRESETS, presetPeriod, type PeriodPreset } from "./period";
import { LinkTabs } from "../../../ui/link-tabs";
import { ViewBody } from "./view-parts";

const TABS = LIST_VIEW_VARIANTS.map((variant) => ({ href: `/warehouse/list-view/${variant}`, label: LIST_VIEW_TITLE[variant] }));
type ListRow = WarehouseAnswers["list-view"]["rows"][number];

/**
 * /warehouse/list-view/{variant}: the warehouse's list views (financial, recurring revenue,
 * product management, project profitability, MQL/SQL, employee count) over a period, sortable,
 * and as a CSV download of what is shown.
 */
export default function WarehouseListViewScreen() {
  const access = useWarehouseAccess();
  const params = useParams<{ variant?: string }>();
  const variant = (params.variant ?? "financial") as ListViewVariant;
  if (!access.analytics) return <PermissionDenied />;
  if (!LIST_VIEW_VARIANTS.includes(variant)) return <NotFoundState />;
  return <ListViews variant={variant} />;
}

function ListViews({ variant }: { variant: ListViewVariant }) {
  const frame = useCompanyFrame();
  const [preset, setPreset] = useState<PeriodPreset>(DEFAULT_PERIOD);
  const { from, to } = presetPeriod(preset, frame.currentMonth, frame.fiscalYearOffset);
  const view = useWarehouseView("list-view", { view: "list-view", variant, ...periodOf(from, to) });
  const title = LIST_VIEW_TITLE[variant];
  return (
    <Page as="section" aria-labelledby="warehouse-list-title">
      <PageHeader headingId="warehouse-list-title" title="Warehouse list views" description={`${title}, ${monthRangeLabel(from, to)}. Amounts in ${frame.currency}; click a column's header to sort by it.`} />
      <LinkTabs label="List view variants" tabs={TABS} current={`/warehouse/list-view/${variant}`} />
      <FilterBar
        label="List view filters"
        items={[{ key: "period", priority: "essential", changed: preset !== DEFAULT_PERIOD, control: <FilterSelect<PeriodPreset> label="Period" value={preset} options={PERIOD_PRESETS} onChange={setPreset} /> }]}
        onReset={() => setPreset(DEFAULT_PERIOD)}
      />
      <Card padding="md" title={title} aria-label={`${title} list`}>
        <ViewBody view={view} label={`the ${title.toLowerCase()} list`}>
          {(list) => <ListTable list={list} currency={frame.currency} fileName={`${variant}-${periodOf(from, to).from.slice(0, 7)}-to-${periodOf(from, to).to.slice(0, 7)}.csv`} />}
        </ViewBody>
      </Card>
    </Page>
  );
}

const numberOf = (cell: string | number | null | undefined) => (typeof cell === "number" ? cell : null);

function ListTable({ list, currency, fileName }: { list: WarehouseAnswers["list-view"]; currency: string; fileName: string }) {
  const columns = useMemo(
    () =>
      list.columns.map((column, index): DataTableColumn<ListRow> =>
        column.kind === "money"
          ? moneyColumn(column.key, column.label, list.rows, (row) => numberOf(row.cells[column.key]), currency)
          : {
          key: column.key,
          header: column.label,
          rowHeader: index === 0,
          sticky: index === 0,
          numeric: ["count", "money", "percent", "number"].includes(column.kind),
          cell: (row) => cellText(row.cells[column.key] ?? null, column.kind, currency),
          sortValue: (row) => row.cells[column.key] ?? null,
        },
      ),
    [list, currency],
  );
  return (
    <>
      <p style={{ margin: 0 }}>{list.description}</p>
      <div>
        <Button size="sm" onClick={() => browserSaveFile(new Blob(["\uFEFF", listViewCsv(list)], { type: "text/csv;charset=utf-8" }), fileName)}>
          Download CSV
        </Button>
      </div>
      <DataTable label={`${list.title} list`} columns={columns} rows={list.rows} rowKey={(row) => row.key || "none"} empty="No rows in this period." />
    </>
  );
}
