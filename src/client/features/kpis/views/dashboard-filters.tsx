import { DEFAULT_DASHBOARD_FILTER, type DashboardFilter } from "../../../../contracts/kpis";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { CheckboxGroup, FilterSelect } from "../../../ui/compact-controls";
import { FilterBar, type FilterBarItem } from "../../../ui/filter-bar";
import { Checkbox } from "../../../ui/inputs";
import type { Dashboard } from "../model";
import { useReportingPeriodItems } from "./reporting-period";

const TREND_DURATIONS = [1, 3, 6, 12];
const TREND_OFFSETS = [0, 1, 2, 3, 6, 12];
type Direction = "up" | "neutral" | "down" | "null";
const DIRECTIONS: readonly { value: Direction; label: string }[] = [
  { value: "up", label: "Up" },
  { value: "neutral", label: "Neutral" },
  { value: "down", label: "Down" },
  { value: "null", label: "No trend" },
];

/**
 * The filter bar of a dashboard: the reporting month and the left-out months (they say what the
 * numbers are), then the dashboard's own filters (spec section 9 defaults). Changes apply at
 * once and are saved after 100 ms; Reset returns every filter the bar shows to its default,
 * the reporting month included. Without `dashboard` (my dashboard) the bar holds only the period.
 */
export function DashboardFilterBar({ dashboard }: { dashboard?: Dashboard }) {
  const period = useReportingPeriodItems();
  const own = useDashboardFilterItems(dashboard ?? "operational");
  const items = dashboard ? [...period.items, ...own.items] : period.items;
  return (
    <FilterBar
      label="Dashboard filters"
      items={items}
      onReset={() => {
        period.resetReportingPeriod();
        if (dashboard) own.reset();
      }}
    />
  );
}

function useDashboardFilterItems(dashboard: Dashboard): { items: FilterBarItem[]; reset: () => void } {
  const dispatch = useDispatch();
  const filter = useModel((state: AppState) => state.kpis.filters[dashboard]);
  const change = (patch: Partial<DashboardFilter>) => dispatch({ _tag: "ChangeDashboardFilter", dashboard, filter: { ...filter, ...patch } });
  const directions = DIRECTIONS.map((direction) => direction.value).filter((direction) => filter[direction]);
  const items: FilterBarItem[] = [
    {
      key: "trend-duration",
      changed: filter.trendDuration !== DEFAULT_DASHBOARD_FILTER.trendDuration,
      control: (
        <FilterSelect
          label="Trend over"
          value={filter.trendDuration}
          options={TREND_DURATIONS.map((months) => ({ value: months, label: months === 1 ? "1 month" : `${months} months` }))}
          onChange={(trendDuration) => change({ trendDuration })}
        />
      ),
    },
    {
      key: "trend-offset",
      priority: "secondary",
      changed: filter.trendOffset !== DEFAULT_DASHBOARD_FILTER.trendOffset,
      control: (
        <FilterSelect
          label="Months back"
          value={filter.trendOffset}
          options={TREND_OFFSETS.map((months) => ({ value: months, label: months === 0 ? "None" : String(months) }))}
          onChange={(trendOffset) => change({ trendOffset })}
        />
      ),
    },
    {
      key: "trend-directions",
      priority: "secondary",
      changed: DIRECTIONS.some(({ value }) => filter[value] !== DEFAULT_DASHBOARD_FILTER[value]),
      control: (
        <CheckboxGroup legend="Trend" options={DIRECTIONS} value={directions} onChange={(chosen) => change(Object.fromEntries(DIRECTIONS.map(({ value }) => [value, chosen.includes(value)])))} />
      ),
    },
    {
      key: "planning-as-benchmark",
      priority: "secondary",
      changed: filter.planningAsBenchmark !== DEFAULT_DASHBOARD_FILTER.planningAsBenchmark,
      control: <Checkbox label="Planning as benchmark" checked={filter.planningAsBenchmark} onChange={(event) => change({ planningAsBenchmark: event.target.checked })} />,
    },
  ];
  return { items, reset: () => change(DEFAULT_DASHBOARD_FILTER) };
}
