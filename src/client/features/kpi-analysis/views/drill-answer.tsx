import { Fragment } from "react";
import { Link } from "wouter";
import { styled } from "styled-components";
import type { DeepDrillResponse, DimensionsDrill, DrillInput, PnlDrill, RootCauseDrill } from "../../../../contracts/kpi-analysis";
import type { KpiMeta } from "../../../../contracts/kpis";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { percentChange } from "../../../../domain/kpi/percent-change";
import { Alert } from "../../../ui/alert";
import { Card } from "../../../ui/card";
import { FilterSelect } from "../../../ui/compact-controls";
import { DataTable, type DataTableColumn } from "../../../ui/data-table";
import { EmptyState } from "../../../ui/states";
import { changeFormatter, drillHref, effectKind, pnlBridge, rootCauseBridge, rootCauseHeadline, signed } from "./analysis-view-model";
import { SpanBarChart } from "./span-bar-chart";

interface AnswerProps {
  readonly answer: DeepDrillResponse;
  /** The KPI of the detail page, and the root cause's inputs opened in turn. */
  readonly kpiId: number;
  readonly trail: readonly number[];
  readonly catalogue: readonly KpiMeta[];
  readonly currency: string;
  readonly onDimension: (dimension: string) => void;
}

/** One drill's answer: its chart (a bridge or bars by dimension) and its table. */
export function DrillAnswer(props: AnswerProps) {
  const { answer, catalogue } = props;
  const kpi = catalogue.find((candidate) => candidate.id === answer.kpiId);
  const unit = kpi?.unit ?? "number";
  const format = (value: number | null) => formatKpiValue(value, unit, { currency: props.currency });
  const change = changeFormatter(unit, props.currency);
  const higherIsBetter = kpi?.higherIsBetter ?? true;
  const name = kpi?.name ?? "This KPI";
  switch (answer.type) {
    case "dimensions":
      return <DimensionsView drill={answer} name={name} format={format} change={change} higherIsBetter={higherIsBetter} onDimension={props.onDimension} />;
    case "root-cause":
      return <RootCauseView {...props} drill={answer} name={name} format={format} change={change} higherIsBetter={higherIsBetter} />;
    case "pnl-analysis":
      return <PnlView drill={answer} name={name} format={format} change={change} higherIsBetter={higherIsBetter} currency={props.currency} />;
  }
}

type Format = (value: number | null) => string;
type Change = (value: number) => string;
const percentText = (value: number | null) => (value === null ? "–" : Math.abs(value) >= 999999999 ? (value > 0 ? "new" : "gone") : `${value > 0 ? "+" : ""}${value.toFixed(1)} %`);
const shareText = (value: number | null) => (value === null ? "–" : `${(value * 100).toFixed(1)} %`);

function DimensionsView({ drill, name, format, change: changeText, higherIsBetter, onDimension }: { drill: DimensionsDrill; name: string; format: Format; change: Change; higherIsBetter: boolean; onDimension: (dimension: string) => void }) {
  type Row = DimensionsDrill["rows"][number];
  const change = (row: Row) => (row.value === null || row.base === null ? null : row.value - row.base);
  const columns: DataTableColumn<Row>[] = [
    { key: "member", header: drill.dimension ?? "Member", cell: (row) => row.member, rowHeader: true, sortValue: (row) => row.member },
    { key: "value", header: drill.periodLabel, cell: (row) => format(row.value), numeric: true, sortValue: (row) => row.value },
    { key: "share", header: "Share", cell: (row) => shareText(row.share), numeric: true, sortValue: (row) => row.share },
    { key: "base", header: drill.baseLabel, cell: (row) => format(row.base), numeric: true, sortValue: (row) => row.base },
    { key: "change", header: "Change", cell: (row) => (change(row) === null ? "–" : signed(change(row)!, changeText)), numeric: true, sortValue: change, tone: (row) => effectKind(change(row), higherIsBetter) as "good" | "bad" | "neutral" },
    { key: "changePercent", header: "Change %", cell: (row) => percentText(percentChange(row.value, row.base)), numeric: true, sortValue: (row) => percentChange(row.value, row.base) },
    { key: "plan", header: "Plan", cell: (row) => format(row.plan), numeric: true, sortValue: (row) => row.plan },
    { key: "vsPlan", header: "vs plan", cell: (row) => percentText(percentChange(row.value, row.plan)), numeric: true, sortValue: (row) => percentChange(row.value, row.plan), tone: (row) => effectKind(row.value === null || row.plan === null ? null : row.value - row.plan, higherIsBetter) as "good" | "bad" | "neutral" },
  ];
  // Without a plan by dimension the two plan columns would only show dashes.
  const shown = drill.rows.some((row) => row.plan !== null) ? columns : columns.filter((column) => column.key !== "plan" && column.key !== "vsPlan");
  const bars = drill.rows.filter((row) => row.value !== null).map((row) => ({ label: row.member, from: 0, to: row.value!, kind: "total" as const, text: `${format(row.value)} · ${shareText(row.share)}` }));
  const gap = drill.value !== null && drill.partsTotal !== null && Math.abs(drill.value - drill.partsTotal) > 1e-6 * Math.max(1, Math.abs(drill.value));
  return (
    <Card
      title={`${name} by ${drill.dimension ?? "dimension"}, ${drill.periodLabel}`}
      padding="md"
      actions={drill.dimensions.length > 1 && drill.dimension ? <FilterSelect label="Split by" value={drill.dimension} options={drill.dimensions.map((value) => ({ value, label: value }))} onChange={onDimension} /> : undefined}
    >
      <Body>
        <p>
          {name}: {format(drill.value)} in {drill.periodLabel} against {format(drill.base)} in {drill.baseLabel}
          {drill.plan !== null ? ` and a plan of ${format(drill.plan)}` : ""}.
        </p>
        {gap ? <Alert tone="info">{`The values by ${drill.dimension} add up to ${format(drill.partsTotal)}, not the KPI's ${format(drill.value)}: part of it has not been uploaded by dimension.`}</Alert> : null}
        {bars.length > 0 ? <SpanBarChart rows={bars} bridge={false} label={`${name} by ${drill.dimension}, ${drill.periodLabel}: ${bars.map((bar) => `${bar.label} ${bar.text}`).join(", ")}`} /> : <EmptyState title={`No values by dimension in ${drill.periodLabel}.`} />}
        <DataTable label={`${name} by ${drill.dimension}`} columns={shown} rows={drill.rows} rowKey={(row) => row.member} maxHeight="none" />
      </Body>
    </Card>
  );
}

function RootCauseView({ drill, name, format, change: changeText, higherIsBetter, kpiId, trail, catalogue, currency }: AnswerProps & { drill: RootCauseDrill; name: string; format: Format; change: Change; higherIsBetter: boolean }) {
  const change = drill.value !== null && drill.base !== null ? drill.value - drill.base : null;
  const formats = { value: format, change: changeText };
  const bridge = rootCauseBridge(drill, higherIsBetter, formats);
  const nameOf = (id: number) => catalogue.find((kpi) => kpi.id === id)?.name ?? `KPI ${id}`;
  const path = [kpiId, ...trail];
  const inputFormat = (input: DrillInput) => (value: number | null) => formatKpiValue(value, input.unit, { currency });
  const columns: DataTableColumn<DrillInput>[] = [
    {
      key: "input",
      header: "Input",
      rowHeader: true,
      cell: (input) =>
        input.hidden ? (
          <span className="hidden">hidden</span>
        ) : input.drillable && input.kpiId !== null ? (
          <Link href={drillHref(kpiId, "root-cause", [...trail, input.kpiId])} aria-label={`Drill into ${input.name}`}>
            {input.name} ›
          </Link>
        ) : (
          input.name
        ),
    },
    { key: "base", header: drill.baseLabel, cell: (input) => inputFormat(input)(input.base), numeric: true },
    { key: "value", header: drill.periodLabel, cell: (input) => inputFormat(input)(input.value), numeric: true },
    { key: "inputChange", header: "Change", cell: (input) => percentText(percentChange(input.value, input.base)), numeric: true },
    { key: "effect", header: `Effect on ${name}`, cell: (input) => (input.effect === null ? "–" : signed(input.effect, changeText)), numeric: true, sortValue: (input) => (input.effect === null ? null : Math.abs(input.effect)), tone: (input) => effectKind(input.effect, higherIsBetter) as "good" | "bad" | "neutral" },
    { key: "share", header: "Share of change", cell: (input) => (input.effect === null || !change ? "–" : `${((input.effect / change) * 100).toFixed(0)} %`), numeric: true },
  ];
  return (
    <Card title={`Root cause: ${name}`} padding="md">
      <Body>
        {trail.length > 0 ? (
          <nav aria-label="Drill path" className="trail">
            {path.map((id, index) => (
              <Fragment key={`${id}-${index}`}>
                {index > 0 ? <span aria-hidden="true"> › </span> : null}
                {index === path.length - 1 ? <span aria-current="page">{nameOf(id)}</span> : <Link href={drillHref(kpiId, "root-cause", trail.slice(0, index))}>{nameOf(id)}</Link>}
              </Fragment>
            ))}
          </nav>
        ) : null}
        <p className="formula">
          {name} = {drill.formula}
        </p>
        <p className="headline">{rootCauseHeadline(drill, name, formats)}</p>
        {drill.unattributed ? <Alert tone="info">{drill.unattributed}</Alert> : null}
        {bridge ? <SpanBarChart rows={bridge} bridge format={format} label={`Bridge of ${name} from ${drill.baseLabel} to ${drill.periodLabel}: ${bridge.map((row) => `${row.label} ${row.text}`).join(", ")}`} /> : null}
        <DataTable label={`Inputs of ${name}`} columns={columns} rows={drill.inputs} rowKey={(input) => input.key} maxHeight="none" initialSort={{ column: "effect", direction: "descending" }} />
        {drill.aggregationEffect !== null ? (
          <p className="note">{`Period averaging ${signed(drill.aggregationEffect, changeText)}: ${name} is made month by month and then aggregated, so over several months it moves a little differently from its formula over the inputs' period figures.`}</p>
        ) : null}
        <p className="note">Effects are Shapley values: each input's average effect over every order in which the inputs could have changed. They add up to the whole change.</p>
      </Body>
    </Card>
  );
}

const ROLE_LABELS = { price: "Price", volume: "Volume", revenue: "Revenue", cost: "Cost" } as const;

function PnlView({ drill, name, format, change, higherIsBetter, currency }: { drill: PnlDrill; name: string; format: Format; change: Change; higherIsBetter: boolean; currency: string }) {
  const bridge = pnlBridge(drill, higherIsBetter, { value: format, change });
  type Line = PnlDrill["lines"][number];
  const money = (line: Line) => (value: number | null) => formatKpiValue(value, line.input.unit, { currency });
  const columns: DataTableColumn<Line>[] = [
    { key: "role", header: "Role", cell: (line) => ROLE_LABELS[line.role] },
    { key: "name", header: "KPI", rowHeader: true, cell: (line) => (line.input.hidden ? <span className="hidden">hidden</span> : line.input.name) },
    { key: "base", header: drill.baseLabel, cell: (line) => money(line)(line.input.base), numeric: true },
    { key: "value", header: drill.periodLabel, cell: (line) => money(line)(line.input.value), numeric: true },
    { key: "change", header: "Change", cell: (line) => percentText(percentChange(line.input.value, line.input.base)), numeric: true },
  ];
  const effects: DataTableColumn<PnlDrill["factors"][number]>[] = [
    { key: "factor", header: "Effect", rowHeader: true, cell: (factor) => factor.label },
    { key: "effect", header: `On ${name}`, cell: (factor) => (factor.effect === null ? "–" : signed(factor.effect, change)), numeric: true, tone: (factor) => effectKind(factor.effect, higherIsBetter) as "good" | "bad" | "neutral" },
  ];
  return (
    <Card title={`P&L analysis: ${name}`} padding="md">
      <Body>
        <p className="headline">
          {drill.value !== null && drill.base !== null
            ? `${name} moved from ${format(drill.base)} (${drill.baseLabel}) to ${format(drill.value)} (${drill.periodLabel}), ${signed(drill.value - drill.base, change)}: read as ${drill.kind === "margin" ? "a margin, (revenue − costs) ÷ revenue" : "a profit, revenue − costs"}.`
            : `${name} has no value in one of the periods, so there is no change to split.`}
        </p>
        {drill.note ? <Alert tone="info" title="No price and volume split">{drill.note}</Alert> : null}
        {drill.unattributed ? <Alert tone="info">{drill.unattributed}</Alert> : null}
        {bridge ? <SpanBarChart rows={bridge} bridge format={format} label={`P&L bridge of ${name} from ${drill.baseLabel} to ${drill.periodLabel}: ${bridge.map((row) => `${row.label} ${row.text}`).join(", ")}`} /> : null}
        {drill.factors.length > 0 ? <DataTable label={`Effects on ${name}`} columns={effects} rows={drill.factors} rowKey={(factor) => factor.factor} maxHeight="none" /> : null}
        <DataTable label={`Lines behind ${name}`} columns={columns} rows={drill.lines} rowKey={(line) => `${line.role}-${line.input.key}`} maxHeight="none" />
        <p className="note">
          {drill.kind === "margin"
            ? drill.note
              ? "More revenue over the same costs raises the margin, higher costs lower it; the effects are Shapley values and add up to the change."
              : "Price raises the margin directly; volume only by spreading the costs over more revenue; the effects are Shapley values and add up to the change."
            : drill.note
              ? "The revenue effect is the change in revenue, the cost effect the change in costs; together they are the change."
              : "The cost effect is the change in costs; price and volume share their joint change evenly (Shapley values), so the effects add up to the change."}
        </p>
      </Body>
    </Card>
  );
}

const Body = styled.div`
  display: grid;
  gap: 12px;
  p { margin: 0; }
  .headline { font-size: 15px; }
  .formula { font-size: 13px; color: ${(p) => p.theme.textMuted}; }
  .note { font-size: 12px; color: ${(p) => p.theme.textMuted}; }
  .hidden { font-style: italic; color: ${(p) => p.theme.textMuted}; }
  .trail { font-size: 13px; }
`;
