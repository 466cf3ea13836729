import { useCallback, useMemo, useState } from "react";
import { styled, useTheme } from "styled-components";
import { MAX_COMPARED_SCENARIOS, PROJECTED_WEEKS, type LiquidityProjection, type LiquidityScenario } from "../../../../contracts/liquidity";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Card } from "../../../ui/card";
import { SegmentedControl } from "../../../ui/compact-controls";
import { Stack } from "../../../ui/layout";
import { ErrorState, LoadingState } from "../../../ui/states";
import { Table, TableFrame, Td, Th } from "../../../ui/table-parts";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { dayLabel, money, monthLabel, runwayText } from "../texts";
import { BalanceChart, SCENARIO_DASHES, seriesColour, type BalanceSeries } from "./balance-chart";

type View = "months" | "weeks";

/**
 * The compared scenarios' balances on one chart (month ends, or the next 13 weeks), with the cash
 * KPI's actuals, each scenario's lowest balance and runway, and the same numbers in a table.
 */
export function ComparisonCard() {
  const dispatch = useDispatch();
  const compared = useModel((state: AppState) => state.liquidity.compared);
  const projections = useModel((state: AppState) => state.liquidity.projections);
  const scenarios = useModel((state: AppState) => state.liquidity.list.value?.scenarios ?? []);
  const [view, setView] = useState<View>("months");
  const shown = compared.flatMap((id) => {
    const scenario = scenarios.find((entry) => entry.id === id);
    return scenario ? [{ scenario, slot: projections[String(id)] }] : [];
  });
  const loaded = shown.flatMap(({ scenario, slot }) => (slot?.status === "loaded" && slot.value ? [{ scenario, projection: slot.value }] : []));
  const failed = shown.filter(({ slot }) => slot?.status === "error");
  const loading = shown.some(({ slot }) => !slot || slot.status === "loading");
  return (
    <Card title="Compare scenarios" data-testid="comparison">
      <Stack>
        {shown.length === 0 ? (
          <p>Tick up to {MAX_COMPARED_SCENARIOS} scenarios in the list above to see their balances here.</p>
        ) : (
          <>
            <SegmentedControl<View>
              label="Period"
              options={[
                { value: "months", label: "Months" },
                { value: "weeks", label: `Next ${PROJECTED_WEEKS} weeks` },
              ]}
              value={view}
              onChange={setView}
            />
            {failed.map(({ scenario, slot }) => (
              <ErrorState key={scenario.id} title={`Could not project ${scenario.name}`} message={slot?.message ?? ""} onRetry={() => dispatch({ _tag: "LoadLiquidityProjections" })} />
            ))}
            {loading && loaded.length === 0 ? <LoadingState label="Projecting the scenarios…" /> : null}
            {loaded.length > 0 ? <Comparison entries={loaded} view={view} /> : null}
          </>
        )}
      </Stack>
    </Card>
  );
}

interface Entry {
  readonly scenario: LiquidityScenario;
  readonly projection: LiquidityProjection;
}

/** The chart, each scenario's figures and the table: exported for the component test. */
export function Comparison({ entries, view }: { entries: readonly Entry[]; view: View }) {
  const theme = useTheme();
  const currency = entries[0]!.projection.currency;
  const format = useCallback((value: number) => money(value, currency), [currency]);
  const series = useMemo(() => seriesOf(entries, view, format), [entries, view, format]);
  const rows = useMemo(() => tableRows(entries, view), [entries, view]);
  const hasActuals = view === "months" && entries.some((entry) => entry.projection.actuals.length > 0);
  return (
    <Stack>
      <Legend aria-label="Legend">
        {series.map((entry, index) => (
          <li key={entry.key}>
            <svg width="28" height="10" aria-hidden="true">
              <line x1="0" x2="28" y1="5" y2="5" stroke={seriesColour(theme, entry, index)} strokeWidth={entry.kind === "actuals" ? 3 : 2} strokeDasharray={entry.kind === "actuals" ? undefined : SCENARIO_DASHES[index % SCENARIO_DASHES.length]} />
            </svg>
            {entry.label}
          </li>
        ))}
      </Legend>
      <BalanceChart series={series} format={format} label={`Balance of ${entries.map((entry) => entry.scenario.name).join(", ")} by ${view === "months" ? "month" : "week"}, in ${currency}; the table below has the same figures.`} />
      <Figures>
        {entries.map(({ scenario, projection }) => {
          const lastGap = projection.actuals.at(-1);
          return (
            <li key={scenario.id} data-testid={`figures-${scenario.name}`}>
              <strong>{scenario.name}</strong>
              <span>
                Opening balance {format(projection.opening.amount)} on {dayLabel(projection.opening.date)}
                {projection.opening.fromKpi ? "" : " (no cash KPI actual: starts at zero)"}
              </span>
              <span data-testid="lowest">
                Lowest balance: {format(projection.lowest.amount)} on {dayLabel(projection.lowest.date)}
              </span>
              <span data-testid="runway">
                {runwayText(projection)}
                {projection.runway.runsOutOn ? ` (cash runs out on ${dayLabel(projection.runway.runsOutOn)})` : ""}
              </span>
              {lastGap ? (
                <span>
                  Actual vs plan in {monthLabel(lastGap.month)}: {format(lastGap.actual)} against {format(lastGap.planned)} ({lastGap.gap >= 0 ? "+" : ""}
                  {format(lastGap.gap)})
                </span>
              ) : null}
            </li>
          );
        })}
      </Figures>
      <TableFrame label={`Balances by ${view === "months" ? "month" : "week"}`} maxHeight="360px">
        <Table>
          <thead>
            <tr>
              <Th scope="col">{view === "months" ? "Month" : "Week from"}</Th>
              {entries.map(({ scenario }) => (
                <Th key={scenario.id} scope="col" numeric>
                  {scenario.name}
                </Th>
              ))}
              {hasActuals ? (
                <Th scope="col" numeric>
                  Actual
                </Th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.date}>
                <Th scope="row">{view === "months" ? monthLabel(row.date) : dayLabel(row.date)}</Th>
                {row.closings.map((closing, index) => (
                  <Td key={entries[index]!.scenario.id} numeric tone={closing !== null && closing < 0 ? "bad" : undefined}>
                    {closing === null ? "—" : format(closing)}
                  </Td>
                ))}
                {hasActuals ? <Td numeric>{row.actual === null ? "—" : format(row.actual)}</Td> : null}
              </tr>
            ))}
          </tbody>
        </Table>
      </TableFrame>
    </Stack>
  );
}

/** A month's point sits on its last day: the balance is the month-end closing. */
const monthEnd = (month: string) => {
  const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0));
  return date.toISOString().slice(0, 10);
};
const weekEnd = (weekStart: string) => new Date(Date.parse(`${weekStart}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);

function seriesOf(entries: readonly Entry[], view: View, format: (value: number) => string): BalanceSeries[] {
  const scenarios = entries.map(({ scenario, projection }): BalanceSeries => {
    const points = view === "months" ? projection.months.map((month) => ({ date: monthEnd(month.month), value: month.closing })) : projection.weeks.map((week) => ({ date: weekEnd(week.weekStart), value: week.closing }));
    const first = points[0]?.date ?? "";
    const last = points.at(-1)?.date ?? "";
    // The lowest balance is marked where it falls inside what the chart shows.
    const inView = projection.lowest.date >= (view === "months" ? projection.opening.date : first.slice(0, 8) + "01") && projection.lowest.date <= last;
    return { key: `scenario-${scenario.id}`, label: scenario.name, points, kind: "scenario", lowest: inView ? { date: projection.lowest.date, amount: projection.lowest.amount, text: `${scenario.name}: lowest ${format(projection.lowest.amount)}, ${dayLabel(projection.lowest.date)}` } : null };
  });
  const actuals = view === "months" ? (entries.find((entry) => entry.projection.actuals.length > 0)?.projection.actuals ?? []) : [];
  return actuals.length > 0 ? [...scenarios, { key: "actuals", label: "Actual balance (cash KPI)", points: actuals.map((entry) => ({ date: monthEnd(entry.month), value: entry.actual })), kind: "actuals", lowest: null }] : scenarios;
}

function tableRows(entries: readonly Entry[], view: View) {
  const dates = [...new Set(entries.flatMap(({ projection }) => (view === "months" ? projection.months.map((month) => month.month) : projection.weeks.map((week) => week.weekStart))))].sort();
  const actuals = new Map((entries.find((entry) => entry.projection.actuals.length > 0)?.projection.actuals ?? []).map((entry) => [entry.month, entry.actual]));
  return dates.map((date) => ({
    date,
    closings: entries.map(({ projection }) => (view === "months" ? projection.months.find((month) => month.month === date)?.closing : projection.weeks.find((week) => week.weekStart === date)?.closing) ?? null),
    actual: actuals.get(date) ?? null,
  }));
}

const Legend = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${SPACE.md};
  font-size: ${TYPE_SCALE.sm.size};
  li { display: flex; align-items: center; gap: ${SPACE.xs}; }
`;

const Figures = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: ${SPACE.md};
  li { display: grid; gap: ${SPACE.xxs}; font-size: ${TYPE_SCALE.sm.size}; }
`;
