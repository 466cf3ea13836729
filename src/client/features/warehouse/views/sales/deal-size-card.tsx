import { useMemo } from "react";
import { useTheme } from "styled-components";
import { Card } from "../../../../ui/card";
import type { WarehouseView } from "../hooks";
import { CategoryChart } from "../category-chart";
import { count, money } from "../format";
import { Figures, ViewBody } from "../view-parts";

/** Deal size: the won deals of the period by size, with their average and median. */
export function DealSizeCard({ view, currency, period }: { view: WarehouseView<"deal-size">; currency: string; period: string }) {
  const theme = useTheme();
  return (
    <Card title="Deal size" data-testid="deal-size">
      <ViewBody view={view} label="the deal sizes">
        {(size) => (
          <>
            <Figures
              items={[
                { label: "Won deals", value: count(size.count) },
                { label: "Average", value: money(size.average, currency) },
                { label: "Median", value: money(size.median, currency) },
                { label: "Largest", value: money(size.largest, currency) },
              ]}
            />
            {size.buckets.length > 0 ? <SizeChart size={size} currency={currency} colour={theme.accent} period={period} /> : <p>No deal was won in these months.</p>}
          </>
        )}
      </ViewBody>
    </Card>
  );
}

function SizeChart({ size, currency, colour, period }: { size: NonNullable<WarehouseView<"deal-size">["data"]>; currency: string; colour: string; period: string }) {
  const bars = useMemo(() => [{ key: "deals", label: "Won deals", values: size.buckets.map((bucket) => bucket.count) }], [size]);
  const short = (value: number) => money(value, currency).replace(/^(\D*)\s/, "$1");
  const categories = useMemo(() => size.buckets.map((bucket) => short(bucket.from)), [size, currency]);
  const names = useMemo(() => size.buckets.map((bucket) => `${money(bucket.from, currency)} to under ${money(bucket.to, currency)}`), [size, currency]);
  return (
    <CategoryChart
      title="Won deals by size"
      summary={`The ${count(size.count)} deals won ${period} by size, from ${names[0] ?? ""} up to ${names.at(-1) ?? ""}.`}
      categories={categories}
      categoryNames={names}
      bars={bars}
      colours={{ deals: colour }}
      format={count}
    />
  );
}
