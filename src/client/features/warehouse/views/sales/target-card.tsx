import { useMemo } from "react";
import { useTheme } from "styled-components";
import { Card } from "../../../../ui/card";
import { DataTable } from "../../../../ui/data-table";
import type { WarehouseView } from "../hooks";
import { CategoryChart } from "../category-chart";
import { money, moneyColumn, monthName, percent } from "../format";
import { Figures, ViewBody } from "../view-parts";

/** Sales target: the value of deals won each month against the month's target, and summed up. */
export function TargetCard({ view, currency, period }: { view: WarehouseView<"sales-target">; currency: string; period: string }) {
  const theme = useTheme();
  const colours = useMemo(() => ({ won: theme.accent, target: theme.warning }), [theme]);
  const format = (value: number) => money(value, currency);
  return (
    <Card title="Sales target" data-testid="sales-target">
      <ViewBody view={view} label="the sales target">
        {(target) => (
          <>
            <Figures
              items={[
                { label: "Won", value: money(target.won, currency) },
                { label: "Target", value: money(target.target, currency) },
                { label: "Attainment", value: percent(target.attainment), note: target.attainment === null ? "no target in these months" : `of the target, ${period}` },
              ]}
            />
            <TargetChart target={target} colours={colours} format={format} period={period} />
            <DataTable
              label="Sales target by month"
              rows={target.months}
              rowKey={(row) => row.month}
              columns={[
                { key: "month", header: "Month", rowHeader: true, cell: (row) => monthName(row.month) },
                moneyColumn("won", "Won", target.months, (row) => row.won, currency),
                moneyColumn("target", "Target", target.months, (row) => row.target, currency),
                moneyColumn("cumulativeWon", "Won so far", target.months, (row) => row.cumulativeWon, currency),
                moneyColumn("cumulativeTarget", "Target so far", target.months, (row) => row.cumulativeTarget, currency),
                { key: "attainment", header: "Attainment", numeric: true, cell: (row) => percent(row.attainment) },
              ]}
              maxHeight="24rem"
            />
          </>
        )}
      </ViewBody>
    </Card>
  );
}

function TargetChart({ target, colours, format, period }: { target: NonNullable<WarehouseView<"sales-target">["data"]>; colours: Record<string, string>; format: (value: number) => string; period: string }) {
  const bars = useMemo(() => [{ key: "won", label: "Won", values: target.months.map((month) => month.won) }], [target]);
  const lines = useMemo(() => [{ key: "target", label: "Target", values: target.months.map((month) => month.target) }], [target]);
  const categories = useMemo(() => target.months.map((month) => monthName(month.month).replace(/ \d{4}$/, "")), [target]);
  const names = useMemo(() => target.months.map((month) => monthName(month.month)), [target]);
  return (
    <CategoryChart
      title="Won and target per month"
      summary={`Won deal value per month against the sales target, ${period}: ${format(target.won)} won of a ${format(target.target)} target.`}
      categories={categories}
      categoryNames={names}
      bars={bars}
      lines={lines}
      dashed={["target"]}
      colours={colours}
      format={format}
      details={(index) => {
        const month = target.months[index];
        return month ? [`So far ${format(month.cumulativeWon)} of ${format(month.cumulativeTarget)} (${percent(month.attainment)})`] : [];
      }}
      detailsHeader="So far"
    />
  );
}
