import { useMemo } from "react";
import { useTheme } from "styled-components";
import { Card } from "../../../../ui/card";
import { DataTable } from "../../../../ui/data-table";
import type { WarehouseView } from "../hooks";
import { CategoryChart } from "../category-chart";
import { money, monthName, percent, seriesColours } from "../format";
import { ViewBody } from "../view-parts";

/**
 * Development share: month by month, how the value won splits over the product categories, each
 * month stacked to 100 %, so a shift of the mix shows as it develops.
 */
export function DevelopmentShareCard({ view, currency, period }: { view: WarehouseView<"development-share">; currency: string; period: string }) {
  const theme = useTheme();
  return (
    <Card title="Development share" data-testid="development-share">
      <ViewBody view={view} label="the development share">
        {(share) => {
          if (share.won === 0) return <p>No deal was won during {period}.</p>;
          const colours = Object.fromEntries(share.categories.map((category, index) => [category.key, seriesColours(theme, share.categories.length)[index]!] as const));
          return (
            <>
              <ShareChart share={share} colours={colours} period={period} currency={currency} />
              <DataTable
                label="Won value by product category"
                caption={`${money(share.won, currency)} won, ${period}`}
                rows={share.categories}
                rowKey={(row) => row.key}
                columns={[
                  { key: "category", header: "Product category", rowHeader: true, cell: (row) => row.label },
                  { key: "amount", header: "Won", numeric: true, cell: (row) => money(row.amount, currency), sortValue: (row) => row.amount },
                  { key: "share", header: "Share", numeric: true, cell: (row) => percent(row.share), sortValue: (row) => row.share },
                ]}
                maxHeight="none"
              />
            </>
          );
        }}
      </ViewBody>
    </Card>
  );
}

function ShareChart({ share, colours, period, currency }: { share: NonNullable<WarehouseView<"development-share">["data"]>; colours: Record<string, string>; period: string; currency: string }) {
  const bars = useMemo(() => share.categories.map((category, index) => ({ key: category.key, label: category.label, values: share.months.map((month) => month.values[index]!.share) })), [share]);
  const categories = useMemo(() => share.months.map((month) => monthName(month.month).replace(/ \d{4}$/, "")), [share]);
  const names = useMemo(() => share.months.map((month) => monthName(month.month)), [share]);
  const leader = share.categories[0]!;
  return (
    <CategoryChart
      title="Share of the value won per month"
      summary={`How the value won each month splits over the product categories, ${period}; ${leader.label} is the largest with ${percent(leader.share)} of ${money(share.won, currency)}.`}
      categories={categories}
      categoryNames={names}
      bars={bars}
      colours={colours}
      format={(value) => percent(value)}
      formatTick={(value) => `${Math.round(value)} %`}
      maxValue={100}
      details={(index) => {
        const month = share.months[index];
        return month ? [`${money(month.won, currency)} won`] : [];
      }}
      detailsHeader="Won"
    />
  );
}
