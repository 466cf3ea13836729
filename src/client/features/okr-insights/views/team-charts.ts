import { area, axisBottom, axisLeft, line, max, scaleBand, scaleLinear, select, type ScaleLinear } from "d3";
import type { TeamFigures, WeekCount } from "../../../../contracts/okr-insights";

/**
 * The team analytics charts, drawn with d3 into an svg the view owns (idempotent: called again for
 * new figures, a new width or the other theme): progress per unit as bars with the expected line
 * as a marker, and check-ins per week as a small area. Geometry is pure and tested without a DOM.
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export interface ChartColours {
  readonly bar: string;
  readonly behind: string;
  readonly marker: string;
  readonly text: string;
  readonly grid: string;
}

export interface ProgressBar {
  readonly key: string;
  readonly name: string;
  readonly y: number;
  readonly height: number;
  /** Bar end (0 for no progress yet). */
  readonly width: number;
  /** The expected progress marker's x. */
  readonly expectedX: number;
  readonly progress: number | null;
  readonly expected: number | null;
  readonly behind: boolean;
}

export const BAR_LABEL_WIDTH = 140;
const BAR_ROW = 30;

/** Bars for the units with objectives, 0–100 % across `width`. */
export function progressBars(teams: readonly TeamFigures[], width: number): { bars: ProgressBar[]; height: number; x: ScaleLinear<number, number> } {
  const shown = teams.filter((team) => team.objectives > 0);
  const height = Math.max(1, shown.length) * BAR_ROW + 24;
  const x = scaleLinear().domain([0, 100]).range([BAR_LABEL_WIDTH, Math.max(BAR_LABEL_WIDTH + 40, width - 16)]);
  const y = scaleBand<string>()
    .domain(shown.map((team) => team.key))
    .range([0, shown.length * BAR_ROW])
    .padding(0.3);
  return {
    height,
    x,
    bars: shown.map((team) => ({
      key: team.key,
      name: team.name,
      y: y(team.key) ?? 0,
      height: y.bandwidth(),
      width: Math.max(0, x(team.averageProgress ?? 0) - BAR_LABEL_WIDTH),
      expectedX: x(team.expectedProgress ?? 0),
      progress: team.averageProgress,
      expected: team.expectedProgress,
      behind: team.averageProgress !== null && team.expectedProgress !== null && team.averageProgress < team.expectedProgress,
    })),
  };
}

export function drawProgressBars(svg: SVGSVGElement, teams: readonly TeamFigures[], width: number, colours: ChartColours) {
  const { bars, height, x } = progressBars(teams, width);
  const root = select(svg).attr("width", width).attr("height", height).attr("viewBox", `0 0 ${width} ${height}`);
  const plotHeight = height - 24;
  root
    .selectAll<SVGGElement, null>("g.axis")
    .data([null])
    .join("g")
    .attr("class", "axis")
    .attr("transform", `translate(0, ${plotHeight})`)
    .call(axisBottom(x).ticks(5).tickFormat((value) => `${value} %`))
    .call((axis) => axis.selectAll("text").attr("fill", colours.text))
    .call((axis) => axis.selectAll("line, path").attr("stroke", colours.grid));
  const rows = root
    .selectAll<SVGGElement, ProgressBar>("g.team")
    .data(bars, (bar) => bar.key)
    .join("g")
    .attr("class", "team");
  rows
    .selectAll<SVGTextElement, ProgressBar>("text.name")
    .data((bar) => [bar])
    .join("text")
    .attr("class", "name")
    .attr("x", BAR_LABEL_WIDTH - 8)
    .attr("y", (bar) => bar.y + bar.height / 2)
    .attr("dy", "0.35em")
    .attr("text-anchor", "end")
    .attr("fill", colours.text)
    .attr("font-size", 12)
    .text((bar) => (bar.name.length > 20 ? `${bar.name.slice(0, 19)}…` : bar.name));
  rows
    .selectAll<SVGRectElement, ProgressBar>("rect.track")
    .data((bar) => [bar])
    .join("rect")
    .attr("class", "track")
    .attr("x", BAR_LABEL_WIDTH)
    .attr("y", (bar) => bar.y)
    .attr("width", x(100) - BAR_LABEL_WIDTH)
    .attr("height", (bar) => bar.height)
    .attr("fill", colours.grid)
    .attr("opacity", 0.35);
  rows
    .selectAll<SVGRectElement, ProgressBar>("rect.bar")
    .data((bar) => [bar])
    .join("rect")
    .attr("class", "bar")
    .attr("x", BAR_LABEL_WIDTH)
    .attr("y", (bar) => bar.y)
    .attr("width", (bar) => bar.width)
    .attr("height", (bar) => bar.height)
    .attr("rx", 2)
    .attr("fill", (bar) => (bar.behind ? colours.behind : colours.bar));
  rows
    .selectAll<SVGLineElement, ProgressBar>("line.expected")
    .data((bar) => (bar.expected === null ? [] : [bar]))
    .join("line")
    .attr("class", "expected")
    .attr("x1", (bar) => bar.expectedX)
    .attr("x2", (bar) => bar.expectedX)
    .attr("y1", (bar) => bar.y - 4)
    .attr("y2", (bar) => bar.y + bar.height + 4)
    .attr("stroke", colours.marker)
    .attr("stroke-width", 2.5);
}

/** The check-ins per week as an area over `width` × `height` (a path each for the area and its top line). */
export function weeklyArea(weeks: readonly WeekCount[], width: number, height: number, inset = { left: 32, bottom: 20, top: 8, right: 24 }) {
  const x = scaleLinear()
    .domain([0, Math.max(1, weeks.length - 1)])
    .range([inset.left, width - inset.right]);
  const y = scaleLinear()
    .domain([0, Math.max(1, max(weeks, (week) => week.checkIns) ?? 1)])
    .nice()
    .range([height - inset.bottom, inset.top]);
  const fill = area<WeekCount>()
    .x((_, index) => x(index))
    .y0(y(0))
    .y1((week) => y(week.checkIns))(weeks) ?? "";
  const top = line<WeekCount>()
    .x((_, index) => x(index))
    .y((week) => y(week.checkIns))(weeks) ?? "";
  return { fill, top, x, y };
}

export function drawWeeklyArea(svg: SVGSVGElement, weeks: readonly WeekCount[], width: number, height: number, colours: ChartColours) {
  const { fill, top, x, y } = weeklyArea(weeks, width, height);
  const root = select(svg).attr("width", width).attr("height", height).attr("viewBox", `0 0 ${width} ${height}`);
  root.selectAll<SVGPathElement, string>("path.fill").data([fill]).join("path").attr("class", "fill").attr("d", (d) => d).attr("fill", colours.bar).attr("opacity", 0.25);
  root.selectAll<SVGPathElement, string>("path.top").data([top]).join("path").attr("class", "top").attr("d", (d) => d).attr("fill", "none").attr("stroke", colours.bar).attr("stroke-width", 2);
  const every = Math.max(1, Math.ceil(weeks.length / 6));
  root
    .selectAll<SVGGElement, null>("g.x-axis")
    .data([null])
    .join("g")
    .attr("class", "x-axis")
    .attr("transform", `translate(0, ${height - 20})`)
    .call(
      axisBottom(x)
        .tickValues(weeks.map((_, index) => index).filter((index) => index % every === 0))
        .tickFormat((index) => {
          const week = weeks[Number(index)];
          return week ? `${Number(week.weekStart.slice(8, 10))} ${MONTHS[Number(week.weekStart.slice(5, 7)) - 1]}` : "";
        }),
    )
    .call((axis) => axis.selectAll("text").attr("fill", colours.text))
    .call((axis) => axis.selectAll("line, path").attr("stroke", colours.grid));
  root
    .selectAll<SVGGElement, null>("g.y-axis")
    .data([null])
    .join("g")
    .attr("class", "y-axis")
    .attr("transform", "translate(32, 0)")
    .call(axisLeft(y).ticks(3).tickFormat((value) => String(value)))
    .call((axis) => axis.selectAll("text").attr("fill", colours.text))
    .call((axis) => axis.selectAll("line, path").attr("stroke", colours.grid));
}
