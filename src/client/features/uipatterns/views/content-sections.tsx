import { useState } from "react";
import { Badge, BucketLegend } from "../../../ui/badge";
import { Button } from "../../../ui/button";
import { Card } from "../../../ui/card";
import { CollapsibleSection } from "../../../ui/collapsible-section";
import { DataTable } from "../../../ui/data-table";
import { IconButton } from "../../../ui/icon-button";
import { Icon } from "../../../ui/icons";
import { Cluster, Stack, TileGrid } from "../../../ui/layout";
import { Numeric } from "../../../ui/numeric";
import { PageHeader } from "../../../ui/page-header";
import { RowToggle, Table, TableFrame, Td, Th, TreeLeaf, type CellTone } from "../../../ui/table-parts";
import { Text } from "../../../ui/text";
import { Specimen, State } from "./specimen";

/** PageHeader and Breadcrumbs, Card, CollapsibleSection, Badge and Legend, Text and layout, DataTable and its parts. */
export function ContentSections() {
  return (
    <>
      <Specimen
        id="page-header"
        name='<PageHeader title breadcrumbs={[{ label, href }]} description titleAddon actions headingRef> · <Breadcrumbs items>'
        file="page-header.tsx · breadcrumbs.tsx"
        use="The top of every screen: its one h1 (focusable by the shell after a navigation), breadcrumbs on detail pages (absolute addresses, the last one the current page), a description and the page's actions."
      >
        <State label="Detail page" wide>
          <div style={{ width: "100%" }}>
            <PageHeader
              title="Revenue"
              breadcrumbs={[
                { label: "Operational dashboard", href: "/reporting/operational-dashboard" },
                { label: "Revenue", href: "/uipatterns" },
              ]}
              titleAddon={<Badge tone="warning">Outdated</Badge>}
              description="Monthly values in EUR, Oct 2026. Sum over months; higher is better."
              actions={
                <>
                  <Button>Export</Button>
                  <Button variant="primary">Save changes</Button>
                </>
              }
            />
          </div>
        </State>
        <State label="Long title, narrow" width="320px">
          <PageHeader title="Training hours per employee in the engineering department" description="Average of monthly values." actions={<Button size="sm">Export</Button>} />
        </State>
      </Specimen>

      <CardSpecimen />

      <Specimen id="badge" name='<Badge tone="neutral | accent | good | bad | warning | bottom5 … top5"> <BucketLegend>' file="badge.tsx · benchmark.ts" use="Short labels on cards and in cells. The words carry the meaning; colour helps. The five benchmark buckets have their own colour pairs and a legend.">
        <State label="Tones">
          <Badge>In validation</Badge>
          <Badge tone="accent">On plan</Badge>
          <Badge tone="good">Ahead of plan</Badge>
          <Badge tone="bad">Behind plan</Badge>
          <Badge tone="warning">Outdated</Badge>
        </State>
        <State label="Benchmark legend" wide>
          <BucketLegend />
        </State>
      </Specimen>

      <Specimen id="text" name='<Text $size $tone> <Numeric> <Page> <Stack> <Cluster> <TileGrid>' file="text.tsx · numeric.tsx · layout.tsx" use="Text on the type scale in a role colour, figures that line up, and the page's layout boxes — so features never style their own.">
        <State label="Text tones">
          <Stack $gap="xs">
            <Text>Default body text</Text>
            <Text $tone="muted" $size="sm">
              Muted, small: Oct 2026 plan € 5.03M
            </Text>
            <Text $tone="good">+4.7 % vs plan</Text>
            <Text $tone="bad">−12.0 % vs plan</Text>
            <Text $tone="neutral">0.0 % vs plan</Text>
          </Stack>
        </State>
        <State label="Numeric">
          <Text $size="figure" $weight="semibold">
            <Numeric>€ 4.80M</Numeric>
          </Text>
        </State>
        <State label="TileGrid + Cluster" wide>
          <TileGrid $min="160px" style={{ width: "100%" }}>
            {["Cash balance", "Net burn", "Runway", "Gross margin"].map((name) => (
              <Card key={name} as="div" padding="md">
                <Cluster $justify="space-between">
                  <Text $weight="semibold">{name}</Text>
                  <Badge tone="average50">Average 50 %</Badge>
                </Cluster>
              </Card>
            ))}
          </TileGrid>
        </State>
      </Specimen>

      <DataTableSpecimen />
    </>
  );
}

function CardSpecimen() {
  const [open, setOpen] = useState(true);
  return (
    <Specimen
      id="card"
      name='<Card title actions padding as> <CollapsibleSection title summary open onOpenChange defaultOpen>'
      file="card.tsx · collapsible-section.tsx"
      use="A surface for one thing (a KPI, a chart, a form). A collapsible section hides a group (a dashboard's category) with a disclosure button (aria-expanded); it remembers nothing itself — controlled, or uncontrolled with defaultOpen."
    >
      <State label="Card with title and actions">
        <Card title="Monthly values" headingLevel={3} actions={<IconButton label="More actions" icon={<Icon name="more" />} size="sm" />} style={{ width: "100%" }}>
          <Text $tone="muted">The last 24 months, editable by people who may write this KPI.</Text>
        </Card>
      </State>
      <State label="Long text, narrow" width="240px">
        <Card title="Average revenue per account in the enterprise segment" headingLevel={3} padding="md">
          <Text $tone="muted" $size="sm">
            A very long explanation that wraps over several lines without pushing the card wider than its column.
          </Text>
        </Card>
      </State>
      <State label="Collapsible: controlled" wide>
        <Stack style={{ width: "100%" }}>
          <CollapsibleSection title="Financial" summary="9 KPIs" open={open} onOpenChange={setOpen} headingLevel={3}>
            <Text $tone="muted">Cash balance, net burn, runway, days sales outstanding …</Text>
          </CollapsibleSection>
          <CollapsibleSection title="Sales" summary="9 KPIs" defaultOpen={false} headingLevel={3}>
            <Text $tone="muted">New bookings, pipeline value, win rate …</Text>
          </CollapsibleSection>
        </Stack>
      </State>
    </Specimen>
  );
}

interface DemoRow {
  readonly id: number;
  readonly kpi: string;
  readonly actual: number;
  readonly plan: number | null;
}

const ROWS: readonly DemoRow[] = [
  { id: 1, kpi: "Revenue", actual: 7_790_000, plan: 8_160_000 },
  { id: 2, kpi: "Cost of goods sold", actual: 2_450_000, plan: 2_360_000 },
  { id: 3, kpi: "Gross profit", actual: 5_340_000, plan: 5_800_000 },
  { id: 4, kpi: "Other operating expenses", actual: 421_000, plan: 423_000 },
  { id: 5, kpi: "Depreciation and amortisation", actual: 180_000, plan: null },
];
const money = (value: number | null) => (value === null ? "No plan" : `€ ${(value / 1000).toLocaleString("en-GB", { maximumFractionDigits: 0 })}k`);
const deviation = (row: DemoRow) => (row.plan === null ? null : ((row.actual - row.plan) / row.plan) * 100);
// Costs (rows 2 and 4) are better lower: the tone follows the KPI's direction, not the sign.
const toneOf = (row: DemoRow): CellTone => {
  const change = deviation(row);
  if (change === null || Math.abs(change) < 0.05) return "neutral";
  const higherIsBetter = row.id !== 2 && row.id !== 4;
  return change > 0 === higherIsBetter ? "good" : "bad";
};

function DataTableSpecimen() {
  const [expanded, setExpanded] = useState(true);
  const columns = [
    { key: "kpi", header: "KPI", rowHeader: true, sticky: true, cell: (row: DemoRow) => row.kpi, sortValue: (row: DemoRow) => row.kpi },
    { key: "actual", header: "Actual YTD", numeric: true, cell: (row: DemoRow) => money(row.actual), sortValue: (row: DemoRow) => row.actual },
    { key: "plan", header: "Plan YTD", numeric: true, cell: (row: DemoRow) => money(row.plan), sortValue: (row: DemoRow) => row.plan },
    {
      key: "deviation",
      header: "Δ %",
      numeric: true,
      tone: toneOf,
      cell: (row: DemoRow) => {
        const change = deviation(row);
        return change === null ? "–" : `${change > 0 ? "+" : change < 0 ? "−" : ""}${Math.abs(change).toFixed(1)} %`;
      },
      sortValue: deviation,
    },
  ];
  return (
    <Specimen
      id="data-table"
      name="<DataTable label caption columns rows rowKey empty maxHeight> · TableFrame Table Th Td RowToggle"
      file="data-table.tsx · table-parts.tsx · scroll-area.tsx"
      use="Real table semantics (caption or label, th scope), a sticky header, dense rows, numeric columns right-aligned in tabular figures, sortable columns (aria-sort), and a scroll area that is a focusable, named region when it overflows. Special tables (the P&L tree, virtualized lists) use the exported parts."
    >
      <State label="Sortable, numeric, tones" wide>
        <div style={{ width: "100%" }}>
          <DataTable<DemoRow> label="Profit and loss, year to date" caption="Profit and loss, year to date" columns={columns} rows={ROWS} rowKey={(row) => row.id} />
        </div>
      </State>
      <State label="Narrow: scrolls sideways, Tab reaches it" width="300px">
        <DataTable<DemoRow> label="Profit and loss, narrow" columns={columns} rows={ROWS} rowKey={(row) => row.id} />
      </State>
      <State label="Empty" width="300px">
        <DataTable<DemoRow> label="Users" columns={columns.slice(0, 2)} rows={[]} rowKey={(row) => row.id} empty="No KPIs in this category." />
      </State>
      <State label="Parts: a tree table" wide>
        <TableFrame label="Operating expenses tree" style={{ width: "100%" }}>
          <Table aria-label="Operating expenses tree">
            <thead>
              <tr>
                <Th scope="col" sticky>
                  KPI
                </Th>
                <Th scope="col" numeric>
                  Actual YTD
                </Th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <Th scope="row" sticky>
                  <RowToggle expanded={expanded} onToggle={() => setExpanded(!expanded)}>
                    <strong>Operating expenses</strong>
                  </RowToggle>
                </Th>
                <Td numeric>€ 4,540k</Td>
              </tr>
              {expanded
                ? ["Personnel costs", "Marketing costs"].map((name, index) => (
                    <tr key={name}>
                      <Th scope="row" sticky>
                        <TreeLeaf $depth={1}>{name}</TreeLeaf>
                      </Th>
                      <Td numeric>{index === 0 ? "€ 2,910k" : "€ 890k"}</Td>
                    </tr>
                  ))
                : null}
            </tbody>
          </Table>
        </TableFrame>
      </State>
    </Specimen>
  );
}
