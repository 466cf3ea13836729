import { useMemo, useState } from "react";
import { Link, useLocation } from "wouter";
import { styled } from "styled-components";
import type { FlexibleColumn, KpiMeta, ValuesResponse } from "../../../../../contracts/kpis";
import { columnScaleCaption, columnScaleDescription, type ColumnScale } from "../../../../../domain/kpi/column-scale";
import {
  columnCoverage,
  columnScales,
  columnTitle,
  computeColumns,
  coverageOfData,
  EMPTY_SERIES,
  formatCellInColumn,
  partialText,
  type ColumnCell,
  type ColumnCoverage,
  type Tone,
} from "../../../../../domain/kpi/flexible-columns";
import { DEFAULT_EXPAND_LEVEL, kpiTree, toggleRow, visibleRows } from "../../../../../domain/kpi/kpi-tree";
import type { Observation } from "../../../../../domain/kpi/period-kpis";
import { monthsOfValues, periodSeriesOf } from "../../../../../domain/kpi/period-series";
import type { MonthIndex } from "../../../../../domain/months";
import { RowToggle, Table, TableFrame, Td, Th, TreeLeaf } from "../../../../ui/table-parts";
import { FONT_WEIGHT, MEDIA, TYPE_SCALE } from "../../../../ui/tokens";
import { VisuallyHidden } from "../../../../ui/visually-hidden";
import { CellPartialMark, PartialMark, PeriodName } from "./period-marks";

export interface FinancialTableProps {
  /** The category's KPIs, in the order rows show (children under their parent). */
  readonly kpis: readonly KpiMeta[];
  /** Monthly values in the chosen currency, covering the months the columns read (`columnsSpan`). */
  readonly values: ValuesResponse;
  readonly columns: readonly FlexibleColumn[];
  readonly selection: { readonly start: MonthIndex; readonly end: MonthIndex };
  readonly fiscalYearOffset: number;
  readonly currency: string;
  /** "Select columns": only these show (deviations still compute from hidden columns). All when absent. */
  readonly selectedColumnIds?: readonly string[] | undefined;
  /** The table's accessible name (and its scroll area's). */
  readonly label?: string | undefined;
}

const TONE_TEXT: Record<Tone, string> = { good: " (favourable)", bad: " (unfavourable)", neutral: "" };

/**
 * The P&L of one category: a row per KPI as a tree (default expand level 1), each KPI's name a
 * link to its detail, a column per flexible column. Every value comes from the one column engine;
 * each column shows its money in one scale named in its header, with its period and, when the
 * period is only partly covered, a partial mark.
 */
export function FinancialTable({ kpis, values, columns, selection, fiscalYearOffset, currency, selectedColumnIds, label = "Financial table" }: FinancialTableProps) {
  const [toggled, setToggled] = useState<ReadonlySet<number>>(() => new Set());
  const [from] = useLocation(); // for the KPI detail's breadcrumbs
  const tree = useMemo(() => kpiTree(kpis), [kpis]);
  const rows = useMemo(() => visibleRows(tree, toggled, DEFAULT_EXPAND_LEVEL), [tree, toggled]);
  // Each KPI's series with its period rule: a weighted ratio (a margin) over a quarter is the formula over its inputs' quarter.
  const seriesById = useMemo(() => periodSeriesOf(kpis, values, monthsOfValues(values)), [kpis, values]);
  const shown = useMemo(() => (selectedColumnIds === undefined ? columns : columns.filter((column) => selectedColumnIds.includes(column.id))), [columns, selectedColumnIds]);
  const { start, end } = selection;
  const context = useMemo(() => ({ selection: { start, end }, fiscalYearOffset, currency }), [start, end, fiscalYearOffset, currency]);
  const cellsById = useMemo(
    () =>
      new Map(
        kpis.map((kpi) => [
          kpi.id,
          computeColumns<Observation>(columns, { series: seriesById.get(kpi.id) ?? EMPTY_SERIES, measure: seriesById.get(kpi.id)?.measure, aggregationType: kpi.aggregationType, unit: kpi.unit, higherIsBetter: kpi.higherIsBetter }, context),
        ]),
      ),
    [kpis, columns, seriesById, context],
  );
  // The scale of each column is chosen over every KPI of the category, shown or folded away, so
  // unfolding a row never rescales the column.
  const scales = useMemo(() => columnScales(columns, kpis.map((kpi) => ({ unit: kpi.unit, cells: cellsById.get(kpi.id) }))), [columns, kpis, cellsById]);
  const coverages = useMemo(
    () => new Map(columns.map((column) => [column.id, coverageOfData(columnCoverage(column, context), kpis.map((kpi) => cellsById.get(kpi.id)?.get(column.id)))])),
    [columns, context, kpis, cellsById],
  );
  const perMonthNote = end > start && columns.some((column) => column.type === "current_selection") && kpis.some((kpi) => kpi.aggregationType === "cum");

  return (
    <Wrapper>
      <TableFrame label={label}>
        <Table aria-label={label}>
          <thead>
            <tr>
              <Th scope="col" sticky>
                KPI
              </Th>
              {shown.map((column) => (
                <Th scope="col" key={column.id} numeric={column.type !== "column_unit"}>
                  <ColumnHeading title={columnTitle(column, columns)} coverage={coverages.get(column.id) ?? null} scale={scales.get(column.id) ?? null} currency={currency} />
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && (
              <tr>
                <td colSpan={shown.length + 1} className="empty">
                  No KPIs in this category.
                </td>
              </tr>
            )}
            {rows.map((row) => {
              const cells = cellsById.get(row.kpi.id);
              const name = (
                <Link href={`/reporting/kpi-detail/${row.kpi.id}`} state={{ from }} className="kpi-name">
                  {row.kpi.name}
                </Link>
              );
              return (
                <tr key={row.kpi.id} data-depth={row.depth}>
                  <Th scope="row" sticky>
                    {row.hasChildren ? (
                      <span className="tree-name">
                        <RowToggle expanded={row.expanded} onToggle={() => setToggled((current) => toggleRow(current, row.kpi.id))} depth={row.depth}>
                          <VisuallyHidden>{`Parts of ${row.kpi.name}`}</VisuallyHidden>
                        </RowToggle>
                        {name}
                      </span>
                    ) : (
                      <TreeLeaf $depth={row.depth}>{name}</TreeLeaf>
                    )}
                  </Th>
                  {shown.map((column) => (
                    <ValueCell key={column.id} cell={cells?.get(column.id)} unit={row.kpi.unit} scale={scales.get(column.id) ?? null} coverage={coverages.get(column.id) ?? null} />
                  ))}
                </tr>
              );
            })}
          </tbody>
        </Table>
      </TableFrame>
      {perMonthNote && <Note>Cumulative KPIs over a selection of more than one month show the value per month.</Note>}
    </Wrapper>
  );
}

/** A column's header: its title, then its period (months in the tooltip), the partial mark and its money scale. */
function ColumnHeading({ title, coverage, scale, currency }: { title: string; coverage: ColumnCoverage | null; scale: ColumnScale | null; currency: string }) {
  const partial = coverage ? partialText(coverage.covered, coverage.months) : null;
  return (
    <span className="heading">
      <span className="title">{title}</span>
      {coverage || scale ? (
        <span className="meta">
          {coverage ? <PeriodName label={coverage.label} rangeLabel={coverage.rangeLabel} /> : null}
          {partial ? <PartialMark text={partial} /> : null}
          {coverage && scale ? <span aria-hidden="true"> · </span> : null}
          {scale ? (
            <span className="scale" data-scale={scale}>
              <span aria-hidden="true">{columnScaleCaption(scale, currency)}</span>
              <VisuallyHidden>{`, money ${columnScaleDescription(scale, currency)}`}</VisuallyHidden>
            </span>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}

function ValueCell({ cell, unit, scale, coverage }: { cell: ColumnCell | undefined; unit: string; scale: ColumnScale | null; coverage: ColumnCoverage | null }) {
  const tone = cell?.kind === "deviation" ? cell.tone : "neutral";
  const text = cell ? formatCellInColumn(cell, unit, scale) : "–";
  // A KPI whose own data covers fewer months than its column can (a plan entered for 7 of 12 months).
  const partial = cell?.kind === "value" && cell.value !== null && coverage && cell.months < coverage.covered ? partialText(cell.months, coverage.months) : null;
  return (
    <Td numeric={cell?.kind !== "unit"} tone={cell?.kind === "deviation" ? tone : undefined}>
      {/* The mark goes before the figure, so the figures stay aligned at the column's right edge. */}
      {partial ? <CellPartialMark text={partial} /> : null}
      <span className="value">{text}</span>
      {TONE_TEXT[tone] && <VisuallyHidden>{TONE_TEXT[tone]}</VisuallyHidden>}
    </Td>
  );
}

const Wrapper = styled.div`
  display: grid;
  gap: 8px;
  min-width: 0;
  thead th { vertical-align: bottom; }
  /* Contains the visually hidden texts (absolutely placed), so they scroll with the table and never widen the page. */
  tbody td { position: relative; }
  .heading { display: inline-grid; justify-items: inherit; gap: 2px; }
  th[data-numeric] .heading { justify-items: end; }
  .title { color: ${(p) => p.theme.text}; }
  .meta { font-weight: ${FONT_WEIGHT.regular}; font-size: ${TYPE_SCALE.xs.size}; }
  tbody tr[data-depth="0"] th { font-weight: ${FONT_WEIGHT.semibold}; }
  /* On a phone long KPI names wrap, so the sticky name column leaves room for the figures. */
  ${MEDIA.narrow} { tbody th { white-space: normal; min-width: 9rem; max-width: 11rem; } }
  .tree-name { display: inline-flex; align-items: center; }
  .kpi-name { text-decoration: none; }
  .kpi-name:hover { text-decoration: underline; }
`;

const Note = styled.p`
  margin: 0;
  font-size: ${TYPE_SCALE.sm.size};
  color: ${(p) => p.theme.textMuted};
`;
