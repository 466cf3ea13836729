import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type SyntheticEvent } from "react";
import { styled, useTheme } from "styled-components";
import { categoryChartGeometry, drawCategoryChart, type CategorySeries } from "../../../charts/category-chart";
import { chartPalette } from "../../../ui/chart-palette";
import { VisuallyHidden } from "../../../ui/visually-hidden";
import { useElementWidth } from "../../kpis/views/chart/use-element-width";

export interface CategoryChartProps {
  readonly title: string;
  /** What the chart shows, in a sentence: its accessible name starts with it. */
  readonly summary: string;
  /** Short axis labels, one per category. */
  readonly categories: readonly string[];
  /** Full names for the tooltip and the table (e.g. "Overdue: expected before 21 Nov 2026"); the labels when left out. */
  readonly categoryNames?: readonly string[];
  readonly bars: readonly CategorySeries[];
  readonly lines?: readonly CategorySeries[];
  /** Line series drawn dashed (a target), so colour is not the only difference. */
  readonly dashed?: readonly string[];
  /** Colour by series key. */
  readonly colours: Readonly<Record<string, string>>;
  /** A value as the tooltip and the table show it. */
  readonly format: (value: number) => string;
  /** A value-axis tick; `format` when left out. */
  readonly formatTick?: (value: number) => string;
  /** More lines for a category's tooltip and table row (a conversion rate). */
  readonly details?: (index: number) => readonly string[];
  readonly detailsHeader?: string;
  readonly height?: number;
  /** The top of the value axis when the values have a natural one (shares: 100). */
  readonly maxValue?: number;
}

const DEFAULT_WIDTH = 560;

/**
 * A d3 chart of categories for the warehouse screens: stacked bars and lines with a legend.
 * Hovering a category, or focusing the chart and moving with the arrow keys, shows its values in a
 * tooltip; the svg's accessible name summarizes the chart, and a visually hidden table holds every
 * value (the house style of the KPI charts).
 */
export function CategoryChart({ title, summary, categories, categoryNames = categories, bars, lines = [], dashed = [], colours, format, formatTick = format, details, detailsHeader = "Details", height = 260, maxValue }: CategoryChartProps) {
  const theme = useTheme();
  const palette = useMemo(() => chartPalette(theme), [theme]);
  const containerRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const width = useElementWidth(containerRef, DEFAULT_WIDTH);
  const [active, setActive] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const tooltipId = useId();
  const series = [...bars, ...lines];
  const geometry = useMemo(() => categoryChartGeometry({ categories, bars, lines, width, height, formatTick, ...(maxValue !== undefined ? { maxValue } : {}) }), [categories, bars, lines, width, height, formatTick, maxValue]);
  const activeIndex = active !== null && active < categories.length ? active : null;

  useLayoutEffect(() => {
    if (svgRef.current) drawCategoryChart(svgRef.current, geometry, { series: colours, axis: palette.axis, grid: palette.grid, highlight: palette.highlight, surface: palette.surface }, { width, height }, activeIndex, new Set(dashed));
  }, [geometry, colours, palette, width, height, activeIndex, dashed]);

  const valuesOf = (index: number) => series.map((item) => ({ key: item.key, label: item.label, value: item.values[index] ?? null }));
  const describe = (index: number) => `${categoryNames[index]}: ${[...valuesOf(index).map((item) => `${item.label} ${item.value === null ? "none" : format(item.value)}`), ...(details?.(index) ?? [])].join(", ")}.`;
  const moveTo = (index: number) => {
    const bounded = Math.min(Math.max(index, 0), categories.length - 1);
    setActive(bounded);
    setAnnouncement(describe(bounded));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const current = activeIndex ?? 0;
    const target = { ArrowRight: current + 1, ArrowDown: current + 1, ArrowLeft: current - 1, ArrowUp: current - 1, Home: 0, End: categories.length - 1 }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      moveTo(target);
    } else if (event.key === "Escape") setActive(null);
  };
  const pointAt = (event: SyntheticEvent) => {
    const index = event.target instanceof Element ? event.target.closest("[data-index]")?.getAttribute("data-index") : null;
    if (index !== null && index !== undefined) setActive(Number(index));
  };
  const band = activeIndex === null ? undefined : geometry.bands[activeIndex];

  return (
    <Figure>
      <figcaption>
        <span className="title">{title}</span>
        <Legend aria-label={`${title}: series`}>
          {series.map((item) => (
            <li key={item.key}>
              <Swatch colour={colours[item.key] ?? palette.axis} line={lines.includes(item)} dashed={dashed.includes(item.key)} />
              {item.label}
            </li>
          ))}
        </Legend>
      </figcaption>
      <Plot ref={containerRef} style={{ height }}>
        <svg
          ref={svgRef}
          role="img"
          tabIndex={0}
          aria-label={`${summary} Use the arrow keys to read each ${categories.length === 1 ? "value" : "category"}.`}
          aria-describedby={band ? tooltipId : undefined}
          onMouseMove={pointAt}
          onClick={pointAt}
          onMouseLeave={() => setActive(null)}
          onFocus={() => moveTo(activeIndex ?? 0)}
          onBlur={() => setActive(null)}
          onKeyDown={onKeyDown}
        />
        {band && activeIndex !== null ? (
          <Tooltip id={tooltipId} role="tooltip" style={{ left: Math.min(Math.max(band.center, 110), width - 110), top: Math.max(band.top - 8, 0) }}>
            <strong>{categoryNames[activeIndex]}</strong>
            <dl>
              {valuesOf(activeIndex).map((item) => (
                <div key={item.key}>
                  <dt>
                    <Swatch colour={colours[item.key] ?? palette.axis} line={lines.some((candidate) => candidate.key === item.key)} dashed={dashed.includes(item.key)} />
                    {item.label}
                  </dt>
                  <dd>{item.value === null ? "–" : format(item.value)}</dd>
                </div>
              ))}
            </dl>
            {details?.(activeIndex).map((line) => <span key={line}>{line}</span>)}
          </Tooltip>
        ) : null}
      </Plot>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      <VisuallyHidden as="div">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              {series.map((item) => (
                <th key={item.key} scope="col">
                  {item.label}
                </th>
              ))}
              {details ? <th scope="col">{detailsHeader}</th> : null}
            </tr>
          </thead>
          <tbody>
            {categories.map((_, index) => (
              <tr key={index}>
                <th scope="row">{categoryNames[index]}</th>
                {valuesOf(index).map((item) => (
                  <td key={item.key}>{item.value === null ? "–" : format(item.value)}</td>
                ))}
                {details ? <td>{details(index).join("; ")}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Figure>
  );
}

/** A small picture of a series' mark: a block for bars, a stroke for lines (dashed where the line is). */
function Swatch({ colour, line, dashed }: { colour: string; line: boolean; dashed: boolean }) {
  return (
    <svg width="18" height="10" aria-hidden="true" focusable="false">
      {line ? <line x1="1" x2="17" y1="5" y2="5" stroke={colour} strokeWidth={2.5} strokeDasharray={dashed ? "5 3" : undefined} /> : <rect x="3" y="0" width="12" height="10" rx="1.5" fill={colour} />}
    </svg>
  );
}

const Figure = styled.figure`
  margin: 0;
  display: grid;
  gap: 8px;
  min-width: 0;
  figcaption { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 8px; }
  .title { font-weight: 600; }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: 13px;
  color: ${(p) => p.theme.textMuted};
  li { display: inline-flex; align-items: center; gap: 6px; }
`;

const Plot = styled.div`
  position: relative;
  width: 100%;
  svg { display: block; }
  svg:focus-visible { outline: 2px solid ${(p) => p.theme.focus}; outline-offset: -2px; }
`;

const Tooltip = styled.div`
  position: absolute;
  transform: translate(-50%, -100%);
  z-index: 20;
  pointer-events: none;
  min-width: 180px;
  max-width: 260px;
  padding: 8px 10px;
  border-radius: 8px;
  border: 1px solid ${(p) => p.theme.border};
  background: ${(p) => p.theme.surfaceRaised};
  color: ${(p) => p.theme.text};
  box-shadow: ${(p) => p.theme.shadowOverlay};
  font-size: 13px;
  display: grid;
  gap: 2px;
  dl { margin: 4px 0 0; display: grid; gap: 3px; }
  dl > div { display: flex; justify-content: space-between; gap: 16px; }
  dt { white-space: nowrap; display: inline-flex; align-items: center; gap: 6px; color: ${(p) => p.theme.textMuted}; }
  dd { margin: 0; font-variant-numeric: tabular-nums; text-align: right; }
  span { color: ${(p) => p.theme.textMuted}; }
`;
