import { styled } from "styled-components";
import type { SectionView } from "../../../../contracts/investor-reporting";
import { ScrollArea } from "../../../ui/scroll-area";
import { FONT_WEIGHT, SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { kpiTable, type KpiSection, type TableRow } from "./kpi-table";

export const NO_KPIS = "This section has no KPIs you may read.";

const VIEW_TYPE_NAMES = { month: "by month", quarter: "by quarter", year: "by year" } as const;

/**
 * A KPI section's table. On paper it is not a block: rows run on over pages, each row kept
 * whole, and the header (a thead) repeats at the top of every page the table spans.
 */
export function KpiSectionTable({ data, view, currency, caption, mode }: { data: KpiSection; view: SectionView; currency: string; caption: string; mode: "screen" | "print" }) {
  if (data.kpis.length === 0) return <Muted>{NO_KPIS}</Muted>;
  const table = kpiTable(data, view, currency);
  // A KPI's lines stay together on paper: one tbody per KPI (a flexible table is one row per KPI).
  const groups = table.rows.reduce<TableRow[][]>((all, row) => {
    if (row.kind === "kpi" || all.length === 0) all.push([row]);
    else all[all.length - 1]!.push(row);
    return all;
  }, []);
  return (
    <Scroll label={`${caption}, scrollable`}>
      <Table $dense={mode === "print"}>
        <caption>
          {caption}: {range(data.to)} {VIEW_TYPE_NAMES[data.viewType]}, compared with {data.compareWithPlanning ? "the plan" : range(data.from)}; figures in {currency}
        </caption>
        <thead>
          <tr>
            <th scope="col">KPI</th>
            {table.columns.map((column) => (
              <th key={column.key} scope="col" data-group={column.group}>
                <span>{column.label}</span>
                <Detail>{column.detail}</Detail>
              </th>
            ))}
          </tr>
        </thead>
        {groups.map((group) => (
          <tbody key={group[0]!.key}>
            {group.map((row) => (
              <tr key={row.key} data-kind={row.kind}>
                <th scope="row">{row.label}</th>
                {row.cells.map((cell, index) => (
                  <td key={table.columns[index]!.key} data-group={table.columns[index]!.group} data-tone={row.tones?.[index]}>
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        ))}
      </Table>
    </Scroll>
  );
}

const range = (span: { startDate: string; endDate: string }) => `${monthName(span.startDate)} – ${monthName(span.endDate)}`;
const monthName = (date: string) => new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });

/** A wide table scrolls sideways on screen in a named region reachable by keyboard (ScrollArea); paper shows it whole. */
const Scroll = styled(ScrollArea)`
  overflow-x: auto;
  @media print {
    overflow: visible;
  }
`;

/** Paper is dense: twelve months and three aggregates fit the width of an A4 landscape page. */
const Table = styled.table<{ $dense: boolean }>`
  width: 100%;
  border-collapse: collapse;
  font-size: ${(p) => (p.$dense ? "9.5px" : TYPE_SCALE.sm.size)};
  font-variant-numeric: tabular-nums;
  caption {
    text-align: left;
    color: ${(p) => p.theme.textMuted};
    padding-bottom: ${SPACE.sm};
  }
  thead {
    display: table-header-group;
  }
  tr,
  tbody {
    break-inside: avoid;
    page-break-inside: avoid;
  }
  th,
  td {
    padding: ${(p) => (p.$dense ? `3px 4px` : `${SPACE.xs} ${SPACE.sm}`)};
    border-bottom: 1px solid ${(p) => p.theme.border};
    text-align: right;
    white-space: nowrap;
  }
  th:first-child {
    text-align: left;
    white-space: normal;
    min-width: ${(p) => (p.$dense ? "7em" : "10em")};
  }
  thead th {
    font-weight: ${FONT_WEIGHT.semibold};
    border-bottom: 2px solid ${(p) => p.theme.borderStrong};
    vertical-align: bottom;
  }
  [data-group="aggregate"] {
    background: ${(p) => p.theme.surfaceRaised};
  }
  [data-group="compared"] {
    color: ${(p) => p.theme.textMuted};
  }
  td[data-tone="good"] {
    color: ${(p) => p.theme.good};
  }
  td[data-tone="bad"] {
    color: ${(p) => p.theme.bad};
  }
  tr[data-kind="kpi"] th {
    font-weight: ${FONT_WEIGHT.semibold};
    padding-top: ${SPACE.sm};
  }
  tr[data-kind="line"] th {
    font-weight: ${FONT_WEIGHT.regular};
    padding-left: ${SPACE.lg};
    color: ${(p) => p.theme.textMuted};
  }
`;

const Detail = styled.span`
  display: block;
  font-weight: ${FONT_WEIGHT.regular};
  color: ${(p) => p.theme.textMuted};
  font-size: 0.85em;
`;

const Muted = styled.p`
  color: ${(p) => p.theme.textMuted};
`;
