import { styled } from "styled-components";
import type { ComparisonData, ComparisonScale } from "../../../../domain/kpi-comparison/comparison";
import { indexSeries } from "../../../../domain/kpi-comparison/comparison";
import { formatKpiValue } from "../../../../domain/kpi/number-format";
import { DataTable, type DataTableColumn } from "../../../ui/data-table";

/**
 * The comparison's numbers, one row per month, one column per series: the value, and in the
 * indexed scale the index above it. What the chart shows, readable to everyone.
 */
export function KpiComparisonTable({ data, scale, currency, label }: { data: ComparisonData; scale: ComparisonScale; currency: string; label: string }) {
  const indexed = data.series.map((series) => indexSeries(series.values).values);
  const rows = data.columns.map((column, index) => ({ index, label: column.label }));
  const columns: DataTableColumn<(typeof rows)[number]>[] = [
    { key: "month", header: "Month", rowHeader: true, sticky: true, cell: (row) => row.label },
    ...data.series.map(
      (series, position): DataTableColumn<(typeof rows)[number]> => ({
        key: series.key,
        header: series.label,
        numeric: true,
        cell: (row) => {
          const value = series.values[row.index] ?? null;
          const text = value === null ? "–" : formatKpiValue(value, series.unit, { currency });
          if (scale === "absolute") return text;
          const index = indexed[position]![row.index] ?? null;
          return (
            <Stacked>
              <span>{index === null ? "–" : formatKpiValue(index, "number", { decimals: 1 })}</span>
              <span className="value">{text}</span>
            </Stacked>
          );
        },
      }),
    ),
  ];
  return <DataTable label={label} columns={columns} rows={rows} rowKey={(row) => row.index} maxHeight="none" />;
}

const Stacked = styled.span`
  display: inline-grid;
  justify-items: end;
  .value { font-size: 12px; color: ${(p) => p.theme.textMuted}; }
`;
