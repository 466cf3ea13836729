import { useEffect, useRef } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { styled, useTheme } from "styled-components";
import type { AtRiskObjective, TeamFigures } from "../../../../contracts/okr-insights";
import { addDays } from "../../../../domain/okr-insights/change-log-query";
import { quarterLabel, quarterOf, RECENT_CHECK_IN_DAYS } from "../../../../domain/okr-insights/team-analytics";
import type { AppState } from "../../../app/state";
import { useDispatch, useModel } from "../../../bus/use-model";
import { Badge } from "../../../ui/badge";
import { Card } from "../../../ui/card";
import { FilterSelect } from "../../../ui/compact-controls";
import { DataTable } from "../../../ui/data-table";
import { FilterBar } from "../../../ui/filter-bar";
import { Page, TileGrid } from "../../../ui/layout";
import { PageHeader } from "../../../ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../../ui/states";
import { SPACE, TYPE_SCALE } from "../../../ui/tokens";
import { useElementWidth } from "../../kpis/views/chart/use-element-width";
import { drawProgressBars, drawWeeklyArea, type ChartColours } from "./team-charts";
import { LEVEL_LABELS, percent, period } from "./texts";

const PATH = "/objectives/okrteamanalytics";
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /objectives/okrteamanalytics: per unit (corporate, departments, teams) over a quarter, how far
 * the objectives have come against the even line through their periods, how confident people
 * are, which objectives are at risk, and how often key results are checked in. The period is in
 * the address (?from=&to=); without one, the current quarter.
 */
export default function TeamAnalyticsScreen() {
  const dispatch = useDispatch();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = new URLSearchParams(search);
  const from = DATE.test(query.get("from") ?? "") ? query.get("from") : null;
  const to = DATE.test(query.get("to") ?? "") ? query.get("to") : null;
  const revision = useModel((state: AppState) => state.okrInsights.revision);
  useEffect(() => {
    dispatch({ _tag: "LoadOkrTeamAnalytics", from, to });
  }, [dispatch, from, to, revision]);
  const analytics = useModel((state: AppState) => state.okrInsights.analytics);
  const answer = analytics.value;

  const today = answer?.today ?? new Date().toISOString().slice(0, 10);
  const current = quarterOf(today);
  const quarters = [-3, -2, -1, 0, 1].map((offset) => {
    let quarter = current;
    for (let step = 0; step < Math.abs(offset); step++) quarter = quarterOf(offset < 0 ? addDays(quarter.from, -1) : addDays(quarter.to, 1));
    return quarter;
  });
  const options = quarters.map((quarter) => ({ value: `${quarter.from}/${quarter.to}`, label: quarterLabel(quarter.from) }));
  const shownValue = answer ? `${answer.from}/${answer.to}` : `${current.from}/${current.to}`;
  if (!options.some((option) => option.value === shownValue) && answer) options.push({ value: shownValue, label: period(answer.from, answer.to) });

  return (
    <Page aria-labelledby="team-analytics-title">
      <PageHeader
        title="Team analytics"
        headingId="team-analytics-title"
        breadcrumbs={[{ label: "Objectives", href: "/objectives/okrlistview" }, { label: "Team analytics", href: PATH }]}
        description="Progress against where each unit should be by now, confidence, objectives at risk and check-in activity."
      />
      <FilterBar
        label="Team analytics filters"
        onReset={() => navigate(PATH)}
        items={[
          {
            key: "period",
            priority: "essential",
            changed: from !== null || to !== null,
            control: (
              <FilterSelect<string>
                label="Period"
                value={shownValue}
                onChange={(value) => {
                  const [start, end] = value.split("/");
                  navigate(value === `${current.from}/${current.to}` ? PATH : `${PATH}?from=${start}&to=${end}`);
                }}
                options={options}
              />
            ),
          },
        ]}
      />
      {analytics.status === "error" ? (
        <ErrorState title="Team analytics could not be loaded" message={analytics.message} onRetry={() => dispatch({ _tag: "LoadOkrTeamAnalytics", from, to })} />
      ) : !answer ? (
        <LoadingState variant="skeleton" lines={8} label="Loading team analytics…" />
      ) : (
        <Body aria-busy={analytics.status === "loading"}>
          <Summary total={answer.total} />
          {answer.total.objectives === 0 ? (
            <EmptyState title="No objectives in this period" text={`No corporate or team objectives overlap ${period(answer.from, answer.to)}.`} />
          ) : (
            <TileGrid $min="420px">
              <Card title="Progress against the expected line" padding="md">
                <ProgressChart teams={answer.teams} />
                <Legend>
                  <span className="swatch bar" /> average progress <span className="swatch behind" /> behind the line <span className="swatch marker" /> expected by today
                </Legend>
              </Card>
              <Card title="Check-ins per week" padding="md">
                <WeeklyChart total={answer.total} />
              </Card>
            </TileGrid>
          )}
          <Card title="By unit" padding="md">
            <DataTable<TeamFigures>
              label={`Figures by unit, ${period(answer.from, answer.to)}`}
              rows={answer.teams}
              rowKey={(team) => team.key}
              maxHeight="none"
              empty="There are no units to show. Units come from the organizational structure."
              columns={[
                { key: "name", header: "Unit", rowHeader: true, cell: (team) => <span className={team.kind === "team" ? "team-name" : undefined}>{team.name}</span> },
                { key: "objectives", header: "Objectives", numeric: true, cell: (team) => team.objectives, sortValue: (team) => team.objectives },
                { key: "atRisk", header: "At risk", numeric: true, cell: (team) => team.atRisk, sortValue: (team) => team.atRisk },
                { key: "progress", header: "Progress", numeric: true, cell: (team) => percent(team.averageProgress), sortValue: (team) => team.averageProgress },
                { key: "expected", header: "Expected", numeric: true, cell: (team) => percent(team.expectedProgress), sortValue: (team) => team.expectedProgress },
                { key: "confidence", header: "Confidence", numeric: true, cell: (team) => confidence(team.averageConfidence), sortValue: (team) => team.averageConfidence },
                { key: "checkIns", header: "Check-ins", numeric: true, cell: (team) => team.checkIns, sortValue: (team) => team.checkIns },
                { key: "recent", header: `Checked in, last ${RECENT_CHECK_IN_DAYS} days`, numeric: true, cell: (team) => share(team.recentCheckInShare), sortValue: (team) => team.recentCheckInShare },
              ]}
            />
          </Card>
          <Card title={`Objectives at risk (${answer.atRisk.length})`} padding="md">
            {answer.atRisk.length === 0 ? <p className="muted">No objective is at risk: every one is near its expected line and nobody checked in with low confidence.</p> : <AtRiskList objectives={answer.atRisk} />}
          </Card>
        </Body>
      )}
    </Page>
  );
}

const confidence = (value: number | null) => (value === null ? "—" : `${value.toFixed(1)}/10`);
const share = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)} %`);

function Summary({ total }: { total: TeamFigures }) {
  return (
    <Tiles aria-label="All units">
      <div>
        <dt>Objectives</dt>
        <dd>{total.objectives}</dd>
      </div>
      <div>
        <dt>At risk</dt>
        <dd>{total.atRisk}</dd>
      </div>
      <div>
        <dt>Average progress</dt>
        <dd>
          {percent(total.averageProgress)} <span className="muted">of {percent(total.expectedProgress)} expected</span>
        </dd>
      </div>
      <div>
        <dt>Average confidence</dt>
        <dd>{confidence(total.averageConfidence)}</dd>
      </div>
      <div>
        <dt>Checked in, last {RECENT_CHECK_IN_DAYS} days</dt>
        <dd>{share(total.recentCheckInShare)}</dd>
      </div>
    </Tiles>
  );
}

function useColours(): ChartColours {
  const theme = useTheme();
  return { bar: theme.accent, behind: theme.warning, marker: theme.text, text: theme.textMuted, grid: theme.border };
}

function ProgressChart({ teams }: { teams: readonly TeamFigures[] }) {
  const box = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const width = useElementWidth(box, 480);
  const colours = useColours();
  useEffect(() => {
    if (svg.current) drawProgressBars(svg.current, teams, width, colours);
  }, [teams, width, colours]);
  const described = teams.filter((team) => team.objectives > 0).map((team) => `${team.name} ${percent(team.averageProgress)} of ${percent(team.expectedProgress)} expected`);
  return (
    <div ref={box}>
      <svg ref={svg} role="img" aria-label={`Average progress by unit: ${described.join("; ")}. The table below has the same figures.`} />
    </div>
  );
}

function WeeklyChart({ total }: { total: TeamFigures }) {
  const box = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const width = useElementWidth(box, 480);
  const colours = useColours();
  useEffect(() => {
    if (svg.current) drawWeeklyArea(svg.current, total.weeks, width, 160, colours);
  }, [total.weeks, width, colours]);
  const busiest = total.weeks.reduce((best, week) => Math.max(best, week.checkIns), 0);
  return (
    <div ref={box}>
      <svg ref={svg} role="img" aria-label={`${total.checkIns} check-ins in ${total.weeks.length} weeks, at most ${busiest} in a week.`} />
      <p className="muted">
        {total.checkIns} check-in{total.checkIns === 1 ? "" : "s"} over {total.weeks.length} week{total.weeks.length === 1 ? "" : "s"} so far; weeks start on Monday.
      </p>
    </div>
  );
}

function AtRiskList({ objectives }: { objectives: readonly AtRiskObjective[] }) {
  return (
    <RiskList>
      {objectives.map((objective) => (
        <li key={objective.id}>
          <Link href={`/objectives/id/${objective.id}`}>{objective.title}</Link>
          <span className="muted">
            {LEVEL_LABELS[objective.level]} · {objective.unitName} · {percent(objective.progress)} of {percent(objective.expected)} expected
            {objective.lowestConfidence !== null ? ` · lowest confidence ${objective.lowestConfidence}/10` : ""}
          </span>
          <span className="reasons">
            {objective.reasons.map((reason) => (
              <Badge key={reason} tone={reason === "behind" ? "warning" : "bad"}>
                {reason === "behind" ? "Behind the line" : "Low confidence"}
              </Badge>
            ))}
          </span>
        </li>
      ))}
    </RiskList>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${SPACE.lg};
  .muted { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; margin: 0; }
  .team-name { padding-left: ${SPACE.lg}; }
`;

const Tiles = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(170px, 1fr));
  gap: ${SPACE.md};
  margin: 0;
  div { border: 1px solid ${(p) => p.theme.border}; background: ${(p) => p.theme.surface}; border-radius: 10px; padding: ${SPACE.md}; }
  dt { color: ${(p) => p.theme.textMuted}; font-size: ${TYPE_SCALE.sm.size}; }
  dd { margin: ${SPACE.xs} 0 0; font-size: ${TYPE_SCALE.xl.size}; font-weight: 600; }
  dd .muted { font-size: ${TYPE_SCALE.sm.size}; font-weight: 400; }
`;

const Legend = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${SPACE.xs};
  margin: ${SPACE.sm} 0 0;
  color: ${(p) => p.theme.textMuted};
  font-size: ${TYPE_SCALE.sm.size};
  .swatch { display: inline-block; width: 12px; height: 12px; border-radius: 2px; margin-left: ${SPACE.sm}; }
  .bar { background: ${(p) => p.theme.accent}; }
  .behind { background: ${(p) => p.theme.warning}; }
  .marker { width: 3px; background: ${(p) => p.theme.text}; }
`;

const RiskList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${SPACE.sm};
  li { display: grid; gap: 2px; padding: ${SPACE.sm} 0; border-bottom: 1px solid ${(p) => p.theme.border}; }
  li:last-child { border-bottom: 0; }
  .reasons { display: flex; gap: ${SPACE.xs}; }
`;
