import { styled } from "styled-components";
import { DEFAULT_DASHBOARD_FILTER, type DashboardFilter } from "../../../../contracts/kpis";
import { IGNORE_LAST_MONTHS_OPTIONS } from "../../../../domain/kpi/aggregation";
import { monthDateOf } from "../../../../domain/months";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Button } from "../../../ui/primitives";
import type { Dashboard } from "../model";
import { useReportingFrame } from "./hooks";
import { ReportToolbar } from "./report-toolbar";

/** The report toolbar, with the trend checkboxes as one labelled group. */
const Bar = styled(ReportToolbar)`
  fieldset { border: none; padding: 0; margin: 0; display: flex; gap: 10px; align-items: center; }
  legend { float: left; margin-right: 6px; }
  fieldset label { display: flex; gap: 4px; align-items: center; }
`;
const TREND_DURATIONS = [1, 3, 6, 12];
const TREND_OFFSETS = [0, 1, 2, 3, 6, 12];
const DIRECTIONS = [
  ["up", "Up"],
  ["neutral", "Neutral"],
  ["down", "Down"],
  ["null", "No trend"],
] as const;

/** The reporting month and the 0-3 last months left out; shared by every reporting screen. */
export function ReportingPeriodControls() {
  const dispatch = useDispatch();
  const frame = useReportingFrame();
  return (
    <>
      <label>
        Reporting month
        <input
          type="month"
          value={frame.endDate.slice(0, 7)}
          onChange={(event) => {
            if (/^\d{4}-\d{2}$/.test(event.target.value)) dispatch({ _tag: "ChangeReportingPeriod", endDate: `${event.target.value}-01`, ignoreLastMonths: frame.ignoreLastMonths });
          }}
        />
      </label>
      <label>
        Leave out last months
        <select value={frame.ignoreLastMonths} onChange={(event) => dispatch({ _tag: "ChangeReportingPeriod", endDate: monthDateOf(frame.end), ignoreLastMonths: Number(event.target.value) })}>
          {IGNORE_LAST_MONTHS_OPTIONS.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

/** The dashboard's filters (spec section 9 defaults); changes apply at once, saved after 100 ms. */
export function DashboardFilters({ dashboard }: { dashboard: Dashboard }) {
  const dispatch = useDispatch();
  const filter = useModel((state: AppState) => state.kpis.filters[dashboard]);
  const change = (patch: Partial<DashboardFilter>) => dispatch({ _tag: "ChangeDashboardFilter", dashboard, filter: { ...filter, ...patch } });
  return (
    <Bar as="form" aria-label="Dashboard filters" onSubmit={(event) => event.preventDefault()}>
      <ReportingPeriodControls />
      <label>
        Trend over
        <select value={filter.trendDuration} onChange={(event) => change({ trendDuration: Number(event.target.value) })}>
          {TREND_DURATIONS.map((months) => (
            <option key={months} value={months}>
              {months === 1 ? "1 month" : `${months} months`}
            </option>
          ))}
        </select>
      </label>
      <label>
        Months back
        <select value={filter.trendOffset} onChange={(event) => change({ trendOffset: Number(event.target.value) })}>
          {TREND_OFFSETS.map((months) => (
            <option key={months} value={months}>
              {months}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Trend</legend>
        {DIRECTIONS.map(([key, label]) => (
          <label key={key}>
            <input type="checkbox" checked={filter[key]} onChange={(event) => change({ [key]: event.target.checked })} />
            {label}
          </label>
        ))}
      </fieldset>
      <label style={{ display: "flex", gap: 4, alignItems: "center" }}>
        <input type="checkbox" checked={filter.planningAsBenchmark} onChange={(event) => change({ planningAsBenchmark: event.target.checked })} />
        Planning as benchmark
      </label>
      <Button type="button" $variant="plain" onClick={() => change(DEFAULT_DASHBOARD_FILTER)}>
        Reset filters
      </Button>
    </Bar>
  );
}
