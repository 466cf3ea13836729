import { IGNORE_LAST_MONTHS_OPTIONS } from "../../../../domain/kpi/aggregation";
import { monthDateOf, monthIndexAt, monthLabel } from "../../../../domain/months";
import { useContext } from "react";
import { ClockContext } from "../../../app/clock";
import { useDispatch } from "../../../bus/use-model";
import { FilterSelect, MonthInput } from "../../../ui/compact-controls";
import type { FilterBarItem } from "../../../ui/filter-bar";
import { useReportingFrame } from "./hooks";

/**
 * The reporting month and the 0-3 last months left out: shared by every reporting screen, so
 * every filter bar they affect shows them (essential: they say what the numbers are), and a
 * reset of that bar resets them too (`resetReportingPeriod`). The month defaults to the last
 * complete month.
 */
export function useReportingPeriodItems(): { items: FilterBarItem[]; resetReportingPeriod: () => void; changed: boolean } {
  const dispatch = useDispatch();
  const frame = useReportingFrame();
  const now = useContext(ClockContext);
  const defaultEnd = monthIndexAt(new Date(now())) - 1;
  const change = (endDate: string | null, ignoreLastMonths: number) => dispatch({ _tag: "ChangeReportingPeriod", endDate, ignoreLastMonths });
  const monthChanged = frame.end !== defaultEnd;
  const ignoredChanged = frame.ignoreLastMonths !== 0;
  const items: FilterBarItem[] = [
    {
      key: "reporting-month",
      priority: "essential",
      changed: monthChanged,
      control: <MonthInput label="Reporting month" value={frame.endDate.slice(0, 7)} onChange={(month) => change(`${month}-01`, frame.ignoreLastMonths)} />,
    },
    {
      key: "left-out-months",
      priority: "primary",
      changed: ignoredChanged,
      control: (
        <FilterSelect
          label="Leave out last months"
          value={frame.ignoreLastMonths}
          options={IGNORE_LAST_MONTHS_OPTIONS.map((count) => ({ value: count, label: count === 0 ? "None" : `${count} (to ${monthLabel(frame.end - count)})` }))}
          onChange={(count) => change(frame.chosenEndDate, count)}
        />
      ),
    },
  ];
  return { items, changed: monthChanged || ignoredChanged, resetReportingPeriod: () => change(null, 0) };
}
